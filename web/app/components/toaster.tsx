import toast, { Toaster as LibraryToaster } from "react-hot-toast";

/**
 * Screen readers get each message from the page's own live region (lib/announcements.ts), so the
 * toast itself is not a live region: it would be read twice where it is read at all.
 */
export function showOnScreen(kind: "success" | "error", message: string): void {
  toast[kind](message, { ariaProps: { role: "status", "aria-live": "off" } });
}

/** Takes every toast off the screen at once, without the second each needs to leave. */
export function clearScreen(): void {
  toast.remove();
}

/**
 * Below the header (64 px and its 1 px border), so toasts never cover the logo, the menu
 * button or the skip link at 360 px; the library's own inset is 16 px from the top.
 */
const belowHeader = { top: 73 };

/**
 * docs/spec.md §8: error red, success teal; the library's defaults give 4000/2000 ms and at most
 * 20 toasts. Oldest on top, so two toasts shown together read in the order they were sent.
 */
export function Toaster() {
  return (
    <LibraryToaster
      position="top-center"
      reverseOrder
      containerStyle={belowHeader}
      toastOptions={{
        className: "toast",
        success: { className: "toast toast-success" },
        error: { className: "toast toast-error" },
      }}
    />
  );
}
