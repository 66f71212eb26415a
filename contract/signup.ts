import { emailMessages } from "./email.ts";

/** Messages of spec §5, word for word. */
export const signupMessages = {
  first_name: "Please enter your first name",
  last_name: "Please enter your last name",
  email: emailMessages.required,
  password: "Please enter your password",
} as const;

/** docs/spec.md §8: the toast after the server's message on a successful sign-up, word for word. */
export const signupFollowUp = "Download the app and login";

/** What the sign-up form reads from its fields. */
export type SignupForm = { first_name: string; last_name: string; email: string; password: string };
export type SignupField = keyof SignupForm;

/** The body of POST /api/v1/auth/signup/ (spec §3, §7). */
export type SignupRequest = SignupForm & { user_type: "STUDENT"; referral_code: string };

/** First message per field of a sign-up, the invite code's included. */
export type FieldErrors = Partial<Record<SignupField | "referral_code", string>>;

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
