/*
 * After a sign-up the student is taken home. If the home page's code fails to
 * arrive on a bad line, React Router loads the sign-up page again, empty, and
 * the toasts saying the account was made are gone with the old page. A note in
 * session storage outlives that reload, so the sign-up page can say it again.
 */
const key = "ysp:signed-up";
/** That reload follows within seconds; an older note was left by a way home that went elsewhere. */
const freshForMs = 60_000;

export function noteSignedUp(message: string): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ message, at: Date.now() }));
  } catch {
    // Storage is off (a private window on an old browser): the toasts already on screen are all there is.
  }
}

/** The message of a sign-up in the last minute, if it left a note; taken, so it is shown once. */
export function takeSignedUpNote(): string | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  const note = parseNote(raw);
  const fresh = note !== null && Date.now() - note.at < freshForMs;
  return fresh ? note.message : null;
}

function parseNote(raw: string | null): { message: string; at: number } | null {
  try {
    const note: unknown = JSON.parse(raw ?? "null");
    if (typeof note !== "object" || note === null) return null;
    const { message, at } = note as { message?: unknown; at?: unknown };
    return typeof message === "string" && typeof at === "number" ? { message, at } : null;
  } catch {
    // Not a note this site wrote: nothing to show.
    return null;
  }
}
