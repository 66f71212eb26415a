/*
 * After a sign-up, home says where the link to confirm the address went, until the student
 * closes that notice. The address travels from /join to home in session storage, as the
 * sign-up's toasts do (signed-up-note.ts): this tab only, gone when it closes, and the full
 * address stays on this device so "Didn't get it?" can ask for a new link for it.
 */
export const checkEmailKey = "ysp:check-email";

export function noteCheckEmail(email: string): void {
  try {
    window.sessionStorage.setItem(checkEmailKey, email);
  } catch {
    // Storage is off: the toasts still say the account was made, and the message still comes.
  }
}

/**
 * The address a sign-up in this tab sent its link to, until the notice is closed.
 * Self-contained and ES2015 (see inline-scripts.tsx): home's inline script carries it.
 */
export function readCheckEmailNote(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function dismissCheckEmailNote(): void {
  try {
    window.sessionStorage.removeItem(checkEmailKey);
  } catch {
    // Storage is off: there was no note to remove.
  }
}
