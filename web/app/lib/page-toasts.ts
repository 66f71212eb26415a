/*
 * Toasts on a page without framework JavaScript (home, /login): the same look and times as the
 * React pages' toast library (components/toaster.tsx), drawn with a few DOM calls. Home's inline
 * script shows a sign-up's toasts with it.
 */

/**
 * docs/spec.md §8: success 2000 ms, error 4000 ms, at most 20 at once. Then a second to leave,
 * as the library takes; screen readers keep each line 10 s (announcements.ts).
 */
export const toastTimings = {
  successMs: 2000,
  errorMs: 4000,
  leavingMs: 1000,
  readForMs: 10_000,
  most: 20,
} as const;

/**
 * Shows `message` in the page's `#page-toasts`, oldest on top, and reads it out from the
 * `#announcements` live region that was on the page from its first HTML (a toast is a new
 * element, and several screen readers skip a live region added with its text). Self-contained
 * and ES2015 (see inline-scripts.tsx): home's inline script carries it as its own source.
 */
export function showPageToast(
  kind: "success" | "error",
  message: string,
  timings: typeof toastTimings,
): void {
  const stack = document.getElementById("page-toasts");
  const region = document.getElementById("announcements");
  if (!stack || !region) return;
  const line = document.createElement("p");
  line.textContent = message;
  region.appendChild(line);
  setTimeout(() => line.remove(), timings.readForMs);

  const toast = document.createElement("div");
  toast.className = `toast toast-${kind}`;
  const text = document.createElement("div");
  // Read from the region above; a live region of its own would be read twice.
  text.setAttribute("role", "status");
  text.setAttribute("aria-live", "off");
  text.textContent = message;
  toast.appendChild(text);
  stack.appendChild(toast);
  while (stack.children.length > timings.most) (stack.firstElementChild as Element).remove();
  setTimeout(
    () => {
      toast.classList.add("toast-leaving");
      setTimeout(() => toast.remove(), timings.leavingMs);
    },
    kind === "success" ? timings.successMs : timings.errorMs,
  );
}
