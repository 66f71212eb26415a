import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countAccounts, makeApp, makeStudent, testDatabases } from "../../test/harness.ts";
import { referralAlphabet } from "../auth/referral-codes.ts";
import { type Database, queryRows } from "../db/client.ts";
import { authSessions, users } from "../db/schema.ts";

const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => app.inject({ method: "POST", url, payload: payload as object, headers });

const expectErrorShape = (body: unknown) => {
  expect(body).toMatchObject({ type: expect.any(String), errors: expect.any(Array) });
  for (const item of (body as { errors: unknown[] }).errors) {
    expect(item).toEqual({
      code: expect.any(String),
      detail: expect.any(String),
      attr: expect.toBeOneOf([null, expect.any(String)]),
    });
  }
};

const databases = testDatabases();
afterAll(async () => {
  for (const db of databases) await db.stop();
});

describe.each(databases)("auth API on $name", (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    database = await testDb.open();
    app = await makeApp(database, {}, () => clock);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const countUsers = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

  describe("sign-up", () => {
    it("creates a student with a hashed password, lowercased email and a readable referral code", async () => {
      const student = makeStudent({ email: "  Ngozi.Eze@Example.COM ", first_name: " Ngozi " });
      const response = await post(app, "/api/v1/auth/signup/", student);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: "Account created successfully" });
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, "ngozi.eze@example.com"));
      expect(row?.firstName).toBe("Ngozi");
      expect(row?.userType).toBe("STUDENT");
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(student.password);
      expect(row?.referralCode).toMatch(new RegExp(`^[${referralAlphabet}]{6}$`));
      expect(row?.referredBy).toBeNull();
    });

    it("refuses the same email in another case, with a clear detail", async () => {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const again = await post(app, "/api/v1/auth/signup/", {
        ...student,
        email: student.email.toUpperCase(),
        password: "another-password",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toEqual({
        code: "email_taken",
        detail: "An account with this email already exists. Log in in the app instead.",
        attr: "email",
      });
    });

    it("answers a repeat of a sign-up that just succeeded as the first was answered", async () => {
      const student = makeStudent();
      const first = await post(app, "/api/v1/auth/signup/", student);
      const again = await post(app, "/api/v1/auth/signup/", {
        ...student,
        email: student.email.toUpperCase(),
      });
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json()).toEqual(first.json());
      expect(await countAccounts(database, student.email)).toBe(1);
    });

    it("refuses a repeat with another password", async () => {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const again = await post(app, "/api/v1/auth/signup/", {
        ...student,
        password: "another-password",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: "email_taken", attr: "email" });
    });

    it("refuses a repeat once the account is more than ten minutes old", async () => {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      await database.db
        .update(users)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(users.email, student.email));
      const again = await post(app, "/api/v1/auth/signup/", student);
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: "email_taken", attr: "email" });
    });

    it("keeps names in any script and ignores unknown fields", async () => {
      const student = makeStudent({
        first_name: "Oluwáṣeun",
        last_name: "عبد الله",
        role: "ADMIN",
        is_staff: true,
      });
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const [row] = await database.db.select().from(users).where(eq(users.email, student.email));
      expect([row?.firstName, row?.lastName]).toEqual(["Oluwáṣeun", "عبد الله"]);
    });

    it.each([
      [{ first_name: "" }, "first_name", "Please enter your first name"],
      [{ last_name: "   " }, "last_name", "Please enter your last name"],
      [{ email: "" }, "email", "Please enter your email"],
      [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
      [{ email: `${"a".repeat(250)}@x.ng` }, "email", "Email must be at most 254 characters"],
      [{ password: "" }, "password", "Please enter your password"],
      [{ password: "short" }, "password", "Password must be at least 8 characters"],
      [{ password: "x".repeat(129) }, "password", "Password must be at most 128 characters"],
      [{ first_name: "x".repeat(101) }, "first_name", "First name must be at most 100 characters"],
      [
        { last_name: "Bad\u0007Name" },
        "last_name",
        "Last name must not contain control characters",
      ],
      [
        { user_type: "ADMIN" },
        "user_type",
        "Only student accounts can be created here (user_type must be STUDENT)",
      ],
      [{ first_name: 42 }, "first_name", "First name must be text"],
      [{ email: ["a@b.ng"] }, "email", "Email must be text"],
    ])("rejects %o on %s", async (change, attr, detail) => {
      const before = await countUsers();
      const response = await post(app, "/api/v1/auth/signup/", makeStudent(change));
      expect(response.statusCode).toBe(400);
      expectErrorShape(response.json());
      expect(response.json().errors).toContainEqual(expect.objectContaining({ attr, detail }));
      expect(await countUsers()).toBe(before);
    });

    it("reports one entry per problem", async () => {
      const response = await post(app, "/api/v1/auth/signup/", { user_type: "STUDENT" });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .errors.map((e: { attr: string }) => e.attr)
          .sort(),
      ).toEqual(["email", "first_name", "last_name", "password"]);
    });

    it("does not trim the password", async () => {
      const student = makeStudent({ password: "  spaced out  " });
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const login = await post(app, "/api/v1/auth/login/", {
        email: student.email,
        password: "spaced out",
      });
      expect(login.statusCode).toBe(401);
      const exact = await post(app, "/api/v1/auth/login/", {
        email: student.email,
        password: "  spaced out  ",
      });
      expect(exact.statusCode).toBe(200);
    });

    it.each([
      [
        "malformed JSON",
        { payload: '{"email":', headers: { "content-type": "application/json" } },
        400,
      ],
      ["an array body", { payload: "[]", headers: { "content-type": "application/json" } }, 400],
      [
        "a JSON string body",
        { payload: '"hello"', headers: { "content-type": "application/json" } },
        400,
      ],
      ["plain text", { payload: "email=a@b.ng", headers: { "content-type": "text/plain" } }, 415],
      [
        "a body over 16 KB",
        {
          payload: JSON.stringify(makeStudent({ first_name: "x".repeat(17_000) })),
          headers: { "content-type": "application/json" },
        },
        413,
      ],
    ])("answers %s in the error shape", async (_name, request, status) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/auth/signup/",
        ...request,
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expectErrorShape(response.json());
    });
  });

  describe("sign-up as a plain form post (Continue pressed before the page's script loaded)", () => {
    const formPost = (fields: Record<string, string>, referer = "https://ysp.ng/join") =>
      app.inject({
        method: "POST",
        url: "/api/v1/auth/signup/",
        payload: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", referer },
      });
    const paragraphs = (html: string) =>
      [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((match) => match[1]);

    it("creates the account and answers a page saying so, with the way home", async () => {
      const student = makeStudent();
      const response = await formPost(student);
      expect(response.statusCode).toBe(201);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(paragraphs(response.body)).toEqual([
        "Account created successfully 👍",
        "Download the app and login",
      ]);
      expect(response.body).toContain('<a href="/">Go to the home page</a>');
      const login = await post(app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
    });

    it("lists every problem on a page that links back to the form it came from", async () => {
      const response = await formPost(
        { first_name: "", last_name: "Eze", email: "", password: "", user_type: "STUDENT" },
        "https://ysp.ng/join/K7QX9M",
      );
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(paragraphs(response.body)).toEqual([
        "Please enter your email",
        "Please enter your password",
        "Please enter your first name",
      ]);
      expect(response.body).toContain('<a href="/join/K7QX9M" data-back>Back to the form</a>');
    });

    it("answers a taken email on the page, and the link never leaves the site", async () => {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const response = await formPost(
        { ...student, password: "another-password" },
        "https://evil.example/x?<script>",
      );
      expect(response.statusCode).toBe(400);
      expect(paragraphs(response.body)).toEqual([
        "An account with this email already exists. Log in in the app instead.",
      ]);
      expect(response.body).toContain('<a href="/x" data-back>Back to the form</a>');
      expect(response.body).not.toContain("<script>");
    });

    it("leaves the other routes JSON-only", async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/auth/login/",
        payload: "email=a@b.ng&password=whatever1",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.statusCode).toBe(415);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expectErrorShape(response.json());
    });
  });

  describe("referrals", () => {
    it("records who referred a student, whatever the case of the code", async () => {
      const referrer = makeStudent();
      await post(app, "/api/v1/auth/signup/", referrer);
      const [row] = await database.db.select().from(users).where(eq(users.email, referrer.email));
      const code = row?.referralCode ?? "";
      const friend = makeStudent({ referral_code: code.toLowerCase() });
      expect((await post(app, "/api/v1/auth/signup/", friend)).statusCode).toBe(201);
      const [friendRow] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, friend.email));
      expect(friendRow?.referredBy).toBe(row?.id);
    });

    it("refuses an unknown invite code and says how to sign up without one", async () => {
      const response = await post(
        app,
        "/api/v1/auth/signup/",
        makeStudent({ referral_code: "NOPE" }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: "invalid_referral_code",
        attr: "referral_code",
      });
      expect(response.json().errors[0].detail).toMatch(/not valid.*\/join/);
    });

    it.each([[""], [null], [undefined]])("treats %o as no referrer", async (code) => {
      const student = makeStudent({ referral_code: code });
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    });
  });

  describe("login, refresh and me", () => {
    const signUpAndLogIn = async () => {
      const student = makeStudent();
      await post(app, "/api/v1/auth/signup/", student);
      const login = await post(app, "/api/v1/auth/login/", {
        email: student.email.toUpperCase(),
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
      return {
        student,
        tokens: login.json() as { access: string; refresh: string; user: Record<string, string> },
      };
    };

    it("logs in with email and password and returns the user", async () => {
      const { student, tokens } = await signUpAndLogIn();
      expect(tokens.user).toEqual({
        id: expect.any(String),
        email: student.email,
        first_name: student.first_name,
        last_name: student.last_name,
        user_type: "STUDENT",
        referral_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
      });
      const me = await app.inject({
        url: "/api/v1/auth/me/",
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(tokens.user);
    });

    it("gives one generic answer for a wrong password and an unknown email", async () => {
      const { student } = await signUpAndLogIn();
      const wrong = await post(app, "/api/v1/auth/login/", {
        email: student.email,
        password: "wrong-password",
      });
      const unknown = await post(app, "/api/v1/auth/login/", {
        email: "nobody@example.com",
        password: "wrong-password",
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().errors[0].detail).toBe("Incorrect email or password.");
    });

    it("rotates refresh tokens and revokes the family when one is used twice", async () => {
      const { tokens } = await signUpAndLogIn();
      const first = await post(app, "/auth/refresh/", { refresh: tokens.refresh });
      expect(first.statusCode).toBe(200);
      const rotated = first.json();
      expect(rotated.refresh).not.toBe(tokens.refresh);

      const second = await post(app, "/api/v1/auth/refresh/", { refresh: rotated.refresh });
      expect(second.statusCode).toBe(200);

      const replay = await post(app, "/auth/refresh/", { refresh: tokens.refresh });
      expect(replay.statusCode).toBe(401);
      expectErrorShape(replay.json());
      const afterTheft = await post(app, "/auth/refresh/", { refresh: second.json().refresh });
      expect(afterTheft.statusCode).toBe(401);
      const [session] = await database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.userId, tokens.user.id as string));
      expect(session?.revokedAt).toBeInstanceOf(Date);
    });

    it("refuses garbage, an access token as a refresh token, and a refresh token as an access token", async () => {
      const { tokens } = await signUpAndLogIn();
      expect((await post(app, "/auth/refresh/", { refresh: "garbage" })).statusCode).toBe(401);
      expect((await post(app, "/auth/refresh/", { refresh: tokens.access })).statusCode).toBe(401);
      const me = await app.inject({
        url: "/api/v1/auth/me/",
        headers: { authorization: `Bearer ${tokens.refresh}` },
      });
      expect(me.statusCode).toBe(401);
      expect((await app.inject({ url: "/api/v1/auth/me/" })).statusCode).toBe(401);
    });

    it("expires access tokens after 15 minutes and refresh tokens after 7 days", async () => {
      const { tokens } = await signUpAndLogIn();
      clock += 16 * 60 * 1000;
      try {
        const me = await app.inject({
          url: "/api/v1/auth/me/",
          headers: { authorization: `Bearer ${tokens.access}` },
        });
        expect(me.statusCode).toBe(401);
        expect((await post(app, "/auth/refresh/", { refresh: tokens.refresh })).statusCode).toBe(
          200,
        );
        const again = await signUpAndLogIn();
        clock += 8 * 24 * 60 * 60 * 1000;
        expect(
          (await post(app, "/auth/refresh/", { refresh: again.tokens.refresh })).statusCode,
        ).toBe(401);
      } finally {
        clock = Date.now();
      }
    });
  });

  describe("newsletter", () => {
    it("subscribes once: 201, then 200 with a kind message and no second row", async () => {
      const first = await post(app, "/api/v1/newsletter/", {
        email: "Parent@Example.com",
        source: "/faqs",
      });
      expect(first.statusCode).toBe(201);
      const again = await post(app, "/api/v1/newsletter/", { email: " parent@example.COM " });
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toMatch(/already subscribed/);
      const rows = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from newsletter_subscriptions where lower(email) = 'parent@example.com'`,
      );
      expect(rows[0]?.n).toBe(1);
    });

    it("checks the email", async () => {
      const response = await post(app, "/api/v1/newsletter/", { email: "nope" });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        attr: "email",
        detail: "Please enter a valid email address",
      });
    });
  });

  it("is healthy and ready", async () => {
    expect((await app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await app.inject({ url: "/readyz" })).json()).toEqual({
      status: "ready",
      database: testDb.name,
    });
  });
});

describe("limits", () => {
  let database: Database;
  beforeAll(async () => {
    const [first] = databases;
    if (!first) throw new Error("no test database");
    database = await first.open();
  }, 60_000);
  afterAll(() => database.close());

  it("counts repeated sign-ups against the login limit per email, past which the email is just taken", async () => {
    const app = await makeApp(database, {
      rateLimits: {
        signupPerMinute: 100,
        loginPerMinute: 100,
        loginPerEmailPerMinute: 2,
        refreshPerMinute: 100,
        newsletterPerMinute: 100,
      },
    });
    try {
      const student = makeStudent();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await post(app, "/api/v1/auth/signup/", student));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 400]);
      expect(answers[3]?.json().errors[0]).toMatchObject({ code: "email_taken" });
    } finally {
      await app.close();
    }
  });

  it("answers 429 with Retry-After in the error shape past a rate limit", async () => {
    const app = await makeApp(database, {
      rateLimits: {
        signupPerMinute: 2,
        loginPerMinute: 100,
        loginPerEmailPerMinute: 2,
        refreshPerMinute: 100,
        newsletterPerMinute: 1,
      },
    });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await post(app, "/api/v1/auth/signup/", makeStudent()));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 429]);
      expect(answers[2]?.headers["retry-after"]).toMatch(/^\d+$/);
      expectErrorShape(answers[2]?.json());
      expect(answers[2]?.json().errors[0].detail).toMatch(/Too many attempts/);

      const logins = [];
      for (let i = 0; i < 3; i++)
        logins.push(
          await post(app, "/api/v1/auth/login/", { email: "x@example.com", password: "whatever1" }),
        );
      expect(logins.map((a) => a.statusCode)).toEqual([401, 401, 429]);
      await post(app, "/api/v1/newsletter/", { email: "a@example.com" });
      expect((await post(app, "/api/v1/newsletter/", { email: "b@example.com" })).statusCode).toBe(
        429,
      );

      // A plain form post past the limit gets a page a person can read, not JSON.
      const formAnswer = await app.inject({
        method: "POST",
        url: "/api/v1/newsletter/",
        payload: "email=c%40example.com&source=%2Ffaqs",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          referer: "https://ysp.ng/faqs",
        },
      });
      expect(formAnswer.statusCode).toBe(429);
      expect(formAnswer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(formAnswer.headers["retry-after"]).toMatch(/^\d+$/);
      expect(formAnswer.body).toMatch(/<h1>Please wait a moment<\/h1>\n<p>Too many attempts/);
      expect(formAnswer.body).toContain('<a href="/faqs" data-back>Back to the form</a>');
    } finally {
      await app.close();
    }
  });

  it("answers 503 with Retry-After when the hashing queue is full, and stays healthy", async () => {
    const app = await makeApp(database, { hash: { workers: 1, maxQueued: 1, nice: 10 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => post(app, "/api/v1/auth/signup/", makeStudent())),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      const busy = answers.find((a) => a.statusCode === 503);
      expect(busy?.headers["retry-after"]).toBe("1");
      expectErrorShape(busy?.json());
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("publishes an OpenAPI 3.1 document of the API", async () => {
    const app = await makeApp(database);
    try {
      const doc = (await app.inject({ url: "/api/openapi.json" })).json();
      expect(doc.openapi).toBe("3.1.0");
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          "/api/v1/auth/signup/",
          "/api/v1/auth/login/",
          "/auth/refresh/",
          "/api/v1/auth/me/",
          "/api/v1/newsletter/",
        ]),
      );
      expect(
        doc.paths["/api/v1/auth/signup/"].post.requestBody.content["application/json"].schema
          .required,
      ).toEqual(
        expect.arrayContaining(["email", "password", "first_name", "last_name", "user_type"]),
      );
    } finally {
      await app.close();
    }
  });
});
