import { linkLifetimes } from "./account.ts";

/**
 * What the pages a mailed link opens and the API both say: apart from account.ts, whose pages
 * and slots the sign-up page's script carries, so that script carries none of these sentences.
 */

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
