import * as z from "zod/mini";
import {
  allControlCharacters,
  apiMessages,
  emailBody,
  inviteCodeField,
  loginEmail,
  newPassword,
  password,
  personName,
  ruled,
  signupFields,
  text,
} from "./api.ts";
import { linkProblems } from "./link-messages.ts";
import { type SourceField, sourceFormatMessage, sourceRule } from "./sign-up-source.ts";
import { signupMessages } from "./signup.ts";
import { betweenSpaces, type TextRule, textRule } from "./text.ts";

/**
 * The bodies of the operations the sign-up page never sends (login, refresh, the app's Google
 * sign-in, the newsletter, a mailed link's token), apart from api.ts, which the sign-up form's bundle carries: with
 * `sideEffects: false`, a page's bundle then carries none of these schemas.
 */

/** A field the sign-up page writes from where the student came from (sign-up-source.ts). */
const sourceField = (name: SourceField) =>
  ruled(
    text(name).check(
      z.refine(sourceRule.keeps, sourceFormatMessage(name)),
      z.overwrite((v) => v.toLowerCase()),
    ),
    sourceRule,
  );

/**
 * The sign-up as any client sends it: the fields of the spec's payload, and where the student
 * came from when the sign-up page knew (optional; the app sends none).
 */
export const signupBodySchema = z.object({
  ...signupFields,
  user_type: z.literal("STUDENT", { error: apiMessages.userType }),
  referral_code: z.optional(z.nullable(inviteCodeField)),
  utm_source: z.optional(sourceField("utm_source")),
  utm_medium: z.optional(sourceField("utm_medium")),
  utm_campaign: z.optional(sourceField("utm_campaign")),
  referrer: z.optional(sourceField("referrer")),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: loginEmail,
  password,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const refreshRule = textRule({
  maxLength: 4096,
  description: "The refresh token last given by logIn or refreshSession.",
});

export const refreshBodySchema = z.object({
  refresh: ruled(
    text("Refresh token").check(
      z.refine((v) => !refreshRule.tooLong(v), "Refresh token is too long"),
    ),
    refreshRule,
  ),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

const idTokenRule = textRule({
  maxLength: 8192,
  description:
    "The ID token the app's own Google sign-in gave: a signed JWT, three base64url parts.",
  pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
});

/** The app's "Continue with Google": the ID token Google gave it, and a new account's terms. */
export const googleLoginBodySchema = z.object({
  id_token: ruled(
    text("ID token").check(z.refine(idTokenRule.matches, "ID token is not a signed JWT")),
    idTokenRule,
  ),
  /** A new account is made only when the student has agreed to the Terms and Privacy Policy. */
  accept_terms: z.optional(z.boolean()),
  referral_code: z.optional(z.nullable(inviteCodeField)),
  /**
   * The name the student typed when the names rule refused Google's (name_refused): a new
   * account takes these, both or neither, instead of Google's.
   */
  first_name: z.optional(personName("First name", signupMessages.first_name)),
  last_name: z.optional(personName("Last name", signupMessages.last_name)),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

export const newsletterBodySchema = z.object({
  email: emailBody,
  // Where the form was: kept for the record, so stray characters are dropped rather than refused.
  source: z.optional(
    z.nullable(
      text("Source").check(
        z.overwrite((v) => [...v.replace(allControlCharacters, "")].slice(0, 200).join("")),
      ),
    ),
  ),
});
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;

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
