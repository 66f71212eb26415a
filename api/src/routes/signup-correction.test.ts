import {
  accountPages,
  authMessages,
  maskEmail,
  signupCorrectionLifetime,
  signupCorrectionMessages,
} from "@ysp/contract";
import { makeStudent, type Student, uniqueTag } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appWithMailOn,
  bearer,
  databaseOn,
  databasesForFile,
  formHeaders,
  logIn,
  makeApp,
  makeLoggingApp,
  post,
  testCookies,
} from "../../test/harness.ts";
import { mailTo, nextMailTo, tokenIn } from "../../test/mail.ts";
import { queryRows } from "../db/client.ts";
import { escapeHtml } from "../pages/escape-html.ts";

const databases = databasesForFile();

const confirmSubject = "Confirm your email";
const correctApi = "/api/v1/auth/signup/email/";
const signupCookie = testCookies.signupAccount.name;
/** A student who typed gmial.com for gmail.com. */
const typoStudent = () => {
  const name = `ada.${uniqueTag()}`;
  return { student: makeStudent({ email: `${name}@gmial.com` }), right: `${name}@gmail.com` };
};
/** The `name=value` of a cookie an answer sets, as the browser sends it back. */
const cookieSet = (answer: LightMyRequestResponse, name: string) =>
  [answer.headers["set-cookie"] ?? []]
    .flat()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";

