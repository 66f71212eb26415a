import { describe, expect, it } from "vitest";
import { emailMessages, emailProblem, normalizeEmail } from "./email.ts";

describe("the email rule", () => {
  it.each(["adaeze@example.com", "  Adaeze.Okafor@Example.COM.ng ", "jose\u0301@example.com"])(
    "accepts %j",
    (email) => {
      expect(emailProblem(email)).toBeNull();
    },
  );

  it.each([
    "not-an-email",
    "a@b",
    "a b@example.com",
    "z\u200bw@example.com",
    "z\u200cw@example.com",
    "z\u200dw@example.com",
    "z\u2060w@example.com",
    "z\ufeffw@example.com",
    "zw@exam\u00adple.com",
    "a@b.com.",
    "a@gmail..com",
    "a@.example.com",
    "a..b@example.com",
    ".a@example.com",
  ])("refuses %j as not an address", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.invalid);
  });

  it.each(["", "   ", "\t", " \ufeff "])("asks for an email when given %j", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.required);
  });

  it("limits the length in characters, not UTF-16 units", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(186)}.ng`;
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)).toBe(emailMessages.tooLong);
    // 254 characters, but 504 UTF-16 units.
    expect(emailProblem(`${"𝒶".repeat(64)}@${"𝒷".repeat(186)}.ng`)).toBeNull();
  });

  it("trims, lower-cases and composes the address", () => {
    expect(normalizeEmail(" Jose\u0301@Example.com ")).toBe("jos\u00e9@example.com");
  });
});
