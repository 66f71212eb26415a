import * as z from "zod/mini";
import { emailMessages, emailProblem } from "./email.ts";
import { nameProblem } from "./names.ts";

/** Messages of spec §5, word for word. */
export const signupMessages = {
  first_name: "Please enter your first name",
  last_name: "Please enter your last name",
  email: emailMessages.required,
  password: "Please enter your password",
} as const;

/** docs/spec.md §8: the toast after the server's message on a successful sign-up, word for word. */
export const signupFollowUp = "Download the app and login";

/** A field checked as the API checks it, so its sentence shows beside the field. */
const checkedBy = (problem: (v: string) => string | null) =>
  z.string().check(
    z.superRefine((v, ctx) => {
      const found = problem(v);
      if (found) ctx.addIssue(found);
    }),
  );

const name = (label: string, missing: string) => checkedBy((v) => nameProblem(label, missing, v));

/** What the sign-up form checks before it calls the API. */
const signupFormSchema = z.object({
  first_name: name("First name", signupMessages.first_name),
  last_name: name("Last name", signupMessages.last_name),
  // The API's address rule, which is what spec §5's "email input type" checks in a browser.
  email: checkedBy(emailProblem),
  password: z.string().check(z.refine((v) => v !== "", signupMessages.password)),
});

export type SignupForm = z.infer<typeof signupFormSchema>;
export type SignupField = keyof SignupForm;

/** The body of POST /api/v1/auth/signup/ (spec §3, §7). */
export type SignupRequest = SignupForm & { user_type: "STUDENT"; referral_code: string };

export type FieldErrors = Partial<Record<SignupField, string>>;

/** First message per field, or an empty object when the form is valid. */
export function validateSignupForm(values: SignupForm): FieldErrors {
  const result = signupFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SignupField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function toSignupRequest(form: SignupForm, inviteCode: string): SignupRequest {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    password: form.password,
    user_type: "STUDENT",
    referral_code: inviteCode,
  };
}
