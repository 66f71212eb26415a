import * as z from "zod/mini";
import { emailMessages, emailProblem, loginEmailProblem, normalizeEmail } from "./email.ts";
import { nameProblem, normalizeName } from "./names.ts";
import { signupMessages } from "./signup.ts";
import { characters, composed } from "./text.ts";

/**
 * What the API accepts, with a message for people on every rule. The form
 * checks what spec §5 lists and the name rule (names.ts); the server checks everything.
 */
export const apiMessages = {
  passwordShort: "Password must be at least 8 characters",
  passwordLong: "Password must be at most 128 characters",
  userType: "Only student accounts can be created here (user_type must be STUDENT)",
  referralFormat: "This invite link is not valid, but you can still sign up without an invite code",
  notString: (label: string) => `${label} must be text`,
} as const;

/** The auth routes' sentences: the sign-up form's toasts, and what the app shows from a login. */
export const authMessages = {
  created: "Account created successfully",
  emailTaken: "An account with this email already exists. Log in to the app instead.",
  inviteUnknown: apiMessages.referralFormat,
  badCredentials: "Incorrect email or password",
  sessionExpired: "Your session has expired. Please log in again.",
  notAuthenticated: "Please log in to continue.",
  busy: "We are receiving a lot of requests right now. Please try again in a few seconds.",
} as const;

// C0 and C1 control characters, which have no place in an invite code.
const controlCharacters = /\p{Cc}/u;
const allControlCharacters = /\p{Cc}/gu;

/** A string field; absent, it gets the field's "please enter" message. */
export const text = (label: string, missing = apiMessages.notString(label)) =>
  z.string({
    error: (issue) => (issue.input === undefined ? missing : apiMessages.notString(label)),
  });

/** An email field checked by `problem` as typed, then kept as normalizeEmail makes it. */
const emailField = (problem: (raw: string) => string | null) =>
  text("Email", emailMessages.required).check(
    z.superRefine((v, ctx) => {
      const found = problem(v);
      if (found) ctx.addIssue(found);
    }),
    z.overwrite(normalizeEmail),
  );

// The rule lives in email.ts, so the newsletter form checks exactly what the server does.
export const emailBody = emailField(emailProblem);

/** Login's: any address an account may hold, those made before today's rule included. */
export const loginEmail = emailField(loginEmailProblem);

/** A new name, by the rule in names.ts, which the sign-up form checks too. */
export const personName = (label: string, required: string) =>
  text(label, required).check(
    z.overwrite(normalizeName),
    z.superRefine((v, ctx) => {
      const problem = nameProblem(label, required, v);
      if (problem) ctx.addIssue(problem);
    }),
  );

/** A password as a login takes it, any length a password may have. Not trimmed: spaces a student typed are part of the password. */
export const password = text("Password", signupMessages.password).check(
  z.overwrite(composed),
  z.refine((v) => v !== "", signupMessages.password),
  z.refine((v) => characters(v) <= 128, apiMessages.passwordLong),
);

export const newPassword = password.check(
  z.refine((v) => v === "" || characters(v) >= 8, apiMessages.passwordShort),
);

export const signupBodySchema = z.object({
  email: emailBody,
  password: newPassword,
  first_name: personName("First name", signupMessages.first_name),
  last_name: personName("Last name", signupMessages.last_name),
  user_type: z.literal("STUDENT", { error: apiMessages.userType }),
  referral_code: z.optional(
    z.nullable(
      text("Invite code").check(
        z.overwrite((v) => v.trim().toUpperCase()),
        z.refine(
          (v) => characters(v) <= 32 && !controlCharacters.test(v),
          apiMessages.referralFormat,
        ),
      ),
    ),
  ),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: loginEmail,
  password,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.object({
  refresh: text("Refresh token").check(
    z.refine((v) => characters(v) <= 4096, "Refresh token is too long"),
  ),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

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
