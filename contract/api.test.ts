import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { loginBodySchema, signupBodySchema } from "./api-bodies.ts";
import { emailProblem } from "./email.ts";

const makeSignup = (overrides: Record<string, unknown> = {}) => ({
  email: "adaeze@example.com",
  password: "correct horse",
  first_name: "Adaeze",
  last_name: "Okafor",
  user_type: "STUDENT",
  ...overrides,
});

/** The first message per field, which is what the API reports. */
const messages = (schema: z.ZodMiniType, body: unknown) => {
  const first: Record<string, string> = {};
  for (const issue of schema.safeParse(body).error?.issues ?? []) {
    first[String(issue.path[0])] ??= issue.message;
  }
  return first;
};

const composed = "jos\u00e9@example.com";
const decomposed = "jose\u0301@example.com";
// One character, two UTF-16 units.
const emoji = "😀";

describe("sign-up body", () => {
  it("turns names and password into one Unicode form, whichever the keyboard typed", () => {
    const body = makeSignup({
      email: " Adaeze@Example.COM ",
      first_name: "Jose\u0301",
      last_name: "Ade\u0301",
      password: "cafe\u0301cafe\u0301",
    });
    expect(signupBodySchema.parse(body)).toMatchObject({
      email: "adaeze@example.com",
      first_name: "Jos\u00e9",
      last_name: "Ad\u00e9",
      password: "caf\u00e9caf\u00e9",
    });
  });

  // The rule itself is tested in email.test.ts; here, that the API applies it.
  it.each(["a@b.com.", " \ufeff ", `${"a".repeat(250)}@x.ng`, "kid@x.com,", decomposed])(
    "refuses %j as an email with the shared rule's message",
    (email) => {
      expect(messages(signupBodySchema, makeSignup({ email }))).toEqual({
        email: emailProblem(email),
      });
    },
  );

  it("counts characters, not UTF-16 units, for every length limit", () => {
    expect(messages(signupBodySchema, makeSignup({ password: emoji.repeat(128) }))).toEqual({});
    expect(messages(signupBodySchema, makeSignup({ password: emoji.repeat(129) }))).toEqual({
      password: "Password must be at most 128 characters",
    });
    expect(messages(signupBodySchema, makeSignup({ password: emoji.repeat(7) }))).toEqual({
      password: "Password must be at least 8 characters",
    });
    expect(messages(signupBodySchema, makeSignup({ first_name: "𞤀".repeat(50) }))).toEqual({});
    expect(messages(signupBodySchema, makeSignup({ referral_code: "𐐀".repeat(32) }))).toEqual({});
  });

  it("measures the password as sent, in code points, as the API's document counts it", () => {
    const accented = (n: number) => makeSignup({ password: "e\u0301".repeat(n) });
    expect(messages(signupBodySchema, accented(4))).toEqual({});
    expect(messages(signupBodySchema, accented(64))).toEqual({});
    expect(messages(signupBodySchema, accented(65))).toEqual({
      password: "Password must be at most 128 characters",
    });
    expect(signupBodySchema.parse(makeSignup({ password: "e\u0301".repeat(4) })).password).toBe(
      "\u00e9".repeat(4),
    );
  });
});

describe("login body", () => {
  it("composes email and password the way sign-up does", () => {
    expect(loginBodySchema.parse({ email: decomposed, password: "cafe\u0301cafe\u0301" })).toEqual({
      email: composed,
      password: "caf\u00e9caf\u00e9",
    });
  });

  it.each([
    ["a missing", {}],
    ["an empty", { password: "" }],
  ])("asks for %s password with the sign-up message", (_name, body) => {
    expect(messages(loginBodySchema, { email: composed, ...body })).toEqual({
      password: "Please enter your password",
    });
  });

  it("looks up an address today's rule refuses, which an older account may hold", () => {
    expect(loginBodySchema.parse({ email: " Kid@X.com, ", password: "x" })).toEqual({
      email: "kid@x.com,",
      password: "x",
    });
  });

  it.each(["  ", `${"a".repeat(250)}@x.ng`])("refuses %j as an email, as sign-up does", (email) => {
    expect(messages(loginBodySchema, { email, password: "x" })).toEqual({
      email: emailProblem(email),
    });
  });
});
