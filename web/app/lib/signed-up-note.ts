/*
 * After a sign-up the student is taken home by a full page load: home ships no framework
 * (docs/spec.md §8's toasts are drawn there by its inline script, greet-new-student.tsx). The
 * sign-up's message crosses that load as a note in session storage; if the way home fails, the
 * sign-up page, loaded again, finds the note and says it instead.
 */
export const signedUpNote = {
  key: "ysp:signed-up",
  /** The way home follows within seconds; an older note was left by a way home that went elsewhere. */
  freshForMs: 60_000,
} as const;

/** docs/spec.md §8: the server's message with a thumbs-up, then how to go on. Self-contained: home's inline script carries it. */
export const signedUpToasts = (message: string, followUp: string): readonly [string, string] => [
  `${message} 👍`,
  followUp,
];

/** Leaves the note: false when storage is off (a private window on an old browser, blocked site data). */
export function noteSignedUp(message: string): boolean {
  try {
    window.sessionStorage.setItem(signedUpNote.key, JSON.stringify({ message, at: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The message of a sign-up in the last `freshForMs`, if it left a note; taken, so it is shown
 * once. Self-contained and ES2015 (see inline-scripts.tsx): home's inline script carries it.
 */
export function takeNote(key: string, freshForMs: number): string | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
  } catch {
    return null;
  }
  let note: unknown;
  try {
    note = JSON.parse(raw || "null");
  } catch {
    // Not a note this site wrote: nothing to show.
    return null;
  }
  if (typeof note !== "object" || note === null) return null;
  const { message, at } = note as { message?: unknown; at?: unknown };
  const fresh = typeof at === "number" && Date.now() - at < freshForMs;
  return typeof message === "string" && fresh ? message : null;
}

export const takeSignedUpNote = () => takeNote(signedUpNote.key, signedUpNote.freshForMs);
