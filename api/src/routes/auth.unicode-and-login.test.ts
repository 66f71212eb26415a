import type { ApiErrorItem } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { appOnDatabase, countAccounts, databasesForFile } from "../../test/harness.ts";

const signup = (app: FastifyInstance, student: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/v1/auth/signup/", payload: student });
const login = (app: FastifyInstance, body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/v1/auth/login/", payload: body });

/** A fresh address with an accented letter, precomposed (NFC) or as e plus a combining accent (NFD). */
let sequence = 0;
const accentedEmail = () => {
  const local = `jos\u00e9${Date.now()}${sequence++}`;
  return { nfc: `${local}@example.com`, nfd: `${local.normalize("NFD")}@example.com` };
};

const databases = databasesForFile();

describe.each(databases)("Unicode text and login validation on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  it("treats an address typed with a combining accent as the same account", async () => {
    const email = accentedEmail();
    expect((await signup(suite.app, makeStudent({ email: email.nfc }))).statusCode).toBe(201);
    const again = await signup(
      suite.app,
      makeStudent({ email: email.nfd, password: "another-password" }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ code: "email_taken", attr: "email" });
    expect(await countAccounts(suite.database, email.nfc)).toBe(1);
  });

  it("logs in with the password and email typed in the other Unicode form", async () => {
    const email = accentedEmail();
    const student = makeStudent({ email: email.nfd, password: "caf\u00e9caf\u00e9" });
    expect((await signup(suite.app, student)).statusCode).toBe(201);
    const response = await login(suite.app, { email: email.nfc, password: "cafe\u0301cafe\u0301" });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email.nfc);
  });

  it("refuses an email with a zero-width space at sign-up", async () => {
    const response = await signup(suite.app, makeStudent({ email: "z\u200bw@example.com" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { code: "invalid", detail: "Please enter a valid email address", attr: "email" },
    ]);
  });

  it.each(["a@b.com.", "a@gmail..com"])("refuses the junk address %s at sign-up", async (email) => {
    const response = await signup(suite.app, makeStudent({ email }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      detail: "Please enter a valid email address",
      attr: "email",
    });
  });

  it("accepts 65 emoji as a password and logs in with them", async () => {
    const student = makeStudent({ password: "😀".repeat(65) });
    expect((await signup(suite.app, student)).statusCode).toBe(201);
    const response = await login(suite.app, { email: student.email, password: student.password });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ["an empty", { password: "" }],
    ["a missing", { password: undefined }],
  ])("answers %s login password as sign-up does", async (_name, change) => {
    const student = makeStudent(change);
    const atSignup = (await signup(suite.app, student)).json();
    const response = await login(suite.app, { email: student.email, password: student.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: "validation_error",
      errors: [expect.objectContaining({ detail: "Please enter your password", attr: "password" })],
    });
    expect(response.json().errors).toEqual(
      atSignup.errors.filter((e: ApiErrorItem) => e.attr === "password"),
    );
  });
});
