import toast, { resolveValue, useToaster } from "react-hot-toast/headless";

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
 * docs/spec.md §8: error red, success teal; the library's store gives 4000/2000 ms, at most 20
 * toasts, and a second to leave. Drawn in the page's flow where the page puts them (under the
 * sign-up's Continue), never over it: fixed to the screen at 360 px, a refusal's toast lies over
 * the very field it is about once focus has scrolled that field up. Oldest on top, so two toasts
 * shown together read in the order they were sent.
 */
export function Toaster() {
  const { toasts } = useToaster();
  return (
    <div className="toast-list">
      {[...toasts].reverse().map((shown) => (
        <div
          key={shown.id}
          className={`toast toast-${shown.type}${shown.visible ? "" : " toast-leaving"}`}
        >
          <div {...shown.ariaProps}>{resolveValue(shown.message, shown)}</div>
        </div>
      ))}
    </div>
  );
}
