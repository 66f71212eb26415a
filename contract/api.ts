import * as z from "zod/mini";
import { signupMessages } from "./signup.ts";

/**
 * What the API accepts, with a message for people on every rule. The form
 * checks only what spec §5 lists; the server checks everything.
 */
export const apiMessages = {
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be at most 254 characters",
  nameTooLong: (label: string) => `${label} must be at most 100 characters`,
  nameControl: (label: string) => `${label} must not contain control characters`,
  passwordShort: "Password must be at least 8 characters",
  passwordLong: "Password must be at most 128 characters",
  userType: "Only student accounts can be created here (user_type must be STUDENT)",
  referralFormat:
    "This invite link is not valid. You can still sign up at /join without an invite code.",
  notString: (label: string) => `${label} must be text`,
} as const;

// Deliberately simple: one @ with dot-separated parts on both sides, none empty (so no
// "a@b.com." or "a@gmail..com"), at least one dot in the domain, no spaces.
const emailShape = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)+$/;
// C0 and C1 control characters, which have no place in a name.
const controlCharacters = /\p{Cc}/u;
const allControlCharacters = /\p{Cc}/gu;
// Invisible format characters (zero-width space, joiners, BOM, soft hyphen): an address holding
// one looks like another and could never be typed again at login.
const controlOrFormatCharacters = /[\p{Cc}\p{Cf}]/u;

// Limits are in what a person calls characters: an emoji is one, not two UTF-16 units.
const characters = (v: string) => [...v].length;

// Keyboards differ in how they type "é" (one code point or e plus an accent), so text is
// composed to NFC before it is checked, stored, hashed or looked up.
const composed = (v: string) => v.normalize("NFC");

/** A string field; absent, it gets the field's "please enter" message. */
const text = (label: string, missing = apiMessages.notString(label)) =>
  z.string({
    error: (issue) => (issue.input === undefined ? missing : apiMessages.notString(label)),
  });

const email = text("Email", signupMessages.email).check(
  z.overwrite((v) => composed(v.trim().toLowerCase())),
  z.refine((v) => v !== "", signupMessages.email),
  z.refine((v) => characters(v) <= 254, apiMessages.emailTooLong),
  z.refine(
    (v) =>
      v === "" || characters(v) > 254 || (emailShape.test(v) && !controlOrFormatCharacters.test(v)),
    apiMessages.emailInvalid,
  ),
);

const name = (label: string, required: string) =>
  text(label, required).check(
    z.overwrite((v) => composed(v.trim())),
    z.refine((v) => v !== "", required),
    z.refine((v) => characters(v) <= 100, apiMessages.nameTooLong(label)),
    z.refine((v) => !controlCharacters.test(v), apiMessages.nameControl(label)),
  );

// Not trimmed: spaces a student typed are part of the password.
const password = text("Password", signupMessages.password).check(
  z.overwrite(composed),
  z.refine((v) => v !== "", signupMessages.password),
  z.refine((v) => characters(v) <= 128, apiMessages.passwordLong),
);

const newPassword = password.check(
  z.refine((v) => v === "" || characters(v) >= 8, apiMessages.passwordShort),
);

export const signupBodySchema = z.object({
  email,
  password: newPassword,
  first_name: name("First name", signupMessages.first_name),
  last_name: name("Last name", signupMessages.last_name),
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
  email,
  password,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.object({
  refresh: text("Refresh token").check(
    z.refine((v) => characters(v) <= 4096, "Refresh token is too long"),
  ),
});

export const newsletterBodySchema = z.object({
  email,
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

export type PublicUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: "STUDENT";
  referral_code: string;
};
