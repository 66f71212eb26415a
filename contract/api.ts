import * as z from "zod/mini";
import {
  emailMessages,
  emailProblem,
  emailRule,
  loginEmailProblem,
  loginEmailRule,
  normalizeEmail,
} from "./email.ts";
import { nameProblem, nameRule, normalizeName } from "./names.ts";
import { type FieldErrors, type SignupForm, signupMessages, toSignupRequest } from "./signup.ts";
import { composed, type TextRule, textRule } from "./text.ts";

/** A new password's length; one to check is held to the maximum only. */
const passwordCharacters = { min: 8, max: 128 };

/**
 * What the API accepts, with a message for people on every rule. The sign-up form checks its
 * request with the API's own schema before it posts it (validateSignupForm), so the server
 * finds nothing the form has not said.
 */
export const apiMessages = {
  passwordShort: `Password must be at least ${passwordCharacters.min} characters`,
  passwordLong: `Password must be at most ${passwordCharacters.max} characters`,
  userType: "Only student accounts can be created here (user_type must be STUDENT)",
  referralFormat: "This invite link is not valid, but you can still sign up without an invite code",
  notString: (label: string) => `${label} must be text`,
} as const;

/** How long the link in "Add Google sign-in to your YSP account?" works. */
export const googleLinkLifetime = { seconds: 48 * 3600, words: "48 hours" } as const;

/** The auth routes' sentences: the sign-up form's toasts, and what the app shows from a login. */
export const authMessages = {
  created: "Account created successfully",
  emailTaken: "An account with this email already exists. Log in to the app instead.",
  inviteUnknown: apiMessages.referralFormat,
  badCredentials: "Incorrect email or password",
  sessionExpired: "Your session has expired. Please log in again.",
  notAuthenticated: "Please log in to continue.",
  busy: "We are receiving a lot of requests right now. Please try again in a few seconds.",
  googleRefused: "Google could not confirm who you are. Please try again.",
  googleOff: "Google sign-in is not available here. Please log in with your email and password.",
  termsRequired: "Please agree to the Terms of Service and Privacy Policy to make your account.",
  googleAddressTaken:
    "An account with this email already exists. Log in with its password, or choose a new one with Forgot password.",
  googleLinkSent: `An account with this email already exists. We've emailed it a link to add Google sign-in: tap it within ${googleLinkLifetime.words}, then continue with Google again.`,
  googleAddressNotProven:
    "Google did not confirm that this email address is yours. Please sign up with your email instead.",
  googleNameRefused:
    "The name on this Google account can't be used on YSP. Please type your name as you want it on your account.",
} as const;

// C0 and C1 control characters, which the newsletter's source drops.
export const allControlCharacters = /\p{Cc}/gu;

/** A string field; absent, it gets the field's "please enter" message. */
export const text = (label: string, missing = apiMessages.notString(label)) =>
  z.string({
    error: (issue) => (issue.input === undefined ? missing : apiMessages.notString(label)),
  });

/** A field whose JSON Schema (the API's document) carries its rule's keywords. */
export function ruled<T extends z.ZodMiniType>(schema: T, rule: TextRule): T {
  z.globalRegistry.add(schema, { ...rule.keywords });
  return schema;
}

/**
 * An email field checked by `problem` as sent (by `rule`'s keywords, with a message for each),
 * then kept as normalizeEmail makes it.
 */
const emailField = (rule: TextRule, problem: (raw: string) => string | null) =>
  ruled(
    text("Email", emailMessages.required).check(
      z.superRefine((v, ctx) => {
        const found = problem(v);
        if (found) ctx.addIssue(found);
      }),
      z.overwrite(normalizeEmail),
    ),
    rule,
  );

// The rule lives in email.ts, so the newsletter form checks exactly what the server does.
export const emailBody = emailField(emailRule, emailProblem);

/** Login's: any address an account may hold, those made before today's rule included. */
export const loginEmail = emailField(loginEmailRule, loginEmailProblem);

/** A new name, by the rule in names.ts, which the sign-up form checks too. */
export const personName = (label: string, required: string) =>
  ruled(
    text(label, required).check(
      z.superRefine((v, ctx) => {
        const problem = nameProblem(label, required, v);
        if (problem) ctx.addIssue(problem);
      }),
      z.overwrite(normalizeName),
    ),
    nameRule,
  );

/**
 * A password as sent, counted before it is composed, then composed. Not trimmed: spaces a
 * student typed are part of the password.
 */
const passwordField = (rule: TextRule) =>
  ruled(
    text("Password", signupMessages.password).check(
      z.refine((v) => v !== "", signupMessages.password),
      z.refine((v) => v === "" || !rule.tooShort(v), apiMessages.passwordShort),
      z.refine((v) => !rule.tooLong(v), apiMessages.passwordLong),
      z.overwrite(composed),
    ),
    rule,
  );

/** A password as a login takes it, any length a password may have. */
export const password = passwordField(
  textRule({
    minLength: 1,
    maxLength: passwordCharacters.max,
    description: "The password, as typed.",
  }),
);

export const newPassword = passwordField(
  textRule({
    minLength: passwordCharacters.min,
    maxLength: passwordCharacters.max,
    description: `${passwordCharacters.min} to ${passwordCharacters.max} characters, counted as sent (an emoji is one), spaces included: nothing is trimmed.`,
  }),
);

/**
 * An invite code as sent: at most 32 characters, and no control characters between the spaces
 * trimming removes. Kept trimmed and in upper case.
 */
const inviteCodeRule = textRule({
  maxLength: 32,
  description:
    "The invite code in the link the student followed, in any case; empty or null for none. Spaces around it are trimmed.",
  pattern: "^\\s*(?:[^\\p{Cc}]*[^\\p{Cc}\\s])?\\s*$",
});
export const inviteCodeField = ruled(
  text("Invite code").check(
    z.refine(inviteCodeRule.keeps, apiMessages.referralFormat),
    z.overwrite((v) => v.trim().toUpperCase()),
  ),
  inviteCodeRule,
);

/** The sign-up's fields a student types, checked alike by the API and by the sign-up form. */
export const signupFields = {
  email: emailBody,
  password: newPassword,
  first_name: personName("First name", signupMessages.first_name),
  last_name: personName("Last name", signupMessages.last_name),
};

/**
 * The sign-up as its form sends it, checked by the API's own rules (the form always sends the
 * code, "" for none, and always STUDENT): written apart from signupBodySchema (api-bodies.ts) only so the
 * sign-up page's bundle carries no zod for the shapes its form never sends.
 */
const signupFormSchema = z.object({ ...signupFields, referral_code: inviteCodeField });

/**
 * Every problem the API would find in the sign-up this form sends, first message per field:
 * the spec's §5 messages, the name and email rules and the password's length, all from one
 * press of Continue. The invite code is checked as it is written, not whether a student has it.
 */
export function validateSignupForm(values: SignupForm, inviteCode = ""): FieldErrors {
  const result = signupFormSchema.safeParse(toSignupRequest(values, inviteCode));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}
