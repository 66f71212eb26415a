import type { ApiErrorItem } from "@ysp/contract";
import { authMessages, joinSlots, nameMessages } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../../test/expectations.ts";
import {
  appOnDatabase,
  countAccounts,
  databaseOn,
  databasesForFile,
  formHeaders,
  makeApp,
  post,
  testCookies,
} from "../../test/harness.ts";
import { referralAlphabet } from "../auth/referral-codes.ts";
import { users } from "../db/schema.ts";

const databases = databasesForFile();

describe.each(databases)("sign-up API on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  const countUsers = async () =>
    (await suite.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;

  describe("sign-up", () => {
    it("creates a student with a hashed password, lowercased email and a readable referral code", async () => {
      const student = makeStudent({ email: "  Ngozi.Eze@Example.COM ", first_name: " Ngozi " });
      const response = await post(suite.app, "/api/v1/auth/signup/", student);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: "Account created successfully" });
      const [row] = await suite.database.db
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
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const again = await post(suite.app, "/api/v1/auth/signup/", {
        ...student,
        email: student.email.toUpperCase(),
        password: "another-password",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toEqual({
        code: "email_taken",
        detail: authMessages.emailTaken,
        attr: "email",
      });
    });

    it("answers a repeat of a sign-up that just succeeded as the first was answered", async () => {
      const student = makeStudent();
      const first = await post(suite.app, "/api/v1/auth/signup/", student);
      const again = await post(suite.app, "/api/v1/auth/signup/", {
        ...student,
        email: student.email.toUpperCase(),
      });
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json()).toEqual(first.json());
      expect(await countAccounts(suite.database, student.email)).toBe(1);
    });

    it("refuses a repeat with another password", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const again = await post(suite.app, "/api/v1/auth/signup/", {
        ...student,
        password: "another-password",
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: "email_taken", attr: "email" });
    });

    it("refuses a repeat once the account is more than ten minutes old", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      await suite.database.db
        .update(users)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(users.email, student.email));
      const again = await post(suite.app, "/api/v1/auth/signup/", student);
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
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const [row] = await suite.database.db
        .select()
        .from(users)
        .where(eq(users.email, student.email));
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
      [{ first_name: "x".repeat(51) }, "first_name", "First name must be at most 50 characters"],
      [
        { last_name: "pay at https://pay-waec-fee.example/now" },
        "last_name",
        "Last name can have only letters, spaces, hyphens, apostrophes and full stops: no numbers, email or web addresses",
      ],
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
      const response = await post(suite.app, "/api/v1/auth/signup/", makeStudent(change));
      expectErrorShape(response, 400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ attr, detail }));
      expect(await countUsers()).toBe(before);
    });

    it("reports one entry per problem", async () => {
      const response = await post(suite.app, "/api/v1/auth/signup/", { user_type: "STUDENT" });
      expect(response.statusCode).toBe(400);
      expect(
        response
          .json()
          .errors.map((e: ApiErrorItem) => e.attr)
          .sort(),
      ).toEqual(["email", "first_name", "last_name", "password"]);
    });

    it("does not trim the password", async () => {
      const student = makeStudent({ password: "  spaced out  " });
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const login = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: "spaced out",
      });
      expect(login.statusCode).toBe(401);
      const exact = await post(suite.app, "/api/v1/auth/login/", {
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
    ])("answers %s in the error shape", async (name, request, status) => {
      const response = await suite.app.inject({
        method: "POST",
        url: "/api/v1/auth/signup/",
        ...request,
      });
      expectErrorShape(response, status, name);
    });
  });

  describe("sign-up as a plain form post (Continue pressed before the page's script loaded)", () => {
    /** The form as the browser posts it: to its own page's address, which names the form. */
    const formPost = (fields: Record<string, string> | string, page = "/join") =>
      suite.app.inject({
        method: "POST",
        url: `${page}?form=sign-up`,
        payload: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
        headers: formHeaders,
      });
    /** An input of the page by its name, and whether it is marked and described. */
    const input = (html: string, name: string) => {
      const tag = new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
      return {
        value: / value="([^"]*)"/.exec(tag)?.[1],
        invalid: tag.includes('aria-invalid="true"'),
        describedBy: / aria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [],
      };
    };
    const summaryLinks = (html: string) =>
      [...html.matchAll(/<li><a href="#([^"]*)">([^<]*)<\/a><\/li>/g)].map((m) => [m[1], m[2]]);

    it("creates the account and sends the browser to the site's page saying so", async () => {
      const student = makeStudent();
      const response = await formPost(student);
      // 303: the browser gets /signed-up, so a reload shows that page and never posts again.
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/signed-up");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).not.toContain(student.email);
      const login = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
    });

    it("answers a repeat of a sign-up that just succeeded as the first, with one account", async () => {
      const student = makeStudent();
      // The first post made the account; its answer was lost, and Continue was pressed again.
      expect((await formPost(student)).statusCode).toBe(303);
      const again = await formPost(student);
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe("/signed-up");
      // /signed-up names the address to this browser again (join-page.test.ts).
      expect(String(again.headers["set-cookie"])).toContain(`${testCookies.signedUpAddress.name}=`);
      expect(await countAccounts(suite.database, student.email)).toBe(1);
    });

    it("comes back as its own page with every problem at its field, what was typed kept", async () => {
      const response = await formPost({
        first_name: "Ada2",
        last_name: "",
        email: "ada@example",
        password: "abc12",
        user_type: "STUDENT",
        referral_code: "",
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-store");
      const html = response.body;
      expect(html).toContain("<title>Error: Fixture sign-up</title>");
      expect(input(html, "first_name")).toMatchObject({ value: "Ada2", invalid: true });
      expect(input(html, "email")).toMatchObject({ value: "ada@example", invalid: true });
      expect(input(html, "password").value).toBeUndefined();
      expect(html).not.toContain("abc12");
      expect(input(html, "password").describedBy).toEqual([
        "_R_1_-password-hint",
        "_R_1_-password-error",
      ]);
      expect(html).toContain(
        '<p id="_R_1_-password-error" class="field-error">Password must be at least 8 characters</p>',
      );
      expect(summaryLinks(html).map(([id]) => id)).toEqual([
        "_R_1_-first_name",
        "_R_1_-last_name",
        "_R_1_-email",
        "_R_1_-password",
      ]);
      // As it works with no script: the framework would take the page back to how it was built.
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain('type="module"');
    });

    it("from an invite link, keeps the code and shows its note when no student has it", async () => {
      const response = await formPost(
        { ...makeStudent({ password: "abc12" }), referral_code: "NOPE42" },
        "/join/NOPE42",
      );
      expect(response.statusCode).toBe(400);
      const html = response.body;
      expect(input(html, "referral_code")).toMatchObject({ value: "NOPE42", invalid: true });
      expect(input(html, "referral_code").describedBy).toContain(joinSlots.inviteUnknown);
      expect(html).toContain(`<p id="${joinSlots.inviteUnknown}" class="field-error">`);
      expect(html).toMatch(new RegExp(`<button id="${joinSlots.inviteWithout}"[^>]*>`));
      expect(html).not.toMatch(new RegExp(`<button id="${joinSlots.inviteWithout}"[^>]*hidden`));
      expect(summaryLinks(html)).toEqual([
        ["_R_1_-password", "Password must be at least 8 characters"],
        ["_R_1_-invite", "No student has this invite code"],
      ]);
    });

    it("says a code no student has at its field when it is the only problem", async () => {
      const student = makeStudent({ referral_code: "NOPE42" });
      const response = await formPost(student, "/join/NOPE42");
      expect(response.statusCode).toBe(400);
      expect(summaryLinks(response.body)).toEqual([
        ["_R_1_-invite", "No student has this invite code"],
      ]);
      expect(input(response.body, "email").value).toBe(student.email);
      expect(await countAccounts(suite.database, student.email)).toBe(0);
    });

    it("continues without the code when its button sends an empty one after the field's", async () => {
      const student = makeStudent();
      const fields = new URLSearchParams({ ...student, referral_code: "NOPE42" });
      fields.append("referral_code", "");
      const response = await formPost(fields.toString());
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/signed-up");
    });

    it("keeps what was typed when a sign-up without the invite code is refused, the code left", async () => {
      const student = makeStudent({ first_name: "Ada2" });
      const fields = new URLSearchParams({ ...student, referral_code: "NOPE42" });
      fields.append("referral_code", "");
      // The button's own address is /join's: the page again is the one without the code.
      const response = await formPost(fields.toString());
      expect(response.statusCode).toBe(400);
      const html = response.body;
      expect(input(html, "first_name")).toMatchObject({ value: "Ada2", invalid: true });
      expect(input(html, "last_name").value).toBe(student.last_name);
      expect(input(html, "email").value).toBe(student.email);
      expect(input(html, "referral_code")).toMatchObject({ value: "", invalid: false });
      expect(html).toMatch(new RegExp(`<p id="${joinSlots.inviteUnknown}"[^>]* hidden=""`));
      expect(summaryLinks(html)).toEqual([
        ["_R_1_-first_name", nameMessages.notAName("First name")],
      ]);
    });

    it("answers a taken email under the email field", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const response = await formPost({ ...student, password: "another-password" });
      expect(response.statusCode).toBe(400);
      expect(input(response.body, "email")).toMatchObject({ value: student.email, invalid: true });
      expect(summaryLinks(response.body)).toEqual([["_R_1_-email", authMessages.emailTaken]]);
    });

    it("is the page's own only as a form: JSON to the page is not the API", async () => {
      const response = await suite.app.inject({
        method: "POST",
        url: "/join?form=sign-up",
        payload: JSON.stringify(makeStudent()),
        headers: { "content-type": "application/json" },
      });
      expectErrorShape(response, 405);
    });

    it("answers a post straight to the API with a page whose link never leaves the site", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const response = await suite.app.inject({
        method: "POST",
        url: "/api/v1/auth/signup/",
        payload: new URLSearchParams({ ...student, password: "another-password" }).toString(),
        headers: {
          ...formHeaders,
          referer: "https://evil.example/x?<script>",
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(`<p>${authMessages.emailTaken}</p>`);
      expect(response.body).toContain(
        '<a class="button button-primary" href="/" data-back>Back to the form</a>',
      );
      expect(response.body).not.toContain("evil.example");
      // The fixture's answer frame carries no script of its own: any would be the Referer's.
      expect(response.body).not.toContain("<script");
    });

    it("leaves the other routes JSON-only", async () => {
      const response = await suite.app.inject({
        method: "POST",
        url: "/api/v1/auth/login/",
        payload: "email=a@b.ng&password=whatever1",
        headers: formHeaders,
      });
      expectErrorShape(response, 415);
    });
  });

  describe("referrals", () => {
    it("records who referred a student, whatever the case of the code", async () => {
      const referrer = makeStudent();
      await post(suite.app, "/api/v1/auth/signup/", referrer);
      const [row] = await suite.database.db
        .select()
        .from(users)
        .where(eq(users.email, referrer.email));
      const code = row?.referralCode ?? "";
      const friend = makeStudent({ referral_code: code.toLowerCase() });
      expect((await post(suite.app, "/api/v1/auth/signup/", friend)).statusCode).toBe(201);
      const [friendRow] = await suite.database.db
        .select()
        .from(users)
        .where(eq(users.email, friend.email));
      expect(friendRow?.referredBy).toBe(row?.id);
    });

    it("refuses an unknown invite code and says how to sign up without one", async () => {
      const response = await post(
        suite.app,
        "/api/v1/auth/signup/",
        makeStudent({ referral_code: "NOPE" }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: "invalid_referral_code",
        attr: "referral_code",
      });
      expect(response.json().errors[0].detail).toMatch(/not valid.*sign up without an invite code/);
    });

    it.each([[""], [null], [undefined]])("treats %o as no referrer", async (code) => {
      const student = makeStudent({ referral_code: code });
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    });
  });
});

describe("when password hashing is saturated", () => {
  const [first] = databases;
  if (!first) throw new Error("no test database");
  const saturated = databaseOn(first);

  it("answers the sign-ups it cannot queue with 503 and Retry-After in the error shape, and recovers", async () => {
    const app = await makeApp(saturated.database, { hash: { workers: 1, maxQueued: 0, nice: 10 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => post(app, "/api/v1/auth/signup/", makeStudent())),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201).length, String(statuses)).toBeGreaterThanOrEqual(1);
      expect(
        statuses.filter((s) => s !== 201 && s !== 503),
        String(statuses),
      ).toEqual([]);
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length, String(statuses)).toBeGreaterThan(0);
      for (const response of busy) {
        expectErrorShape(response, 503, "busy sign-up");
        expect(response.json().errors).toEqual([
          { code: "service_busy", detail: authMessages.busy, attr: null },
        ]);
        expect(response.headers["retry-after"]).toBe("1");
        expectSecurityHeaders(response, "busy sign-up");
      }
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      expect((await post(app, "/api/v1/auth/signup/", makeStudent())).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});
