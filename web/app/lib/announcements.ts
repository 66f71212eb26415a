import { useSyncExternalStore } from "react";

export type Announcement = { id: number; text: string };

/*
 * Screen readers read a live region's changes only when the region was already
 * on the page: a toast arrives as a new element with its text inside, which
 * several of them skip. Toast texts are therefore also added here, to one
 * region that every hydrated page carries from its first HTML.
 */
const keptFor = 10_000;

const none: readonly Announcement[] = [];
let announcements = none;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Announcement[]): void {
  announcements = next;
  for (const listener of listeners) listener();
}

/** Adds a message for screen readers; it leaves the region once they have had time to read it. */
export function announce(text: string): void {
  const id = nextId++;
  publish([...announcements, { id, text }]);
  setTimeout(() => publish(announcements.filter((item) => item.id !== id)), keptFor);
}

export function useAnnouncements(): readonly Announcement[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => announcements,
    () => none,
  );
}
