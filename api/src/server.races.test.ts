import type { LoginResponse } from "@ysp/contract";
import { postJson } from "@ysp/testing/post-json";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAccounts, databasesForFile, makeApp } from "../test/harness.ts";
import type { Database } from "./db/client.ts";
import { authSessions, newsletterSubscriptions } from "./db/schema.ts";
import { authMessages } from "./routes/auth.ts";

const databases = databasesForFile();

/** Mixed case, as many phones' keyboards capitalise the first letter. */
const mixedCase = (email: string, i: number) =>
  [...email].map((c, j) => ((i >> (j % 8)) & 1 ? c.toUpperCase() : c)).join("");

describe.each(databases)("concurrent requests on $name, over real HTTP", (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  let base = "";
  beforeAll(async () => {
    database = await testDb.open();
    app = await makeApp(database);
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const post = (path: string, body: unknown) => postJson(`${base}${path}`, body);
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((tally, { status }) => {
      tally[status] = (tally[status] ?? 0) + 1;
      return tally;
    }, {});

  it("200 sign-ups with one email in mixed case: one account, the rest told clearly", {
    timeout: 120_000,
  }, async () => {
    const student = makeStudent();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post("/api/v1/auth/signup/", {
          ...student,
          email: mixedCase(student.email, i),
          // Each its own password: the same sign-up repeated would be answered as the first was.
          password: `password-number-${i}`,
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: 1, 400: 199 });
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body).toEqual({
        type: "validation_error",
        errors: [{ code: "email_taken", detail: authMessages.emailTaken, attr: "email" }],
      });
    }
    expect(await countAccounts(database, student.email)).toBe(1);
  });

  it("20 identical sign-ups at once (a double press, many times over): one account, none told it failed", {
    timeout: 60_000,
  }, async () => {
    const student = makeStudent();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post("/api/v1/auth/signup/", student)),
    );
    // Each costs two hashes, so some may be told to wait ("busy"); none is told the email is taken.
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([201, 503]).toContain(answer.status);
    expect(await countAccounts(database, student.email)).toBe(1);
  });

  it("100 refreshes with one token: at most one succeeds and the session is revoked", {
    timeout: 60_000,
  }, async () => {
    const student = makeStudent();
    expect((await post("/api/v1/auth/signup/", student)).status).toBe(201);
    const login = await post("/api/v1/auth/login/", {
      email: student.email,
      password: student.password,
    });
    const token = (login.body as LoginResponse).refresh;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(i % 2 ? "/auth/refresh/" : "/api/v1/auth/refresh/", { refresh: token }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(100 - won.length);
    // A token used twice is a stolen copy: the whole family ends, the winner's new token too.
    const [session] = await database.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.userId, (login.body as LoginResponse).user.id));
    expect(session?.revokedAt).toBeInstanceOf(Date);
    for (const winner of won) {
      expect((await post("/auth/refresh/", { refresh: winner.body.refresh })).status).toBe(401);
    }
  });

  it("100 subscriptions of one email: one row, one 201, the rest a kind 200", {
    timeout: 60_000,
  }, async () => {
    const email = `reader${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post("/api/v1/newsletter/", { email: mixedCase(email, i), source: "/faqs" }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 99, 201: 1 });
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, email));
    expect(rows[0]?.n).toBe(1);
  });
});