describe.each(databases)("putting right an address mistyped at sign-up, on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, {}, () => clock);
  const { smtp } = suite;

  /** Signs up as a browser does: the cookie naming the new account. */
  const signUp = async (student: Student) => {
    const answer = await post(suite.app, "/api/v1/auth/signup/", student);
    expect(answer.statusCode, answer.body).toBe(201);
    const cookie = cookieSet(answer, signupCookie);
    expect(cookie).toMatch(new RegExp(`^${signupCookie}=ey`));
    return cookie;
  };
  const correct = (cookie: string, password: string, new_email: string, headers = {}) =>
    post(suite.app, correctApi, { password, new_email }, { cookie, ...headers });
  const verify = (token: string) => post(suite.app, "/api/v1/auth/verify-email/", { token });
  const logsIn = async (email: string, password: string) =>
    (await post(suite.app, "/api/v1/auth/login/", { email, password })).statusCode;
  const mailsTo = (email: string) =>
    smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
  /** The account's messages, sent or queued, by kind. */
  const queuedFor = async (email: string) =>
    (
      await queryRows<{ kind: string }>(
        suite.database.db,
        sql`select kind from mail_outbox o join users u on u.id = o.user_id
            where lower(u.email) = ${email.toLowerCase()} order by o.created_at`,
      )
    ).map((row) => row.kind);

  /** The account's links to confirm its address: how many were made, and how many still work. */
  const linksOf = async (email: string) => {
    const [row] = await queryRows<{ made: number; live: number }>(
      suite.database.db,
      sql`select count(*)::int as made,
                 (count(*) filter (where used_at is null and replaced_at is null))::int as live
          from account_links l join users u on u.id = l.user_id
          where lower(u.email) = ${email.toLowerCase()} and purpose = 'verify_email'`,
    );
    return row;
  };

  it('sends "Confirm your email" to the corrected address, whose link confirms it, and nothing to the wrong one', async () => {
    const { student, right } = typoStudent();
    const cookie = await signUp(student);
    const first = await mailTo(smtp, student.email, confirmSubject);
    // Every power of the account ends: a session the sign-up's student had on a phone too.
    const phone = await logIn(suite.app, student);

    const answer = await correct(cookie, student.password, right.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: signupCorrectionMessages.corrected });
    expect(answer.headers["cache-control"]).toBe("no-store");

    const token = tokenIn(await mailTo(smtp, right, confirmSubject), "/verify-email");
    expect((await verify(token)).statusCode).toBe(200);
    const now = await logIn(suite.app, { email: right, password: student.password });
    expect(now.user).toMatchObject({ email: right, email_verified: true });
    expect(await logsIn(student.email, student.password)).toBe(401);
    expect(
      (
        await suite.app.inject({
          url: "/api/v1/auth/me/",
          headers: bearer(phone.access),
        })
      ).statusCode,
    ).toBe(401);

    // The sign-up's link, in the wrong mailbox, no longer works; that mailbox got nothing else.
    const stale = await verify(tokenIn(first, "/verify-email"));
    expectErrorShape(stale, 400, "the wrong address's link");
    expect(stale.json().errors[0].code).toBe("link_replaced");
    expect(mailsTo(student.email).map((mail) => mail.subject)).toEqual([confirmSubject]);
    expect(await linksOf(right)).toEqual({ made: 2, live: 0 });
  });

  it("refuses a confirmed address: it was typed right, and /change-email changes it", async () => {
    const student = makeStudent();
    const cookie = await signUp(student);
    const token = tokenIn(await mailTo(smtp, student.email, confirmSubject), "/verify-email");
    expect((await verify(token)).statusCode).toBe(200);
    const refused = await correct(cookie, student.password, `new.${student.email}`);
    expectErrorShape(refused, 400, "a confirmed address");
    expect(refused.json().errors[0]).toEqual({
      code: "email_confirmed",
      detail: signupCorrectionMessages.confirmed,
      attr: null,
    });
    expect(await logsIn(student.email, student.password)).toBe(200);
  });

  it("refuses a wrong password as a login does, and changes nothing", async () => {
    const { student, right } = typoStudent();
    const cookie = await signUp(student);
    const refused = await correct(cookie, "not-the-password", right);
    expectErrorShape(refused, 400, "a wrong password");
    expect(refused.json().errors[0]).toEqual({
      code: "wrong_password",
      detail: signupCorrectionMessages.wrongPassword,
      attr: "password",
    });
    expect(await logsIn(student.email, student.password)).toBe(200);
    expect(await logsIn(right, student.password)).toBe(401);
  });

  it("takes no other proof of the account: no cookie, another account's, another kind of token, one past its day", async () => {
    const { student, right } = typoStudent();
    const cookie = await signUp(student);
    const other = makeStudent({ password: "another-student-9" });
    const othersCookie = await signUp(other);
    const unknown = {
      code: "not_authenticated",
      detail: signupCorrectionMessages.unknown,
      attr: null,
    };
    const access = (await logIn(suite.app, student)).access;
    for (const [label, sent] of [
      ["no cookie", ""],
      ["a token that is not ours", `${signupCookie}=not-a-token`],
      ["an access token as the cookie", `${signupCookie}=${access}`],
    ] as const) {
      const refused = await correct(sent, student.password, right);
      expectErrorShape(refused, 401, label);
      expect(refused.json().errors[0]).toEqual(unknown);
    }
    // Another account's cookie proves that account only: this one's password does not open it.
    const crossed = await correct(othersCookie, student.password, right);
    expect(crossed.json().errors[0].code).toBe("wrong_password");
    expect(await logsIn(other.email, other.password)).toBe(200);
    clock += signupCorrectionLifetime.seconds * 1000 + 1000;
    try {
      expect((await correct(cookie, student.password, right)).json().errors[0]).toEqual(unknown);
    } finally {
      clock = Date.now();
    }
    expect(await logsIn(student.email, student.password)).toBe(200);
  });

  it("refuses an address another account has or its way back holds, as the sign-up does, and mails nobody", async () => {
    const owner = makeStudent();
    await signUp(owner);
    await mailTo(smtp, owner.email, confirmSubject);
    const { student } = typoStudent();
    const cookie = await signUp(student);
    const refused = await correct(cookie, student.password, owner.email.toUpperCase());
    expectErrorShape(refused, 400, "an address another account has");
    expect(refused.json().errors[0]).toEqual({
      code: "email_taken",
      detail: authMessages.emailTaken,
      attr: "new_email",
    });
    // What the sign-up says of the same address: this tells nothing it does not.
    const signup = await post(suite.app, "/api/v1/auth/signup/", {
      ...makeStudent({ password: "not-the-owner-1" }),
      email: owner.email,
    });
    expect(signup.json().errors[0].detail).toBe(refused.json().errors[0].detail);
    expect(await queuedFor(owner.email)).toEqual(["verify-email"]);

    // A way back: a confirmed student changed address, and the old one stays theirs to take back.
    const mover = makeStudent();
    await signUp(mover);
    const verifyToken = tokenIn(await mailTo(smtp, mover.email, confirmSubject), "/verify-email");
    await verify(verifyToken);
    const session = await logIn(suite.app, mover);
    const moved = `moved.${mover.email}`;
    await post(
      suite.app,
      "/api/v1/auth/email-change/",
      { password: mover.password, new_email: moved },
      bearer(session.access),
    );
    const confirmToken = tokenIn(
      await mailTo(smtp, moved, "Confirm your new email"),
      "/change-email/confirm",
    );
    expect(
      (await post(suite.app, "/api/v1/auth/email-change/confirm/", { token: confirmToken }))
        .statusCode,
    ).toBe(200);
    const held = await correct(cookie, student.password, mover.email);
    expect(held.json().errors[0].code).toBe("email_taken");
    expect(await logsIn(student.email, student.password)).toBe(200);
  });

  it("lets two at once run one after the other: the same address sends one link, two addresses leave the later", async () => {
    const { student, right } = typoStudent();
    const cookie = await signUp(student);
    await mailTo(smtp, student.email, confirmSubject);
    const twice = await Promise.all([
      correct(cookie, student.password, right),
      correct(cookie, student.password, right),
    ]);
    expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
    await mailTo(smtp, right, confirmSubject);
    // The sign-up's and one correction's: the second found the first one's work done.
    expect(await linksOf(right)).toEqual({ made: 2, live: 1 });

    const [a, b] = [`a.${right}`, `b.${right}`];
    const both = await Promise.all([
      correct(cookie, student.password, a),
      correct(cookie, student.password, b),
    ]);
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const standing = (await logsIn(a, student.password)) === 200 ? a : b;
    expect(await logsIn(standing === a ? b : a, student.password)).toBe(401);
    expect((await linksOf(standing))?.live).toBe(1);
    const token = tokenIn(await mailTo(smtp, standing, confirmSubject), "/verify-email");
    expect((await verify(token)).statusCode).toBe(200);
  });

  it("works as a form post to /correct-email: the page for this browser, refusals at their fields, then /signed-up", async () => {
    const { student, right } = typoStudent();
    const posted = await post(
      suite.app,
      "/api/v1/auth/signup/",
      new URLSearchParams(student).toString(),
      formHeaders,
    );
    expect(posted.statusCode).toBe(303);
    const cookie = cookieSet(posted, signupCookie);
    const page = await suite.app.inject({ url: accountPages.correctEmail, headers: { cookie } });
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain(`<span id="sent-to">${maskEmail(student.email)}</span>`);
    expect(page.body).toContain('<div id="correct-email-form">');
    expect(page.body).toContain('<span id="correct-email-none" hidden="">');
    const anyone = await suite.app.inject({ url: accountPages.correctEmail });
    expect(anyone.body).toContain('<div id="correct-email-form" hidden="">');
    expect(anyone.body).not.toContain(maskEmail(student.email));

    const fields = (password: string) =>
      new URLSearchParams({ new_email: right, password }).toString();
    const wrong = await post(suite.app, accountPages.correctEmail, fields("not-the-password"), {
      ...formHeaders,
      cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers["content-type"]).toBe("text/html; charset=utf-8");
    // The page for this browser again: the address kept, the password not, the message under it.
    expect(wrong.body).toContain(`value="${right}"`);
    expect(wrong.body).not.toContain("not-the-password");
    expect(wrong.body).toContain(
      `<p id="correct-password-error" class="field-error">${escapeHtml(signupCorrectionMessages.wrongPassword)}</p>`,
    );
    expect(wrong.body).toContain(maskEmail(student.email));

    const done = await post(suite.app, accountPages.correctEmail, fields(student.password), {
      ...formHeaders,
      cookie,
    });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(accountPages.signedUp);
    const signedUp = await suite.app.inject({
      url: accountPages.signedUp,
      headers: { cookie: `${cookie}; ${cookieSet(done, testCookies.signedUpAddress.name)}` },
    });
    expect(signedUp.body).toContain(`<span id="sent-to">${maskEmail(right)}</span>`);
    await mailTo(smtp, right, confirmSubject);

    // Without the cookie, a page says why not, and leads to /change-email.
    const stranger = await post(
      suite.app,
      accountPages.correctEmail,
      fields(student.password),
      formHeaders,
    );
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).toContain(escapeHtml(signupCorrectionMessages.unknown));
    expect(stranger.body).toContain('href="/change-email"');
  });

  it("asks /signed-up's new link for this browser's account without the address typed again", async () => {
    const student = makeStudent();
    const cookie = await signUp(student);
    await mailTo(smtp, student.email, confirmSubject);
    const page = await suite.app.inject({ url: accountPages.signedUp, headers: { cookie } });
    expect(page.body).toContain('<div id="new-link-by-address" hidden="">');
    expect(page.body).toContain('<div id="new-link-here">');
    const anyone = await suite.app.inject({ url: accountPages.signedUp });
    expect(anyone.body).toContain('<div id="new-link-here" hidden="">');

    const second = nextMailTo(smtp, student.email, confirmSubject);
    const asked = await post(suite.app, accountPages.signedUp, "", { ...formHeaders, cookie });
    expect(asked.statusCode, asked.body).toBe(303);
    expect(asked.headers.location).toBe("/verify-email/sent");
    const token = tokenIn(await second(), "/verify-email");
    expect((await verify(token)).statusCode).toBe(200);
    // Confirmed now: asked again, the same answer, and nothing sent.
    expect(
      (await post(suite.app, accountPages.signedUp, "", { ...formHeaders, cookie })).statusCode,
    ).toBe(303);
    expect(await queuedFor(student.email)).toEqual(["verify-email", "verify-email"]);

    const none = await post(suite.app, accountPages.signedUp, "", formHeaders);
    expect(none.statusCode).toBe(401);
    expect(none.body).toContain(escapeHtml(signupCorrectionMessages.unknownForLink));
    expect(none.body).toContain('href="/verify-email?new-link#new-link"');
  });

  it("refuses a form another site makes the browser post, before any work", async () => {
    const { student, right } = typoStudent();
    const cookie = await signUp(student);
    const fields = new URLSearchParams({ new_email: right, password: student.password }).toString();
    for (const [url, payload] of [
      [accountPages.correctEmail, fields],
      [accountPages.signedUp, ""],
    ] as const) {
      const refused = await post(suite.app, url, payload, {
        ...formHeaders,
        cookie,
        "sec-fetch-site": "cross-site",
        origin: "https://evil.example",
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.headers["set-cookie"]).toBeUndefined();
    }
    // JSON is not a form, so the cross-site policy lets it by; the cookie is not taken from one.
    const json = await correct(cookie, student.password, right, { "sec-fetch-site": "cross-site" });
    expect(json.statusCode).toBe(401);
    expect(await logsIn(student.email, student.password)).toBe(200);
    expect(await queuedFor(student.email)).toEqual(["verify-email"]);
  });
});

