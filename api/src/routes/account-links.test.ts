import {
  accountMessages,
  answerPages,
  apiMessages,
  type LoginResponse,
  linkProblems,
  type PublicUser,
} from "@ysp/contract";
import type { ReceivedMail } from "@ysp/testing/smtp";
import { makeStudent, type Student } from "@ysp/testing/students";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  bearer,
  databaseOn,
  databasesForFile,
  formHeaders,
  mailThrough,
  makeApp,
  post,
  signUp as signUpOn,
  smtpForFile,
  testPublicUrl,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { until } from "../../test/until.ts";
import { type Db, queryRows } from "../db/client.ts";
import { accountLinks, linkRequestKinds, mailOutbox, users } from "../db/schema.ts";

const databases = databasesForFile();
const hour = 3600_000;

/** The three requests for a link by address, each with the kind of row it queues and its message. */
const linkRequests = [
  ["/api/v1/auth/verify-email/resend/", "verify-email-request", "Confirm your email"],
  ["/api/v1/auth/password-reset/", "reset-password-request", "Reset your password"],
  ["/api/v1/auth/your-data/link/", "your-data-request", "Your data at YSP"],
] as const;

/** Resolves once the mail worker has handled every link request queued so far. */
const requestsHandled = (db: Db) =>
  until(
    async () =>
      (await db.$count(
        mailOutbox,
        and(
          inArray(mailOutbox.kind, linkRequestKinds),
          or(isNull(mailOutbox.sentAt), isNotNull(mailOutbox.toAddress)),
        ),
      )) === 0,
    "the link requests handled",
  );

const smtp = smtpForFile();

const mailConfig = () => mailThrough(smtp.url);

/** The token of the message's link to `path`, checked to be its one link. */
function onlyLinkToken(mail: ReceivedMail, path: string): string {
  expect(mail.links).toHaveLength(1);
  return tokenIn(mail, path);
}

