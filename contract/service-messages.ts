import { waitWords } from "./data-rights.ts";

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
