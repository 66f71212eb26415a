import { brotliDecompressSync } from "node:zlib";
import { crossSitePostPage } from "@ysp/content/error-pages";
import { policyVersions } from "@ysp/content/legal/versions";
import {
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  linkProblems,
  type PublicUser,
  yourDataApi,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appWithMailOn,
  bearer,
  builtSite,
  databasesForFile,
  formHeaders,
  hasBuild,
  logIn as logInTo,
  openConfirmationLink,
  openDataLink,
  post,
  signUp as signUpOn,
  testCookies,
  testPublicUrl,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { until } from "../../test/until.ts";
import { queryRows } from "../db/client.ts";

const databases = databasesForFile();
const day = 24 * 3600_000;
const built = hasBuild();

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: formHeaders,
});

/**
 * Every table of the schema, and the key of the download that holds its rows for a person:
 * a table added without a place in the download (or in the deletion) fails these tests.
 */
const downloadKeyOf: Record<string, string> = {
  users: "account",
  auth_sessions: "sessions",
  account_links: "links_sent_by_email",
  mail_outbox: "emails",
  consent_records: "consent_records",
  guardian_requests: "guardian_requests",
  newsletter_subscriptions: "newsletter",
  data_requests: "data_requests",
  federated_identities: "sign_in_providers",
  staff_audit: "staff_looks",
};

/** Tables that hold nothing of a person's, and why. */
const notPersonal: Record<string, string> = {
  rate_limit_counters: "keyed hashes of addresses, kept for an hour at most (rate-limit-store.ts)",
  background_runs: "when each background job last finished (metrics-database.ts)",
  page_views:
    "views per day, page and referring site: no address, browser or cookie (page-views.ts)",
  staff_members: "the company's staff, by their work address (staff/members.ts)",
  staff_passkeys: "the staff's passkeys: public keys, no secret (staff/passkeys.ts)",
  staff_sessions: "the staff's logins (staff/staff-sessions.ts)",
};

