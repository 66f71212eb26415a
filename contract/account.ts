import { googleLinkLifetime } from "./api.ts";

/**
 * E-mail verification and password reset: the pages a link in a message
 * opens and the sentences both show; the bodies the API takes are in api-bodies.ts.
 */

/** The pages, and the name of the query parameter that carries a link's token. */
export const accountPages = {
  join: "/join",
  /** Where a sign-up posted without a script is sent (303) once the account is made. */
  signedUp: "/signed-up",
  /** Where the browser that signed up puts a mistyped address right (signup-correction.ts). */
  correctEmail: "/correct-email",
  verifyEmail: "/verify-email",
  emailConfirmed: "/email-confirmed",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
} as const;
export const linkTokenParameter = "token";
/**
 * The element of /signed-up (and of /correct-email) that names the address the link went to:
 * "your email" as built, the address masked ("a•••@example.ng") when the server writes the page
 * for the browser that signed up.
 */
export const signedUpAddressSlot = "sent-to";
/**
 * The elements of the sign-up page the server shows for an invite code no student has (each an
 * element's id, hidden as built): the note under the invite field, and "Continue without an
 * invite code".
 */
export const joinSlots = {
  inviteUnknown: "invite-unknown",
  inviteWithout: "invite-without",
  /** "Continue with Google", built hidden: shown by the server only where it is configured. */
  google: "google-sign-in",
} as const;

/** The address of "Continue with Google" (api/src/routes/google.ts), and what its link says. */
export const googleSignIn = {
  path: "/login/google",
  /** Where the provider sends the browser back: PUBLIC_URL + this is the client's redirect URI. */
  callback: "/login/google/callback",
  /** The link on /join, whose address the server writes an invite link's code into. */
  linkId: "google-sign-in-link",
  /** What shows instead of the link in an app's own browser (Instagram, Facebook, Messenger). */
  inAppId: "google-sign-in-in-app",
  /** The consent sentence above the button is agreed to by pressing it, as the form's is. */
  terms: { name: "terms", value: "accepted" },
  invite: "invite",
  /**
   * Where the link in "Add Google sign-in to your YSP account?" leads: a tap adds the Google
   * account to the YSP account that already had its address.
   */
  linkPage: "/login/google/link",
  linkLifetime: googleLinkLifetime,
  /**
   * How long one sign-in may take, from the button to the callback, and a sign-up waits there
   * for a name: the sign-in cookie's life, and the waiting sign-up's token's.
   */
  signInLifetime: { seconds: 600 },
  /**
   * Where a Google sign-up whose names the names rule refuses asks for a name instead: its form
   * posts to this address, and the account is made with what the student typed.
   */
  namePage: "/login/google/name",
} as const;

/** The button's address, carrying the invite code of the page's link, if any. */
export function googleSignInHref(inviteCode?: string): string {
  const query = new URLSearchParams({ [googleSignIn.terms.name]: googleSignIn.terms.value });
  if (inviteCode) query.set(googleSignIn.invite, inviteCode);
  return `${googleSignIn.path}?${query}`;
}

/** How long each link works, in words and in seconds: the message, the page and the API agree. */
export const linkLifetimes = {
  verifyEmail: { seconds: 48 * 3600, words: "48 hours" },
  resetPassword: { seconds: 30 * 60, words: "30 minutes" },
} as const;
