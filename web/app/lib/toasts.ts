import { useSyncExternalStore } from "react";
import { announce } from "./announcements.ts";

type ToastLibrary = typeof import("../components/toaster.tsx");

/*
 * The toast library is fetched on first use, not with the page: it is about
 * 7 KB compressed that a visitor who never submits a form would pay for.
 */
let loaded: ToastLibrary | undefined;
let loading: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<ToastLibrary> {
  loading ??= import("../components/toaster.tsx").then(
    (library) => {
      loaded = library;
      for (const listener of listeners) listener();
      return library;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the toast library; call it when a request whose answer needs a toast is sent. */
export function prepareToasts(): void {
  // A failed early fetch is not lost: showToast fetches again and has an answer if that fails too.
  load().catch(() => undefined);
}

export async function showToast(kind: "success" | "error", message: string): Promise<void> {
  let library: ToastLibrary;
  try {
    library = await load();
  } catch {
    // The connection dropped before the library arrived; the message still has to reach the user.
    window.alert(message);
    return;
  }
  announce(message);
  library.showOnScreen(kind, message);
}

/**
 * Takes every toast off the screen: a success must not arrive beside the errors of the tries
 * before it (after two refusals, a red toast would outlive the green ones on home).
 */
export function clearToasts(): void {
  loaded?.clearScreen();
}

/** The toast library once it has arrived, for the component that shows the toasts. */
export function useToastLibrary(): ToastLibrary | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => undefined,
  );
}
