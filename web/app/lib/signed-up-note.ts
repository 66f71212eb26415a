/*
 * After a sign-up the student is taken home. If the home page's code fails to
 * arrive on a bad line, React Router loads the sign-up page again, empty, and
 * the toasts saying the account was made are gone with the old page. A note in
 * session storage outlives that reload, so the sign-up page can say it again.
 */
const key = "ysp:signed-up";

export function noteSignedUp(message: string): void {
  try {
    window.sessionStorage.setItem(key, message);
  } catch {
    // Storage is off (a private window on an old browser): the toasts already on screen are all there is.
  }
}

/** The note, if a sign-up left one, taken so it is shown once. */
export function takeSignedUpNote(): string | null {
  try {
    const message = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    return message;
  } catch {
    return null;
  }
}
