import * as z from "zod/mini";
import { emailMessages, emailProblem, loginEmailProblem, normalizeEmail } from "./email.ts";
import { nameProblem, normalizeName } from "./names.ts";
import { type FieldErrors, type SignupForm, signupMessages, toSignupRequest } from "./signup.ts";
import { characters, composed } from "./text.ts";

/**
 * What the API accepts, with a message for people on every rule. The sign-up form checks its
 * request with the API's own schema before it posts it (validateSignupForm), so the server
 * finds nothing the form has not said.
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

/** An invite code as written: upper case, at most 32 characters, no control characters. */
const inviteCodeField = text("Invite code").check(
  z.overwrite((v) => v.trim().toUpperCase()),
  z.refine((v) => characters(v) <= 32 && !controlCharacters.test(v), apiMessages.referralFormat),
);

/** The sign-up's fields a student types, checked alike by the API and by the sign-up form. */
const signupFields = {
  email: emailBody,
  password: newPassword,
  first_name: personName("First name", signupMessages.first_name),
  last_name: personName("Last name", signupMessages.last_name),
};

export const signupBodySchema = z.object({
  ...signupFields,
  user_type: z.literal("STUDENT", { error: apiMessages.userType }),
  referral_code: z.optional(z.nullable(inviteCodeField)),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * The sign-up as its form sends it, checked by the API's own rules (the form always sends the
 * code, "" for none, and always STUDENT): written apart from signupBodySchema only so the
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
