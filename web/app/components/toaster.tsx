import toast, { Toaster as LibraryToaster } from "react-hot-toast";

/**
 * Screen readers get each message from the page's own live region (lib/announcements.ts), so the
 * toast itself is not a live region: it would be read twice where it is read at all.
 */
export function showOnScreen(kind: "success" | "error", message: string): void {
  toast[kind](message, { ariaProps: { role: "status", "aria-live": "off" } });
}

/** docs/spec.md §8: error red, success teal; the library's defaults give 4000/2000 ms and at most 20 toasts. */
export function Toaster() {
  return (
    <LibraryToaster
      position="top-center"
      toastOptions={{
        className: "toast",
        success: { className: "toast toast-success" },
        error: { className: "toast toast-error" },
      }}
    />
  );
}
