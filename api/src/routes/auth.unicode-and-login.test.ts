import type { ApiErrorItem } from "@ysp/contract";
import { makeStudent, uniqueTag } from "@ysp/testing/students";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { appOnDatabase, countAccounts, databasesForFile } from "../../test/harness.ts";
import { users } from "../db/schema.ts";

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

  /**
   * An account made before today's address rule, with an address the rule now refuses: one
   * made with a good address, then given the old one as an older version of the API stored it.
   */
  async function olderAccount(email: string, password = "study-hard-2026") {
    const student = makeStudent({ password });
    expect((await signup(suite.app, student)).statusCode).toBe(201);
    await suite.database.db.update(users).set({ email }).where(eq(users.email, student.email));
    return { ...student, email };
  }

  it("refuses an address with an accented letter at sign-up, as the browser's field does", async () => {
    const email = accentedEmail();
    for (const spelling of [email.nfc, email.nfd]) {
      const response = await signup(suite.app, makeStudent({ email: spelling }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        detail: "Please enter a valid email address",
        attr: "email",
      });
    }
    expect(await countAccounts(suite.database, email.nfc)).toBe(0);
  });

  it("logs an older account with an accented address in, whichever Unicode form is typed", async () => {
    const email = accentedEmail();
    await olderAccount(email.nfc, "caf\u00e9caf\u00e9");
    for (const spelling of [email.nfc, email.nfd]) {
      const response = await login(suite.app, {
        email: spelling,
        password: "cafe\u0301cafe\u0301",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user.email).toBe(email.nfc);
    }
  });

  it.each([
    (tag: string) => `kid${tag}@x.com,`,
    (tag: string) => `<kid${tag}@x.com>`,
    (tag: string) => `k..id${tag}@x.ng`,
    (tag: string) => `"kid${tag}"@x.ng`,
  ])("logs in an older account whose address the rule now refuses (%#)", async (address) => {
    const student = await olderAccount(address(uniqueTag()));
    const response = await login(suite.app, { email: student.email, password: student.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe(student.email);
    const wrong = await login(suite.app, { email: student.email, password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
  });

  it("answers a login address with a NUL 400, which no account can hold, and no 500", async () => {
    const response = await login(suite.app, { email: "a\u0000b@example.com", password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      detail: "Please enter a valid email address",
      attr: "email",
    });
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
