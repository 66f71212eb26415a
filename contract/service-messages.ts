/**
 * What any operation may answer when the service, the line or the browser, not what was typed, is
 * the trouble: the app and the site's toasts show it, and a form posted without a script reads it
 * on its answer page.
 */
export const serviceMessages = {
  serverError: "Something went wrong on our side. Please try again in a moment.",
  stopping: "This server is restarting. Please try again in a few seconds.",
  unavailable: "We can't reach our records right now. Please try again in a few seconds.",
  tooSlow: "This took too long to reach us. Please check your connection and try again.",
  cookieTwice:
    "Your browser sent us two copies of one of our cookies. We cannot tell which one is yours, so we did nothing. Clear this site's cookies in your browser's settings, then try again.",
  tooManyAttempts: (ttlMs: number) =>
    `Too many attempts. Please wait ${waitWords(ttlMs / 1000)} and try again.`,
} as const;

/**
 * How long until something may happen, rounded up so it is never too soon: "42 seconds" under a
 * minute, "40 minutes" under an hour, then "1 hour", "5 hours" (never "3541 seconds").
 */
export function waitWords(seconds: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds < 60) return count(Math.max(1, Math.ceil(seconds)), "second");
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? count(minutes, "minute") : count(Math.ceil(minutes / 60), "hour");
}
