import type { LoginResponse } from "@ysp/contract";
import { authMessages } from "@ysp/contract";
import { postJson } from "@ysp/testing/post-json";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAccounts, databasesForFile, makeApp } from "../test/harness.ts";
import type { Database } from "./db/client.ts";
import { authSessions, newsletterSubscriptions } from "./db/schema.ts";

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

  it("100 refreshes with one token at once: one rotation, every retry given its pair", {
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
    // Within the grace every copy is the same lost answer asked for again: one pair for all.
    expect(statuses(answers)).toEqual({ 200: 100 });
    const pairs = new Set(answers.map((a) => JSON.stringify(a.body)));
    expect(pairs.size).toBe(1);
    const [session] = await database.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.userId, (login.body as LoginResponse).user.id));
    expect(session?.revokedAt).toBeNull();
    const pair = answers[0]?.body as { refresh: string };
    expect((await post("/auth/refresh/", { refresh: pair.refresh })).status).toBe(200);
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

describe.each(databases)("a refresh retried on another instance, on $name", (testDb) => {
  let databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let bases: string[] = [];
  beforeAll(async () => {
    databases = await testDb.openTwice();
    for (const database of databases) apps.push(await makeApp(database));
    bases = await Promise.all(apps.map((app) => app.listen({ port: 0, host: "127.0.0.1" })));
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of new Set(databases)) await database.close();
  });

  async function logIn(base: string) {
    const student = makeStudent();
    expect((await postJson(`${base}/api/v1/auth/signup/`, student)).status).toBe(201);
    const login = await postJson(`${base}/api/v1/auth/login/`, {
      email: student.email,
      password: student.password,
    });
    return login.body as { refresh: string; user: { id: string } };
  }

  it("gets the same pair from the other instance, and racing retries on both get it too", {
    timeout: 60_000,
  }, async () => {
    const [a = "", b = ""] = bases;
    const tokens = await logIn(a);
    const first = await postJson(`${a}/api/v1/auth/refresh/`, { refresh: tokens.refresh });
    expect(first.status).toBe(200);
    const retry = await postJson(`${b}/api/v1/auth/refresh/`, { refresh: first.body.refresh });
    // The rotated token went to b; its retries go to both at once.
    const retries = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson(`${i % 2 ? a : b}/api/v1/auth/refresh/`, { refresh: first.body.refresh }),
      ),
    );
    expect(retry.status).toBe(200);
    for (const answer of retries) expect([answer.status, answer.body]).toEqual([200, retry.body]);
    expect(retry.body).not.toEqual(first.body);
  });

  it("revokes the session on either instance for a token two generations old", {
    timeout: 60_000,
  }, async () => {
    const [a = "", b = ""] = bases;
    const tokens = await logIn(a);
    const first = await postJson(`${a}/api/v1/auth/refresh/`, { refresh: tokens.refresh });
    const second = await postJson(`${b}/api/v1/auth/refresh/`, { refresh: first.body.refresh });
    expect(second.status).toBe(200);
    expect((await postJson(`${b}/api/v1/auth/refresh/`, { refresh: tokens.refresh })).status).toBe(
      401,
    );
    expect(
      (await postJson(`${a}/api/v1/auth/refresh/`, { refresh: second.body.refresh })).status,
    ).toBe(401);
  });
});
