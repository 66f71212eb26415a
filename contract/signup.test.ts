import { addressListShapes } from "@ysp/testing/addresses";
import { describe, expect, it } from "vitest";
import { apiMessages, validateSignupForm } from "./api.ts";
import { emailMessages } from "./email.ts";
import { nameMessages } from "./names.ts";
import { signupMessages, toSignupRequest } from "./signup.ts";

const makeForm = (overrides: Partial<Record<string, string>> = {}) => ({
  first_name: "Adaeze",
  last_name: "Okafor",
  email: "adaeze@example.com",
  password: "correct horse",
  ...overrides,
});

describe("sign-up form validation", () => {
  it("accepts a complete form", () => {
    expect(validateSignupForm(makeForm())).toEqual({});
    expect(validateSignupForm(makeForm(), "K7QX9M")).toEqual({});
  });

  it("gives the spec's message for each empty field", () => {
    expect(
      validateSignupForm(makeForm({ first_name: "", last_name: "", email: "", password: "" })),
    ).toEqual({
      first_name: "Please enter your first name",
      last_name: "Please enter your last name",
      email: "Please enter your email",
      password: "Please enter your password",
    });
  });

  it("treats whitespace-only names and email as empty, and a password of spaces as typed", () => {
    const errors = validateSignupForm(makeForm({ first_name: "  ", email: "\t", password: "   " }));
    expect(errors).toEqual({
      first_name: signupMessages.first_name,
      email: signupMessages.email,
      password: apiMessages.passwordShort,
    });
  });

  it("says every problem the API would find at once, lengths included", () => {
    expect(
      validateSignupForm(makeForm({ first_name: "Ada2", password: "abc12" }), "K".repeat(33)),
    ).toEqual({
      first_name: nameMessages.notAName("First name"),
      password: apiMessages.passwordShort,
      referral_code: apiMessages.referralFormat,
    });
    expect(validateSignupForm(makeForm({ password: "p".repeat(129) }))).toEqual({
      password: apiMessages.passwordLong,
    });
    // Characters as a person counts them: eight emoji are eight, not sixteen UTF-16 units.
    expect(validateSignupForm(makeForm({ password: "😀".repeat(8) }))).toEqual({});
    expect(validateSignupForm(makeForm({ password: "😀".repeat(7) }))).toEqual({
      password: apiMessages.passwordShort,
    });
  });

  it.each(addressListShapes)("refuses %j beside the field, as the API would", (email) => {
    expect(validateSignupForm(makeForm({ email }))).toEqual({ email: emailMessages.invalid });
  });

  it("builds the request: trimmed names and email, password untouched, STUDENT, invite code", () => {
    const request = toSignupRequest(
      makeForm({ first_name: " Ṣadé ", email: " a@b.ng ", password: " pw with spaces " }),
      "K7QX9M",
    );
    expect(request).toEqual({
      first_name: "Ṣadé",
      last_name: "Okafor",
      email: "a@b.ng",
      password: " pw with spaces ",
      user_type: "STUDENT",
      referral_code: "K7QX9M",
    });
  });
});