const publicTables = async (app: { db: Parameters<typeof queryRows>[0] }) =>
  (
    await queryRows<{ table_name: string }>(
      app.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.table_name);

describe.each(databases)("consent, guardians, your data and the newsletter on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, built ? { site: builtSite } : {}, () => clock);
  const { smtp } = suite;

  const signUp = (student?: Student) => signUpOn(suite.app, student);
  const logIn = (student: Student) => logInTo(suite.app, student);
  const me = (access: string) =>
    suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) });
  const confirmEmail = (student: Student) => openConfirmationLink(suite.app, smtp, student.email);
  const withCookie = (cookie: string) => ({ cookie });

  const openYourData = (student: Student) => openDataLink(suite.app, smtp, student.email);

  const askGuardian = async (student: Student, guardianEmail: string) => {
    const cookie = await confirmEmail(student);
    const asked = await suite.app.inject({
      method: "POST",
      url: `${yourDataApi}/guardian-request/`,
      ...form({ guardian_email: guardianEmail }),
      headers: { ...form({}).headers, ...withCookie(cookie) },
    });
    // A plain form post: a 303 to the site's page saying so, which a reload shows again.
    expect(asked.statusCode, asked.body).toBe(303);
    expect(asked.headers.location).toBe(answerPages.guardianAsked);
    const mail = await mailTo(smtp, guardianEmail, /asks for your permission/);
    return { mail, token: tokenIn(mail, dataRightsPages.guardianConsent), cookie };
  };

  it("records the Terms and Privacy versions a sign-up agreed to, in a table that refuses edits", async () => {
    const student = await signUp();
    const rows = await queryRows<Record<string, string>>(
      suite.database.db,
      sql`select c.kind, c.terms_version, c.privacy_version, c.source_page
          from consent_records c join users u on u.id = c.user_id where u.email = ${student.email}`,
    );
    expect(rows).toEqual([
      {
        kind: "terms_accepted",
        terms_version: policyVersions.terms,
        privacy_version: policyVersions.privacy,
        source_page: "/join",
      },
    ]);
    await expect(
      suite.database.db.execute(sql`update consent_records set kind = 'terms_accepted'`),
    ).rejects.toThrow();
  });

  it("a parent gives permission: named message, page with the child's name, record, /me and login say granted", async () => {
    const student = await signUp();
    expect(((await me((await logIn(student)).access)).json() as PublicUser).guardian_consent).toBe(
      "none",
    );
    const parent = `parent.${student.email}`;
    const { mail, token } = await askGuardian(student, parent);
    // Confirming the address (askGuardian does) ended the sessions from before it.
    const { access } = await logIn(student);
    expect(mail.subject).toBe("A student asks for your permission to use YSP");
    expect(mail.text).toContain(`gave the name "${student.first_name} ${student.last_name}"`);
    expect(mail.text).toContain("learning app");
    expect(((await me(access)).json() as PublicUser).guardian_consent).toBe("pending");
    if (built) {
      const page = await suite.app.inject({ url: `/guardian-consent?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain(
        `<strong id="child-name">${student.first_name} ${student.last_name}</strong>`,
      );
      const compressed = await suite.app.inject({
        url: `/guardian-consent?token=${token}`,
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(compressed.headers["cache-control"]).toBe("no-store");
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(page.body);
      // A browser that does not check the form itself: the parent's own page again, the
      // student named, the relationship chosen kept, the message under the name.
      const refused = await suite.app.inject({
        method: "POST",
        url: `/guardian-consent?token=${token}`,
        ...form({ decision: "grant", guardian_name: " ", relationship: "Mother" }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        `<strong id="child-name">${student.first_name} ${student.last_name}</strong>`,
      );
      expect(refused.body).toMatch(/<input aria-invalid="true"[^>]*name="guardian_name"/);
      expect(refused.body).toContain(
        `class="field-error">${dataRightsMessages.guardianNameRequired}</p>`,
      );
      expect(refused.body).toContain('<option value="Mother" selected="">');
    }
    const answer = await suite.app.inject({
      method: "POST",
      url: `/guardian-consent?token=${token}`,
      ...form({ decision: "grant", guardian_name: "Ngozi Okafor", relationship: "Mother" }),
    });
    expect(answer.statusCode, answer.body).toBe(303);
    expect(answer.headers.location).toBe(answerPages.guardianGranted);
    const [record] = await queryRows<Record<string, string | null>>(
      suite.database.db,
      sql`select c.guardian_name, c.guardian_relationship, c.terms_version, c.privacy_version,
                 c.guardian_request_id = r.id as answers_request
          from consent_records c join guardian_requests r on r.id = c.guardian_request_id
          join users u on u.id = c.user_id
          where u.email = ${student.email} and c.kind = 'guardian_granted'`,
    );
    expect(record).toEqual({
      guardian_name: "Ngozi Okafor",
      guardian_relationship: "Mother",
      terms_version: policyVersions.terms,
      privacy_version: policyVersions.privacy,
      answers_request: true,
    });
    expect(((await me(access)).json() as PublicUser).guardian_consent).toBe("granted");
    expect((await logIn(student)).user.guardian_consent).toBe("granted");
    const again = await post(suite.app, "/api/v1/guardian-consent/", { token, decision: "refuse" });
    expectErrorShape(again, 400);
    expect(again.json().errors[0]).toMatchObject({
      code: "link_used",
      detail: linkProblems.link_used,
    });
  });

  it("a parent refuses: the student is told, and the account is erased after 30 days", async () => {
    const student = await signUp();
    const parent = `not.mine.${student.email}`;
    const { token } = await askGuardian(student, parent);
    const answer = await post(suite.app, "/api/v1/guardian-consent/", {
      token,
      decision: "refuse",
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(dataRightsMessages.guardianRefused);
    const told = await mailTo(
      smtp,
      student.email,
      "Your parent or guardian did not give permission",
    );
    expect(told.text).toMatch(/will be deleted on \d{1,2} \w+ \d{4}/);
    expect((await logIn(student)).user.guardian_consent).toBe("refused");
    expect(await suite.app.eraseRefusedAccounts()).toBe(0);
    const saved = clock;
    clock += 31 * day;
    try {
      expect(await suite.app.eraseRefusedAccounts()).toBeGreaterThanOrEqual(1);
    } finally {
      clock = saved;
    }
    const login = await post(suite.app, "/api/v1/auth/login/", {
      email: student.email,
      password: student.password,
    });
    expect(login.statusCode).toBe(401);
    await mailTo(smtp, student.email, "Your YSP account is deleted");
    const [erasure] = await queryRows<{ outcome: string; done: boolean }>(
      suite.database.db,
      sql`select outcome, done_at is not null as done from data_requests
          where kind = 'guardian_refusal_erasure' order by asked_at desc limit 1`,
    );
    expect(erasure).toEqual({ outcome: "erased", done: true });
  });

  it("a parent's link is replaced by a newer request and runs out after 14 days", async () => {
    const student = await signUp();
    const parent = `slow.${student.email}`;
    const first = await askGuardian(student, parent);
    const again = await suite.app.inject({
      method: "POST",
      url: `${yourDataApi}/guardian-request/`,
      ...form({ guardian_email: parent }),
      headers: { ...form({}).headers, cookie: first.cookie },
    });
    expect(again.statusCode, again.body).toBe(303);
    const second = await smtp.waitFor(
      (mail) => mail.to.includes(parent) && mail !== first.mail && /permission/.test(mail.subject),
    );
    const token = tokenIn(second, dataRightsPages.guardianConsent);
    const replaced = await post(suite.app, "/api/v1/guardian-consent/", {
      token: first.token,
      decision: "refuse",
    });
    expect(replaced.json().errors[0].code).toBe("link_replaced");
    const saved = clock;
    clock += 15 * day;
    try {
      const expired = await post(suite.app, "/api/v1/guardian-consent/", {
        token,
        decision: "refuse",
      });
      expect(expired.json().errors[0].code).toBe("link_expired");
      expect((await logIn(student)).user.guardian_consent).toBe("none");
    } finally {
      clock = saved;
    }
    expect((await logIn(student)).user.guardian_consent).toBe("pending");
  });

  it("a newsletter confirmation link runs out after 7 days", async () => {
    const email = makeStudent().email;
    await post(suite.app, "/api/v1/newsletter/", { email });
    const token = tokenIn(
      await mailTo(smtp, email, "Confirm your subscription"),
      dataRightsPages.newsletterConfirm,
    );
    const saved = clock;
    clock += 8 * day;
    try {
      const expired = await post(suite.app, "/api/v1/newsletter/confirm/", { token });
      expect(expired.json().errors[0]).toMatchObject({
        code: "link_expired",
        detail: linkProblems.link_expired,
      });
    } finally {
      clock = saved;
    }
  });

  it("a student cannot name their own address as the parent's", async () => {
    const student = await signUp();
    const { access } = await openYourData(student);
    const answer = await post(
      suite.app,
      `${yourDataApi}/guardian-request/`,
      { guardian_email: student.email.toUpperCase() },
      bearer(access),
    );
    expectErrorShape(answer, 400);
    expect(answer.json().errors[0].detail).toBe(dataRightsMessages.guardianEmailOwn);
  });

  it("answers a request for a data link the same with or without an account, and records both", async () => {
    const nobody = makeStudent().email;
    const answer = await post(suite.app, `${yourDataApi}/link/`, { email: nobody });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: dataRightsMessages.dataLinkSent });
    const student = await signUp();
    const other = await post(suite.app, `${yourDataApi}/link/`, { email: student.email });
    expect(other.json()).toEqual(answer.json());
    await mailTo(smtp, student.email, "Your data at YSP");
    const outcomes = await queryRows<{ outcome: string }>(
      suite.database.db,
      sql`select outcome from data_requests where kind = 'link' order by asked_at`,
    );
    expect(outcomes.map((row) => row.outcome)).toEqual(
      expect.arrayContaining(["no account", "link sent"]),
    );
    expect(smtp.to(nobody)).toEqual([]);
    // Nothing in the record is the address itself.
    const raw = await queryRows<{ text: string }>(
      suite.database.db,
      sql`select d::text as text from data_requests d`,
    );
    for (const row of raw) expect(row.text).not.toContain(nobody);
  });

  it("a data link works once, for 30 minutes; without it nothing opens", async () => {
    const student = await signUp();
    const { token } = await openYourData(student);
    const again = await post(suite.app, `${yourDataApi}/open/`, { token });
    expect(again.json().errors[0].code).toBe("link_used");
    const first = smtp.to(student.email).find((mail) => mail.subject === "Your data at YSP");
    await post(suite.app, `${yourDataApi}/link/`, { email: student.email });
    const late = tokenIn(
      await smtp.waitFor(
        (m) => m.to.includes(student.email) && m.subject === "Your data at YSP" && m !== first,
      ),
      dataRightsPages.yourData,
    );
    const saved = clock;
    clock += 31 * 60_000;
    try {
      const expired = await suite.app.inject({
        method: "POST",
        url: `/your-data?token=${late}`,
        ...form({}),
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain(linkProblems.link_expired);
    } finally {
      clock = saved;
    }
    const none = await suite.app.inject({ url: `${yourDataApi}/` });
    expectErrorShape(none, 401);
    const crossSite = await suite.app.inject({
      method: "POST",
      url: `${yourDataApi}/delete/`,
      ...form({ confirm: "DELETE" }),
      headers: {
        ...form({}).headers,
        cookie: `${testCookies.data.name}=forged`,
        "sec-fetch-site": "cross-site",
      },
    });
    // Refused before the cookie is even read (cross-site-posts.ts).
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).toContain(crossSitePostPage.title);
  });

  it("downloads every table's rows for the person and no one else's", async () => {
    const [alice, bola] = [
      makeStudent({ first_name: "Alice", last_name: "Eze", utm_campaign: "waec" }),
      makeStudent({ first_name: "Bola", last_name: "Adeyemi", utm_campaign: "bola-only" }),
    ];
    for (const student of [alice, bola]) {
      await signUp(student);
      await logIn(student);
      await post(suite.app, "/api/v1/newsletter/", { email: student.email, source: "/faqs" });
      await askGuardian(student, `guardian.${student.email}`);
      // As "Continue with Google" links one (routes/google.test.ts).
      await queryRows(
        suite.database.db,
        sql`insert into federated_identities (user_id, issuer, subject, email)
            select id, 'https://accounts.google.com', ${`sub-${student.first_name}`}, email
            from users where email = ${student.email}`,
      );
      // A look by staff, as staff/student-lookup.ts writes it: Bola's reason names Bola, whose
      // name must not be in Alice's download.
      await queryRows(
        suite.database.db,
        sql`with m as (insert into staff_members (email, role)
              values (${`staff.${student.email}`}, 'admin') returning id)
            insert into staff_audit (staff_member_id, action, student_id, shown, reason)
            select m.id, 'student_lookup', u.id, 'account', ${`Asked by ${student.first_name}'s parent`}
            from users u, m where u.email = ${student.email}`,
      );
    }
    const { access } = await openYourData(alice);
    const answer = await suite.app.inject({ url: `${yourDataApi}/`, headers: bearer(access) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="ysp-your-data.json"');
    expect(answer.headers["cache-control"]).toBe("no-store");
    const data = answer.json() as Record<string, unknown>;
    expect(await publicTables(suite.database)).toEqual(
      [...Object.keys(downloadKeyOf), ...Object.keys(notPersonal)].sort(),
    );
    const counts = await queryRows<Record<string, number>>(
      suite.database.db,
      sql`select
        (select count(*)::int from auth_sessions s join users u on u.id = s.user_id where u.email = ${alice.email}) as auth_sessions,
        (select count(*)::int from account_links l join users u on u.id = l.user_id where u.email = ${alice.email}) as account_links,
        (select count(*)::int from mail_outbox m join users u on u.id = m.user_id where u.email = ${alice.email}) as mail_outbox,
        (select count(*)::int from consent_records c left join users u on u.id = c.user_id
           left join newsletter_subscriptions n on n.id = c.subscription_id
           where u.email = ${alice.email} or n.email = ${alice.email}) as consent_records,
        (select count(*)::int from guardian_requests r join users u on u.id = r.user_id where u.email = ${alice.email}) as guardian_requests,
        (select count(*)::int from newsletter_subscriptions where email = ${alice.email}) as newsletter_subscriptions,
        (select count(*)::int from federated_identities f join users u on u.id = f.user_id where u.email = ${alice.email}) as federated_identities,
        (select count(*)::int from staff_audit a join users u on u.id = a.student_id where u.email = ${alice.email}) as staff_audit`,
    );
    const expected = { ...counts[0], users: 1 } as Record<string, number>;
    for (const [table, key] of Object.entries(downloadKeyOf)) {
      const section = data[key];
      if (table === "users") {
        expect(section).toMatchObject({ email: alice.email, first_name: alice.first_name });
      } else if (table === "data_requests") {
        // The link asked for (this download is recorded once it is made).
        expect((section as unknown[]).length).toBeGreaterThanOrEqual(1);
      } else {
        expect(section, table).toHaveLength(expected[table] ?? -1);
        expect(expected[table], `${table} has rows for the person`).toBeGreaterThan(0);
      }
    }
    expect(data.signed_up_from).toEqual({
      utm_source: null,
      utm_medium: null,
      utm_campaign: "waec",
      referrer: null,
    });
    const text = answer.body;
    expect(data.staff_looks).toEqual([
      { at: expect.any(String), reason: `Asked by ${alice.first_name}'s parent` },
    ]);
    for (const secret of [
      bola.email,
      `staff.${alice.email}`,
      bola.utm_campaign,
      "sub-Bola",
      bola.first_name,
      bola.last_name,
      alice.password,
      "password_hash",
      "token_hash",
      "nonce",
    ])
      expect(text).not.toContain(secret);
  });

  it("corrects the name, stops marketing mail and deletes everything, table by table", async () => {
    const inviter = await signUp();
    const [inviterRow] = await queryRows<{ referral_code: string }>(
      suite.database.db,
      sql`select referral_code from users where email = ${inviter.email}`,
    );
    const student = await signUp(makeStudent({ referral_code: inviterRow?.referral_code ?? "" }));
    await post(suite.app, "/api/v1/newsletter/", { email: student.email, source: "/" });
    const confirm = tokenIn(
      await mailTo(smtp, student.email, "Confirm your subscription"),
      dataRightsPages.newsletterConfirm,
    );
    expect(
      (await post(suite.app, "/api/v1/newsletter/confirm/", { token: confirm })).statusCode,
    ).toBe(200);
    await askGuardian(student, `guardian.${student.email}`);
    // After the address is confirmed (askGuardian does), which ends the sessions from before it.
    const session = await logIn(student);
    const { access } = await openYourData(student);

    const named = await post(
      suite.app,
      `${yourDataApi}/name/`,
      { first_name: " Adaeze ", last_name: "Obi" },
      bearer(access),
    );
    expect(named.json()).toEqual({ message: dataRightsMessages.nameCorrected });
    expect(((await me(session.access)).json() as PublicUser).first_name).toBe("Adaeze");

    const stopped = await post(suite.app, `${yourDataApi}/stop-marketing/`, {}, bearer(access));
    expect(stopped.json()).toEqual({ message: dataRightsMessages.marketingStopped });
    const subscribed = await queryRows<{ n: number }>(
      suite.database.db,
      sql`select count(*)::int as n from newsletter_subscriptions where email = ${student.email} and confirmed_at is not null`,
    );
    expect(subscribed[0]?.n).toBe(0);

    const unconfirmed = await post(
      suite.app,
      `${yourDataApi}/delete/`,
      { confirm: "delete me" },
      bearer(access),
    );
    expectErrorShape(unconfirmed, 400);
    const deleted = await post(
      suite.app,
      `${yourDataApi}/delete/`,
      { confirm: "DELETE" },
      bearer(access),
    );
    expect(deleted.json()).toEqual({ message: dataRightsMessages.accountDeleted });
    expect((await me(session.access)).statusCode).toBe(401);
    expect(
      (await post(suite.app, "/api/v1/auth/refresh/", { refresh: session.refresh })).statusCode,
    ).toBe(401);
    expect(
      (await suite.app.inject({ url: `${yourDataApi}/`, headers: bearer(access) })).statusCode,
    ).toBe(401);
    const last = await mailTo(smtp, student.email, "Your YSP account is deleted");
    expect(last.text).toContain("This is the last email");

    // Once the last message has gone, no row of any table holds the address or the name.
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(
        suite.database.db,
        sql`select count(*)::int as n from mail_outbox where to_address is not null`,
      );
      return row?.n === 0;
    }, "the last message's address to be cleared");
    for (const table of await publicTables(suite.database)) {
      const rows = await queryRows<{ text: string }>(
        suite.database.db,
        sql`select t::text as text from ${sql.identifier(table)} t`,
      );
      for (const { text } of rows) {
        expect(text.toLowerCase(), table).not.toContain(student.email.toLowerCase());
        expect(text, table).not.toContain("Adaeze");
      }
    }
    const [kept] = await queryRows<{ deleted_referrals: number }>(
      suite.database.db,
      sql`select deleted_referrals from users where email = ${inviter.email}`,
    );
    expect(kept?.deleted_referrals).toBe(1);
    const kinds = await queryRows<{ kind: string; done: boolean }>(
      suite.database.db,
      sql`select kind, done_at is not null as done from data_requests where kind in ('correct', 'stop_marketing', 'delete')`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: "correct", done: true },
        { kind: "stop_marketing", done: true },
        { kind: "delete", done: true },
      ]),
    );
  });

  it("newsletter: subscribed only once confirmed, one-click unsubscribe works twice, coming back needs a new confirmation", async () => {
    const email = makeStudent().email;
    const isSubscribed = async () =>
      (
        await queryRows<{ n: number }>(
          suite.database.db,
          sql`select count(*)::int as n from newsletter_subscriptions
              where email = ${email} and confirmed_at is not null and unsubscribed_at is null`,
        )
      )[0]?.n === 1;
    expect(
      (await post(suite.app, "/api/v1/newsletter/", { email, source: "/faqs" })).statusCode,
    ).toBe(201);
    const mail = await mailTo(smtp, email, "Confirm your subscription");
    expect(await isSubscribed()).toBe(false);
    tokenIn(mail, dataRightsPages.unsubscribe);
    const unsubscribeUrl = new URL(
      mail.links.find((link) => new URL(link).pathname === dataRightsPages.unsubscribe) ?? "",
    );
    const headers = mail.raw.replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(
      new RegExp(`List-Unsubscribe: <${testPublicUrl}/unsubscribe\\?token=[\\w.-]+>`),
    );
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.html).toContain(unsubscribeUrl.href.replaceAll("&", "&amp;"));

    const token = tokenIn(mail, dataRightsPages.newsletterConfirm);
    const confirmed = await suite.app.inject({
      method: "POST",
      url: `/newsletter-confirm?token=${token}`,
      ...form({}),
    });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(answerPages.newsletterConfirmed);
    expect(await isSubscribed()).toBe(true);
    const repeat = await post(suite.app, "/api/v1/newsletter/", { email });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ message: dataRightsMessages.newsletterAsked });

    // A mail app's one-click POST (RFC 8058), twice, then a person's tap on the page.
    for (let i = 0; i < 2; i++) {
      const oneClick = await suite.app.inject({
        method: "POST",
        url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
        payload:
          '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
        headers: { "content-type": "multipart/form-data; boundary=b" },
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect(await isSubscribed()).toBe(false);
    }
    const tap = await suite.app.inject({
      method: "POST",
      url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
      ...form({}),
    });
    expect(tap.statusCode).toBe(303);
    expect(tap.headers.location).toBe(answerPages.unsubscribed);

    const oldLink = await suite.app.inject({
      method: "POST",
      url: `/newsletter-confirm?token=${token}`,
      ...form({}),
    });
    expect(oldLink.statusCode).toBe(400);
    expect(await isSubscribed()).toBe(false);
    await post(suite.app, "/api/v1/newsletter/", { email });
    const second = await smtp.waitFor(
      (m) => m.to.includes(email) && m !== mail && m.subject === "Confirm your subscription",
    );
    expect(await isSubscribed()).toBe(false);
    await post(suite.app, "/api/v1/newsletter/confirm/", {
      token: tokenIn(second, dataRightsPages.newsletterConfirm),
    });
    expect(await isSubscribed()).toBe(true);
    const kinds = await queryRows<{ kind: string }>(
      suite.database.db,
      sql`select c.kind from consent_records c join newsletter_subscriptions n on n.id = c.subscription_id
          where n.email = ${email} order by c.created_at`,
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      "newsletter_subscribed",
      "newsletter_confirmed",
      "newsletter_withdrawn",
      "newsletter_subscribed",
      "newsletter_confirmed",
    ]);
    const forged = await post(suite.app, "/api/v1/newsletter/unsubscribe/", {
      token: `${crypto.randomUUID()}.${"a".repeat(43)}`,
    });
    expectErrorShape(forged, 400);
  });
});
