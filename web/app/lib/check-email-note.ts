/*
 * After a sign-up, home says where the link to confirm the address went, until the student
 * closes that notice. The address travels from /join to home in session storage, as the
 * sign-up's toasts do (signed-up-note.ts): this tab only, gone when it closes, and the full
 * address stays on this device so "Didn't get it?" can ask for a new link for it.
 */
const key = "ysp:check-email";

export function noteCheckEmail(email: string): void {
  try {
    window.sessionStorage.setItem(key, email);
  } catch {
    // Storage is off: the toasts still say the account was made, and the message still comes.
  }
}

/** The address a sign-up in this tab sent its link to, until the notice is closed. */
export function readCheckEmailNote(): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function dismissCheckEmailNote(): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage is off: there was no note to remove.
  }
}
