import { MemoryStorage } from "./memory-storage.ts";
import type { SessionStores } from "./session.ts";

let inMemory: SessionStores | undefined;

/**
 * The browser's session and local storage. Where a student has blocked site
 * data, merely reading `window.sessionStorage` throws; the session then lives
 * in memory for as long as the page does, so signing up still works.
 */
export function browserStores(): SessionStores {
  try {
    return { session: window.sessionStorage, local: window.localStorage };
  } catch {
    inMemory ??= { session: new MemoryStorage(), local: new MemoryStorage() };
    return inMemory;
  }
}