describe.each(databases)("e-mail verification and password reset on $name", (testDb) => {
  const suite = databaseOn(testDb);
  let app: FastifyInstance;
  let clock = Date.now();
  beforeAll(async () => {
    app = await makeApp(suite.database, { mail: mailConfig() }, () => clock);
  }, 60_000);
  afterAll(() => app.close());

  const signUp = (student?: Student) => signUpOn(app, student);
  const logIn = (email: string, password: string) =>
    post(app, "/api/v1/auth/login/", { email, password });
  const me = async (access: string) =>
    (await app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) })).json() as PublicUser;
  const queuedFor = async (email: string) => {
    const rows = await queryRows<{ n: number }>(
      suite.database.db,
      sql`select count(*)::int as n from mail_outbox m join users u on u.id = m.user_id
          where lower(u.email) = ${email}`,
    );
    return rows[0]?.n;
  };

  it("sends one 'Confirm your email' after sign-up, whose link confirms the address once", async () => {
    const student = await signUp();
    const mail = await mailTo(smtp, student.email, "Confirm your email");
    expect(mail.from).toBe("hello@ysp.example");
    expect(mail.headers.get("from")).toMatchObject({
      value: [{ name: "YSP", address: "hello@ysp.example" }],
    });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@ysp\.example>$/);
    expect(mail.text).toContain(`Hi ${student.first_name},`);
    expect(mail.html).toContain('<html lang="en-NG">');
    expect(mail.html).toContain("Confirm my email");
    expect(mail.raw).not.toContain(student.password);

    const token = onlyLinkToken(mail, "/verify-email");
    // 32 bytes of HMAC, base64url: the link carries 256 bits; the database only their hash.
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await suite.database.db.select().from(accountLinks);
    expect(JSON.stringify(stored)).not.toContain(token);
    const queued = await suite.database.db.select().from(mailOutbox);
    expect(JSON.stringify(queued)).not.toContain(token);

    const before = (await logIn(student.email, student.password)).json() as LoginResponse;
    expect(before.user.email_verified).toBe(false);

    const verified = await post(app, "/api/v1/auth/verify-email/", { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: accountMessages.emailConfirmed });
    // The first confirmation ends the sessions made before it: the app logs in again.
    const ended = await app.inject({
      url: "/api/v1/auth/me/",
      headers: bearer(before.access),
    });
    expect(ended.statusCode).toBe(401);
    const after = (await logIn(student.email, student.password)).json() as LoginResponse;
    expect(after.user.email_verified).toBe(true);
    expect((await me(after.access)).email_verified).toBe(true);

    const again = await post(app, "/api/v1/auth/verify-email/", { token });
    expectErrorShape(again, 400);
    expect(again.json().errors[0]).toEqual({
      code: "link_used",
      detail: linkProblems.link_used,
      attr: "token",
    });
  });

  it("refuses an unknown token and an expired link with their own messages", async () => {
    const unknown = await post(app, "/api/v1/auth/verify-email/", { token: "x".repeat(43) });
    expect(unknown.json().errors[0].code).toBe("link_invalid");
    const empty = await post(app, "/api/v1/auth/verify-email/", { token: " " });
    expectErrorShape(empty, 400);
    expect(empty.json().errors[0].detail).toBe(linkProblems.link_invalid);

    const student = await signUp();
    const token = onlyLinkToken(
      await mailTo(smtp, student.email, "Confirm your email"),
      "/verify-email",
    );
    clock += 48 * hour + 1000;
    try {
      const expired = await post(app, "/api/v1/auth/verify-email/", { token });
      expect(expired.json().errors[0]).toMatchObject({
        code: "link_expired",
        detail: linkProblems.link_expired,
      });
    } finally {
      clock -= 48 * hour + 1000;
    }
  });

  it("queues no second message for a repeated sign-up (the ten-minute rule)", async () => {
    const student = await signUp();
    await signUp(student);
    await mailTo(smtp, student.email, "Confirm your email");
    expect(await queuedFor(student.email)).toBe(1);
    expect(smtp.to(student.email)).toHaveLength(1);
  });

  it("resends to an unconfirmed account only, answering every address the same", async () => {
    const student = await signUp();
    const first = onlyLinkToken(
      await mailTo(smtp, student.email, "Confirm your email"),
      "/verify-email",
    );
    const unknown = await post(app, "/api/v1/auth/verify-email/resend/", {
      email: makeStudent().email,
    });
    const known = await post(app, "/api/v1/auth/verify-email/resend/", {
      email: student.email.toUpperCase(),
    });
    for (const answer of [unknown, known]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: accountMessages.verifyLinkSent });
    }
    await smtp.waitFor(
      (m) =>
        m.to.includes(student.email) && m.links[0] !== undefined && !m.links[0].endsWith(first),
    );
    const second = smtp.to(student.email)[1];
    expect(second?.subject).toBe("Confirm your email");
    const replaced = await post(app, "/api/v1/auth/verify-email/", { token: first });
    expect(replaced.json().errors[0].code).toBe("link_replaced");
    const token = onlyLinkToken(second as ReceivedMail, "/verify-email");
    expect((await post(app, "/api/v1/auth/verify-email/", { token })).statusCode).toBe(200);

    // Confirmed: a resend answers the same and queues nothing.
    const queued = await queuedFor(student.email);
    await post(app, "/api/v1/auth/verify-email/resend/", { email: student.email });
    await requestsHandled(suite.database.db);
    expect(await queuedFor(student.email)).toBe(queued);
  });

  it("mails the link asked for to an address with an account, once, and nothing to one without", async () => {
    const student = await signUp();
    await mailTo(smtp, student.email, "Confirm your email");
    const nobody = makeStudent().email;
    for (const [path, , subject] of linkRequests) {
      const before = smtp.to(student.email).length;
      for (const email of [nobody, student.email])
        expect((await post(app, path, { email })).statusCode).toBe(202);
      await smtp.waitFor(
        (m) =>
          m.to.includes(student.email) &&
          m.subject === subject &&
          !smtp.to(student.email).slice(0, before).includes(m),
      );
    }
    await requestsHandled(suite.database.db);
    // The worker polls twice a second: a second message for any request would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.to(student.email).map((m) => m.subject)).toEqual([
      "Confirm your email",
      ...linkRequests.map(([, , subject]) => subject),
    ]);
    expect(smtp.to(nobody)).toEqual([]);
    // Handled, a request keeps no address.
    const kept = await queryRows<{ n: number }>(
      suite.database.db,
      sql`select count(*)::int as n from mail_outbox where to_address in (${nobody}, ${student.email})`,
    );
    expect(kept[0]?.n).toBe(0);
  });

  it("resets a password by mail: new password works, old one and old sessions do not", async () => {
    const student = await signUp();
    const session = (await logIn(student.email, student.password)).json() as LoginResponse;

    const unknown = await post(app, "/api/v1/auth/password-reset/", { email: makeStudent().email });
    const asked = await post(app, "/api/v1/auth/password-reset/", { email: student.email });
    for (const answer of [unknown, asked]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: accountMessages.resetLinkSent });
    }
    const mail = await mailTo(smtp, student.email, "Reset your password");
    expect(mail.text).toContain("30 minutes");
    const token = onlyLinkToken(mail, "/reset-password");

    const short = await post(app, "/api/v1/auth/password-reset/confirm/", {
      token,
      password: "short",
    });
    expectErrorShape(short, 400);
    expect(short.json().errors[0]).toMatchObject({
      detail: apiMessages.passwordShort,
      attr: "password",
    });

    const newPassword = "a-new-password-2026";
    const changed = await post(app, "/api/v1/auth/password-reset/confirm/", {
      token,
      password: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: accountMessages.passwordChanged });

    expect((await logIn(student.email, student.password)).statusCode).toBe(401);
    const fresh = await logIn(student.email, newPassword);
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as LoginResponse).user.email_verified).toBe(true);
    const refresh = await post(app, "/api/v1/auth/refresh/", { refresh: session.refresh });
    expectErrorShape(refresh, 401);

    const notice = await mailTo(smtp, student.email, "Your password was changed");
    expect(notice.text).toContain(`${testPublicUrl}/forgot-password`);
    expect(notice.raw).not.toContain(newPassword);

    const reused = await post(app, "/api/v1/auth/password-reset/confirm/", {
      token,
      password: "yet-another-password",
    });
    expect(reused.json().errors[0].code).toBe("link_used");
  });

  it("makes earlier reset links useless, and each one expires after 30 minutes", async () => {
    const student = await signUp();
    await post(app, "/api/v1/auth/password-reset/", { email: student.email });
    const first = onlyLinkToken(
      await mailTo(smtp, student.email, "Reset your password"),
      "/reset-password",
    );
    await post(app, "/api/v1/auth/password-reset/", { email: student.email });
    await smtp.waitFor(
      (m) =>
        m.to.includes(student.email) &&
        m.subject === "Reset your password" &&
        !m.links[0]?.endsWith(first),
    );
    const second = smtp
      .to(student.email)
      .filter((m) => m.subject === "Reset your password")
      .map((m) => onlyLinkToken(m, "/reset-password"))
      .find((t) => t !== first) as string;
    const confirm = (token: string) =>
      post(app, "/api/v1/auth/password-reset/confirm/", { token, password: "long-enough-123" });
    expect((await confirm(first)).json().errors[0].code).toBe("link_replaced");
    clock += 30 * 60_000 + 1000;
    try {
      expect((await confirm(second)).json().errors[0].code).toBe("link_expired");
    } finally {
      clock -= 30 * 60_000 + 1000;
    }
    expect((await logIn(student.email, student.password)).statusCode).toBe(200);
  });

  it("answers the pages' plain form posts with pages of the site, the token read from the address", async () => {
    const student = await signUp();
    const token = onlyLinkToken(
      await mailTo(smtp, student.email, "Confirm your email"),
      "/verify-email",
    );
    const confirmed = await post(app, `/verify-email?token=${token}`, "", formHeaders);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe("/email-confirmed");
    const [row] = await suite.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, student.email));
    expect(row?.at).not.toBeNull();

    const used = await post(app, `/verify-email?token=${token}`, "", formHeaders);
    expect(used.statusCode).toBe(400);
    expect(used.headers["content-type"]).toMatch(/^text\/html/);
    expect(used.body).toContain(linkProblems.link_used);
    expect(used.body).toContain('href="/verify-email?new-link#new-link"');
    // Written into the site's own frame, its header and footer around it.
    expect(used.body).toContain("<header>Fixture header</header>");
    expect(used.body).toContain("<footer>Fixture footer</footer>");
    expect(used.headers["cache-control"]).toBe("no-store");

    const resend = await post(
      app,
      "/api/v1/auth/verify-email/resend/",
      `email=${encodeURIComponent(student.email)}`,
      formHeaders,
    );
    // Done: a 303 to the site's page saying so, which a reload shows again.
    expect(resend.statusCode).toBe(303);
    expect(resend.headers.location).toBe(answerPages.verifyLinkSent);

    const asked = await post(
      app,
      "/api/v1/auth/password-reset/",
      `email=${encodeURIComponent(student.email)}`,
      formHeaders,
    );
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(answerPages.resetLinkSent);
    // An address with no account gets the same page, and no message (tested above).
    const nobody = await post(
      app,
      "/api/v1/auth/password-reset/",
      `email=${encodeURIComponent(makeStudent().email)}`,
      formHeaders,
    );
    expect(nobody.statusCode).toBe(303);
    expect(nobody.headers.location).toBe(answerPages.resetLinkSent);
    const reset = onlyLinkToken(
      await mailTo(smtp, student.email, "Reset your password"),
      "/reset-password",
    );
    const empty = await post(app, `/reset-password?token=${reset}`, "password=", formHeaders);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Please enter your password");
    expect(empty.body).toContain(`href="/reset-password?token=${reset}"`);
    const changed = await post(
      app,
      `/reset-password?token=${reset}`,
      "password=a+new+password",
      formHeaders,
    );
    expect(changed.statusCode, changed.body).toBe(303);
    expect(changed.headers.location).toBe(answerPages.passwordChanged);
    expect((await logIn(student.email, "a new password")).statusCode).toBe(200);
    const again = await post(
      app,
      `/reset-password?token=${reset}`,
      "password=a+new+password",
      formHeaders,
    );
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('href="/forgot-password"');
  });
});

