import * as z from "zod/mini";
import { emailBody, googleLinkLifetime, newPassword, ruled, text } from "./api.ts";
import { betweenSpaces, type TextRule, textRule } from "./text.ts";

/**
 * E-mail verification and password reset: the pages a link in a message
 * opens, the bodies the API takes and the sentences both show.
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

export const accountMessages = {
  emailConfirmed: "Your email is confirmed",
  verifyLinkSent:
    "If an account with this email is waiting to be confirmed, we've sent it a new link. Check your inbox and your spam folder.",
  resetLinkSent: `If an account uses this email, we've sent it a link to reset your password. The link works for ${linkLifetimes.resetPassword.words}. Check your inbox and your spam folder.`,
  passwordChanged: "Your password was changed. Log in to the app with your new password.",
} as const;

/** Why a link from a message was refused: `code` in the API's error shape, and its sentence. */
export const linkProblems = {
  link_expired: "This link has expired. Please ask for a new one.",
  link_used: "This link has already been used. Please ask for a new one if you still need it.",
  link_replaced:
    "This link was replaced by a newer one. Please use the link in the newest email, or ask for a new one.",
  link_invalid:
    "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.",
} as const;
export type LinkProblem = keyof typeof linkProblems;

/** A mailed link's token: an HMAC-SHA256 in base64url, 43 characters (api/src/mail/link-tokens.ts). */
export const linkTokenShape = "[A-Za-z0-9_-]{43}";
/** A subscription's id, as an unsubscribe token starts: a UUID as PostgreSQL writes it. */
export const subscriptionIdShape = "[0-9a-f-]{36}";

/** A token field as sent: its shape, with any spaces around it that trimming removes. */
const tokenField = (rule: TextRule) =>
  ruled(
    text("Token", linkProblems.link_invalid).check(
      z.refine(rule.keeps, linkProblems.link_invalid),
      z.overwrite((v) => v.trim()),
    ),
    rule,
  );

export const linkToken = tokenField(
  textRule({
    pattern: betweenSpaces(linkTokenShape),
    description: "The token from the link in the email: 43 characters of base64url.",
  }),
);

/** A body that is a link's token alone: confirming an address, a subscription, opening one's data. */
export const tokenBodySchema = z.object({ token: linkToken });
export type TokenBody = z.infer<typeof tokenBodySchema>;

/** An unsubscribe link's token: the subscription's id, a dot, and its HMAC (api/src/accounts/newsletter.ts). */
export const unsubscribeTokenBodySchema = z.object({
  token: tokenField(
    textRule({
      pattern: betweenSpaces(`${subscriptionIdShape}\\.${linkTokenShape}`),
      description:
        "The token from a newsletter's unsubscribe link: the subscription's id, a dot, and 43 characters of base64url.",
    }),
  ),
});

/** The resend and forgot-password requests: an address, answered the same whether or not it has an account. */
export const emailOnlyBodySchema = z.object({ email: emailBody });
export type EmailOnlyBody = z.infer<typeof emailOnlyBodySchema>;

export const passwordResetConfirmBodySchema = z.object({ token: linkToken, password: newPassword });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;
