import { characters, composed } from "./text.ts";

/**
 * The one email rule, used by the API's schemas and by the newsletter form. Free of zod:
 * the form is on every page, and a page must not download a validation library for one field.
 */
export const emailMessages = {
  /** docs/spec.md §5, word for word. */
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  tooLong: "Email must be at most 254 characters",
} as const;

export const emailMaxCharacters = 254;

// Deliberately simple: one @ with dot-separated parts on both sides, none empty (so no
// "a@b.com." or "a@gmail..com"), at least one dot in the domain, no spaces.
const emailShape = /^[^\s@.]+(\.[^\s@.]+)*@[^\s@.]+(\.[^\s@.]+)+$/;
// Control and invisible format characters (zero-width space, joiners, BOM, soft hyphen): an
// address holding one looks like another and could never be typed again at login.
const controlOrFormatCharacters = /[\p{Cc}\p{Cf}]/u;

/** The address as the API keeps it: trimmed, lower-case, composed. */
export const normalizeEmail = (raw: string) => composed(raw.trim().toLowerCase());

/** What is wrong with an address, as a sentence for the student, or null when the API accepts it. */
export function emailProblem(raw: string): string | null {
  const email = normalizeEmail(raw);
  if (email === "") return emailMessages.required;
  if (characters(email) > emailMaxCharacters) return emailMessages.tooLong;
  if (!emailShape.test(email) || controlOrFormatCharacters.test(email))
    return emailMessages.invalid;
  return null;
}