describe.each(databases)("the mail queue on $name", (testDb) => {
  const suite = databaseOn(testDb);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp(suite.database, { mail: mailConfig() });
  }, 60_000);
  afterAll(() => app.close());

  const outboxRow = async (email: string) =>
    (
      await queryRows<{ id: string; attempts: number; sent: boolean; error: string | null }>(
        suite.database.db,
        sql`select m.id, m.attempts, m.sent_at is not null as sent, m.last_error as error
            from mail_outbox m join users u on u.id = m.user_id where lower(u.email) = ${email}`,
      )
    )[0];

  it("tries again after a refusal, with the same Message-ID", async () => {
    const student = makeStudent();
    smtp.refuse(true);
    try {
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      await until(async () => (await outboxRow(student.email))?.error != null, "a refusal");
    } finally {
      smtp.refuse(false);
    }
    expect(smtp.to(student.email)).toHaveLength(0);
    expect((await outboxRow(student.email))?.error).toMatch(/451/);
    // The next try waits 15 to 30 s; the test brings it forward rather than wait.
    await suite.database.db.execute(
      sql`update mail_outbox set available_at = now() where sent_at is null`,
    );
    const mail = await mailTo(smtp, student.email, "Confirm your email");
    expect(mail.messageId).toBe(`<${(await outboxRow(student.email))?.id}@ysp.example>`);
    // Marked sent just after the server accepted it.
    await until(async () => (await outboxRow(student.email))?.sent === true, "marked sent");
    expect(await outboxRow(student.email)).toMatchObject({ attempts: 2, error: null });
  });
});