describe.each(databases)("a correction's queue, limits and log line, on $name", (testDb) => {
  const suite = databaseOn(testDb);

  it("withdraws the link still queued to the wrong address, so it never goes out", async () => {
    // No mail is sent from this suite's database: the sign-up's message waits in the queue, as
    // behind a backlog.
    const app = await makeApp(suite.database);
    const queued = async (email: string) =>
      (
        await queryRows<{ kind: string }>(
          suite.database.db,
          sql`select kind from mail_outbox o join users u on u.id = o.user_id
              where lower(u.email) = ${email.toLowerCase()}`,
        )
      ).map((row) => row.kind);
    const liveLinks = async (email: string) =>
      (
        await queryRows<{ n: number }>(
          suite.database.db,
          sql`select count(*)::int as n from account_links l join users u on u.id = l.user_id
              where lower(u.email) = ${email.toLowerCase()}
                and used_at is null and replaced_at is null`,
        )
      )[0]?.n;
    try {
      const { student, right } = typoStudent();
      const cookie = cookieSet(await post(app, "/api/v1/auth/signup/", student), signupCookie);
      expect(await queued(student.email)).toEqual(["verify-email"]);
      const corrected = await post(
        app,
        correctApi,
        { password: student.password, new_email: right },
        { cookie },
      );
      expect(corrected.statusCode, corrected.body).toBe(200);
      // One message, the correction's: the sign-up's is gone, its link replaced.
      expect(await queued(right)).toEqual(["verify-email"]);
      expect(await liveLinks(right)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("counts a wrong password with the logins of the account's address", async () => {
    const app = await makeApp(suite.database, { rateLimits: { loginPerEmailPerMinute: 2 } });
    try {
      const { student, right } = typoStudent();
      const cookie = cookieSet(await post(app, "/api/v1/auth/signup/", student), signupCookie);
      for (let i = 0; i < 2; i++)
        expect(
          (await post(app, correctApi, { password: "guess", new_email: right }, { cookie }))
            .statusCode,
        ).toBe(400);
      const limited = await post(
        app,
        correctApi,
        { password: "guess", new_email: right },
        { cookie },
      );
      expectErrorShape(limited, 429, "a third guess");
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
      const login = await post(app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("writes the account's id in its log line: no address, password or token", async () => {
    const { app, lines } = await makeLoggingApp(suite.database);
    const { student, right } = typoStudent();
    let cookie = "";
    try {
      cookie = cookieSet(await post(app, "/api/v1/auth/signup/", student), signupCookie);
      const corrected = await post(
        app,
        correctApi,
        { password: student.password, new_email: right },
        { cookie },
      );
      expect(corrected.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const line = lines.find((l) => (l.req as { url?: string } | undefined)?.url === correctApi);
    expect(line).toMatchObject({ userId: expect.any(String), corrected: true });
    const written = JSON.stringify(lines);
    for (const secret of [
      right,
      student.email,
      student.password,
      cookie.slice(`${signupCookie}=`.length),
    ])
      expect(written).not.toContain(secret);
  });
});
