import * as z from "zod/mini";
import { emailBody, password } from "./api.ts";

/**
 * A mistyped address put right by the browser that made the account, before the address is
 * confirmed: the account is the one the sign-up named in an HttpOnly cookie, proved with its
 * password; the link to confirm goes to the new address and the old one is told nothing (a
 * typo such as ada@gmial.com is someone else's mailbox). The same cookie asks for the link
 * again without the address being typed twice. How long a browser may, the body the API takes
 * and the sentences it answers with.
 */
export const signupCorrectionLifetime = { seconds: 24 * 3600, words: "a day" } as const;

export const signupCorrectionMessages = {
  corrected:
    "Your email is corrected. We've sent a new link to it: open it to confirm your address.",
  /** No cookie, one past its day, or its account gone: the way left is /change-email. */
  unknown:
    "This browser no longer knows which account you made. Change your email with your account's email and password instead.",
  /** The same, for "Didn't get it?": the way left is a new link asked for by address. */
  unknownForLink:
    "This browser no longer knows which account you made. Get a new link with your account's email instead.",
  confirmed:
    "Your email is already confirmed, so it was typed right. To use another one, change your email.",
  wrongPassword: "This is not your account's password",
} as const;

/**
 * The parts of the pages the server shows or hides for the browser that signed up, by id: as
 * built, a page is the one for everyone (nothing to correct here; a new link asked for by
 * address), and the server turns it into this browser's.
 */
export const signupCookieParts = {
  /** /correct-email: the account's address and the form, and the words for everyone else. */
  correctKnown: "correct-email-known",
  correctForm: "correct-email-form",
  correctNone: "correct-email-none",
  /** /signed-up's "Didn't get it?": by address for everyone, by this browser's account here. */
  newLinkByAddress: "new-link-by-address",
  newLinkHere: "new-link-here",
} as const;

/** POST /api/v1/auth/signup/email/: the password, then the address as it should have been. */
export const correctSignupEmailBodySchema = z.object({ password, new_email: emailBody });
export type CorrectSignupEmailBody = z.infer<typeof correctSignupEmailBodySchema>;