describe.each(databases.filter((db) => db.name === "postgres"))(
  "two instances sending on $name",
  (testDb) => {
    it("send each message once", async () => {
      const [one, two] = await testDb.openTwice();
      const apps = [
        await makeApp(one, { mail: mailConfig() }),
        await makeApp(two, { mail: mailConfig() }),
      ];
      try {
        const students = Array.from({ length: 30 }, () => makeStudent());
        const answers = await Promise.all(
          students.map((student, i) =>
            post(apps[i % 2] as FastifyInstance, "/api/v1/auth/signup/", student),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(students.map(() => 201));
        for (const student of students) await mailTo(smtp, student.email, "Confirm your email");
        // Both workers poll twice a second: a second copy would have come by now.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        for (const student of students) expect(smtp.to(student.email)).toHaveLength(1);
      } finally {
        for (const app of apps) await app.close();
        await one.close();
        await two.close();
      }
    }, 60_000);
  },
);

/** Rows in each table of the schema. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe.each(databases)("what a link request does before its answer, on $name", (testDb) => {
  const suite = databaseOn(testDb);
  let app: FastifyInstance;
  // No mail: no worker takes the queued rows, so the database holds what the request did.
  beforeAll(async () => {
    app = await makeApp(suite.database);
  }, 60_000);
  afterAll(() => app.close());

  it.each(linkRequests)(
    "%s queues one row, the same for an address with an account and one without",
    async (path, kind) => {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const wrote: Record<string, Record<string, number>> = {};
      const queued: Record<string, unknown[]> = {};
      for (const [who, email] of [
        ["with an account", student.email],
        ["without one", makeStudent().email],
      ] as const) {
        const before = await rowCounts(suite.database.db);
        expect((await post(app, path, { email })).statusCode).toBe(202);
        const after = await rowCounts(suite.database.db);
        // Counters of the limits are per address, and kept in PostgreSQL only.
        const { rate_limit_counters: _, ...tables } = after;
        wrote[who] = Object.fromEntries(
          Object.entries(tables)
            .filter(([table, n]) => n !== before[table])
            .map(([table, n]) => [table, n - (before[table] ?? 0)]),
        );
        queued[who] = await queryRows(
          suite.database.db,
          sql`select kind, user_id, nonce from mail_outbox where to_address = ${email}`,
        );
      }
      expect(wrote["with an account"]).toEqual(wrote["without one"]);
      expect(wrote["with an account"]).toEqual({ mail_outbox: 1 });
      const row = { kind, user_id: null, nonce: null };
      expect(queued).toEqual({ "with an account": [row], "without one": [row] });
    },
  );
});

describe("the requests that send a link", () => {
  const suite = databaseOn(databases[0] as (typeof databases)[number]);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp(suite.database, {
      rateLimits: { mailPerAddressPerHour: 2, mailPerMinute: 5 },
    });
  }, 60_000);
  afterAll(() => app.close());

  it("are limited per IP and address, and per IP, in the API's error shape with Retry-After", async () => {
    const email = makeStudent().email;
    const ask = (address: string, ip = "198.51.100.7") =>
      app.inject({
        method: "POST",
        url: "/api/v1/auth/password-reset/",
        payload: { email: address },
        remoteAddress: ip,
      });
    expect((await ask(email)).statusCode).toBe(202);
    expect((await ask(email.toUpperCase())).statusCode).toBe(202);
    const third = await ask(email);
    expectErrorShape(third, 429);
    expect(third.headers["retry-after"]).toMatch(/^\d+$/);
    // The same address from another IP: that IP's own count.
    expect((await ask(email, "198.51.100.8")).statusCode).toBe(202);
    // Another address from the first IP: its own count, until the IP's runs out.
    expect((await ask(makeStudent().email)).statusCode).toBe(202);
    expect((await ask(makeStudent().email)).statusCode).toBe(202);
    expectErrorShape(await ask(makeStudent().email), 429);
  });
});
