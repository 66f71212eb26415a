import * as z from "zod/mini";
import { emailBody, loginEmail, password } from "./api.ts";

/**
 * Changing the address an account logs in with: the new address confirms it by a link, and the
 * old one is told, with a link that puts it back. The pages, the links' lifetimes, the bodies the
 * API takes and the sentences it answers with.
 */
export const emailChangePages = {
  /** The form, for someone without the app at hand. */
  changeEmail: "/change-email",
  /** Where the link mailed to the new address leads: a tap confirms. */
  confirm: "/change-email/confirm",
  /** Where the link mailed to the old address leads: a tap puts it back. */
  undo: "/change-email/undo",
} as const;

export const emailChangeLifetimes = {
  confirm: { seconds: 48 * 3600, words: "48 hours" },
  undo: { seconds: 7 * 24 * 3600, words: "7 days" },
  /**
   * The reset an undo sends: its student is recovering from a theft, maybe from a borrowed phone,
   * and may not read the mail within a reset's usual 30 minutes.
   */
  resetAfterUndo: { seconds: 24 * 3600, words: "24 hours" },
} as const;

export const emailChangeMessages = {
  // The same whether or not the new address belongs to another account: the answer tells
  // nobody who has one (that account's owner is told by mail instead).
  asked: `We've sent a link to your new address. Open it within ${emailChangeLifetimes.confirm.words} to make it your login. Until then, log in with your current address.`,
  changed:
    "Your email is changed. Log in to the app with your new address. We've told your old address, with a way back.",
  undone:
    "Your old email is back. Whoever changed it knew your password, so it no longer works: we've sent your old address a link to choose a new one.",
  sameAddress: "This is already your email: enter a new one",
  /** Between the request and its link, another account took the address (or the old one). */
  taken: "Another account uses this email now, so it cannot be yours. Your email has not changed.",
} as const;

/** POST /api/v1/auth/email-change/ with a bearer token: the password, then the new address. */
export const emailChangeBodySchema = z.object({
  password,
  new_email: emailBody,
  /**
   * The address the account logs in with now, instead of a bearer token: the /change-email
   * page's form, from a browser where nobody is logged in. Checked with the password as a
   * login is.
   */
  email: z.optional(loginEmail),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;
