import { crossSitePostPage } from "@ysp/content/error-pages";
import {
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  guardianConsentApi,
  linkProblems,
  type PublicUser,
  yourDataApi,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import { guardianSite } from "../../test/guardian-site.ts";
import {
  appWithMailOn,
  bearer,
  databasesForFile,
  formHeaders,
  logIn,
  makeConfig,
  makeLoggingApp,
  openDataLink,
  post,
  signUp,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { addressHasher } from "../accounts/data-requests.ts";
import { queryRows } from "../db/client.ts";
import { escapeHtml } from "../pages/escape-html.ts";

/**
 * A parent's answer: a refusal asks "Are you sure?" first; an answered link shows its answer
 * for as long as the account lasts, and a refusal on it may become permission, as a new record.
 */

const databases = databasesForFile();
const site = guardianSite();
const day = 24 * 3600_000;
/** How the record of requests keeps an address (data-requests.ts), to find a student's rows. */
const addressOf = addressHasher(makeConfig().jwtSecret);

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { ...formHeaders, ...headers },
});
const linkOf = (token: string) => `${dataRightsPages.guardianConsent}?token=${token}`;
const grant = { decision: "grant", guardian_name: "Ngozi Okafor", relationship: "Mother" };
const confirmedRefusal = { decision: "refuse", confirm: "yes" };

describe.each(databases)("a parent's answer on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, { site }, () => clock);
  const { smtp } = suite;

  /** Moves the clock on for `run`, and back after it. */
  async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
    const saved = clock;
    clock += ms;
    try {
      return await run();
    } finally {
      clock = saved;
    }
  }

  /** A student who asked a parent: the parent's link's token, and the way to ask again. */
  async function asked(student: Student = makeStudent()) {
    await signUp(suite.app, student);
    const { access } = await openDataLink(suite.app, smtp, student.email);
    const ask = async (parent: string) => {
      const sent = await post(
        suite.app,
        `${yourDataApi}/guardian-request/`,
        { guardian_email: parent },
        bearer(access),
      );
      expect(sent.statusCode, sent.body).toBe(202);
      return sent;
    };
    const parent = `parent.${student.email}`.toLowerCase();
    await ask(parent);
    const mail = await mailTo(smtp, parent, /permission/);
    return { student, parent, ask, token: tokenIn(mail, dataRightsPages.guardianConsent) };
  }

  const formPost = (token: string, fields: Record<string, string>, headers = {}) =>
    suite.app.inject({ method: "POST", url: linkOf(token), ...form(fields, headers) });
  const jsonAnswer = (token: string, body: Record<string, string>) =>
    post(suite.app, guardianConsentApi, { token, ...body });
  const open = (token: string) => suite.app.inject({ url: linkOf(token) });

  /** The account's parents' answers, oldest first, each with whether it answers this link. */
  const answersOf = (student: Student, token: string) =>
    queryRows<{ kind: string; this_link: boolean; name: string | null }>(
      suite.database.db,
      sql`select c.kind, r.token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex') as this_link,
                 c.guardian_name as name
          from consent_records c join users u on u.id = c.user_id
          left join guardian_requests r on r.id = c.guardian_request_id
          where u.email = ${student.email.toLowerCase()}
            and c.kind in ('guardian_granted', 'guardian_refused')
          order by c.created_at`,
    );
  const erasureRequests = (student: Student) =>
    queryRows<{ done: boolean; outcome: string | null }>(
      suite.database.db,
      sql`select done_at is not null as done, outcome from data_requests
          where kind = 'guardian_refusal_erasure'
            and email_hash = ${addressOf(student.email)}
          order by asked_at`,
    );
  const refusalMails = (student: Student) =>
    queryRows<{ n: number }>(
      suite.database.db,
      sql`select count(*)::int as n from mail_outbox m join users u on u.id = m.user_id
          where u.email = ${student.email.toLowerCase()} and m.kind = 'guardian-refused'`,
    ).then((rows) => rows[0]?.n);
  const consentOf = async (student: Student) =>
    ((await logIn(suite.app, student)).user as PublicUser).guardian_consent;

  const expectPage = (answer: LightMyRequestResponse, status: number) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("no-store");
  };

  it("asks once more before a refusal: the first post records nothing, Go back leads to the link", async () => {
    const { student, token } = await asked();
    const first = await formPost(token, { decision: "refuse" });
    expectPage(first, 200);
    expect(first.body).toContain("<h1>Are you sure you do not give permission?</h1>");
    expect(first.body).toContain(
      `<strong id="child-name">${escapeHtml(`${student.first_name} ${student.last_name}`)}</strong>`,
    );
    // "Go back" first, to this same link; the form posts here again, confirmed.
    expect(first.body).toContain(`<a id="go-back" href="${escapeHtml(linkOf(token))}"`);
    expect(first.body.indexOf('id="go-back"')).toBeLessThan(first.body.indexOf("<form"));
    expect(first.body).toMatch(/<form method="post">/);
    expect(first.body).toContain('name="confirm" value="yes"');
    expect(await answersOf(student, token)).toEqual([]);
    expect(await erasureRequests(student)).toEqual([]);
    expect(await refusalMails(student)).toBe(0);
    expect(await consentOf(student)).toBe("pending");

    // Going back: the consent page with both forms, as before.
    const back = await open(token);
    expectPage(back, 200);
    expect(back.body).toContain('value="grant"');
    expect(back.body).toContain('value="refuse"');
    expect(back.body).not.toMatch(/<section id="guardian-answer"(?![^>]*hidden)/);

    // Anything but the confirmation's own value is no confirmation.
    expectPage(await formPost(token, { decision: "refuse", confirm: "no" }), 200);
    expect(await answersOf(student, token)).toEqual([]);

    const confirmed = await formPost(token, confirmedRefusal);
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe(answerPages.guardianRefused);
    expect(await answersOf(student, token)).toEqual([
      { kind: "guardian_refused", this_link: true, name: null },
    ]);
    expect(await erasureRequests(student)).toEqual([{ done: false, outcome: null }]);
    expect(await refusalMails(student)).toBe(1);
    expect(await consentOf(student)).toBe("refused");
  });

  it("shows a refusal and when; permission after it is a second record that ends the erasure", async () => {
    const { student, token } = await asked();
    clock += 1000;
    expect((await formPost(token, confirmedRefusal)).statusCode).toBe(303);

    const refused = await open(token);
    expectPage(refused, 200);
    expect(refused.body).toMatch(/<section id="guardian-answer"(?![^>]*hidden)[^>]*>/);
    expect(refused.body).toMatch(/You said no on \d{1,2} \w+ \d{4} at \d\d:\d\d \(Lagos time\)\./);
    expect(refused.body).toMatch(/the account and its data will be deleted on \d{1,2} \w+ \d{4}\./);
    // The refusal's form goes; the permission's stays.
    expect(refused.body).toMatch(/<section id="refuse" hidden="">/);
    expect(refused.body).toMatch(/<section id="grant">/);
    // Refusing again is not offered, and not taken: the answer stands as given.
    const again = await formPost(token, { decision: "refuse" });
    expectPage(again, 400);
    expect(again.body).toContain(`href="${escapeHtml(linkOf(token))}"`);
    expect(await answersOf(student, token)).toHaveLength(1);

    clock += 1000;
    const granted = await formPost(token, grant);
    expect(granted.statusCode, granted.body).toBe(303);
    expect(granted.headers.location).toBe(answerPages.guardianGranted);
    // Two rows, the refusal then the permission, both on this link: nothing was edited.
    expect(await answersOf(student, token)).toEqual([
      { kind: "guardian_refused", this_link: true, name: null },
      { kind: "guardian_granted", this_link: true, name: "Ngozi Okafor" },
    ]);
    expect(await erasureRequests(student)).toEqual([
      { done: true, outcome: "not needed: a parent or guardian gave permission" },
    ]);
    expect(await consentOf(student)).toBe("granted");
    // Past the 30 days the account stays (others' refusals may be due then: not this one).
    await later(31 * day, () => suite.app.eraseRefusedAccounts());
    expect(await consentOf(student)).toBe("granted");

    // Given is shown as given, with no way back.
    const given = await open(token);
    expectPage(given, 200);
    expect(given.body).toMatch(/You gave permission on \d{1,2} \w+ \d{4} at \d\d:\d\d/);
    expect(given.body).toMatch(/<section id="grant" hidden="">/);
    expect(given.body).toMatch(/<section id="refuse" hidden="">/);
    for (const answer of [{ decision: "refuse" }, confirmedRefusal, grant])
      expectPage(await formPost(token, answer), 400);
    for (const answer of [{ decision: "refuse" }, grant]) {
      const refusedJson = await jsonAnswer(token, answer);
      expectErrorShape(refusedJson, 400);
      expect(refusedJson.json().errors[0]).toMatchObject({
        code: "link_used",
        detail: linkProblems.link_used,
      });
    }
    expect(await answersOf(student, token)).toHaveLength(2);
  });

  it("takes the same change as JSON, and says in the refusal's answer that it can change", async () => {
    const { student, token } = await asked();
    const refused = await jsonAnswer(token, { decision: "refuse" });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().message).toBe(dataRightsMessages.guardianRefused);
    expect(dataRightsMessages.guardianRefused).toMatch(/change your mind/);
    expectErrorShape(await jsonAnswer(token, { decision: "refuse" }), 400);
    clock += 1000;
    const granted = await jsonAnswer(token, grant);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe(dataRightsMessages.guardianGranted);
    expect((await answersOf(student, token)).map((row) => row.kind)).toEqual([
      "guardian_refused",
      "guardian_granted",
    ]);
  });

  it("keeps an answered link working past its 14 days, until the account is erased", async () => {
    const { student, token } = await asked();
    expect((await formPost(token, confirmedRefusal)).statusCode).toBe(303);
    await later(15 * day, async () => {
      const shown = await open(token);
      expectPage(shown, 200);
      expect(shown.body).toMatch(/You said no on/);
      // An unanswered link of the same age has run out; this one may still give permission.
      expect(await consentOf(student)).toBe("refused");
    });
    await later(31 * day, async () => {
      expect(await suite.app.eraseRefusedAccounts()).toBeGreaterThanOrEqual(1);
      // Erased, the account takes its requests with it: the link opens nothing.
      const gone = await open(token);
      expect(gone.statusCode).toBe(200);
      expect(gone.body).not.toContain("You said no");
      expect(gone.body).toContain('<span data-link="with" hidden="">');
      const late = await jsonAnswer(token, grant);
      expect(late.json().errors[0].code).toBe("link_invalid");
    });
  });

  it("lets a link answered with a refusal give permission after its 14 days", async () => {
    const { student, token } = await asked();
    expect((await jsonAnswer(token, { decision: "refuse" })).statusCode).toBe(200);
    const granted = await later(20 * day, () => formPost(token, grant));
    expect(granted.statusCode, granted.body).toBe(303);
    expect(await consentOf(student)).toBe("granted");
  });

  it("refuses a link replaced by a newer request that was never answered, as before", async () => {
    const { student, parent, ask, token } = await asked();
    await ask(parent);
    const replaced = await open(token);
    expect(replaced.body).not.toContain(student.last_name);
    for (const answer of [{ decision: "refuse" }, confirmedRefusal, grant]) {
      const page = await formPost(token, answer);
      expectPage(page, 400);
      expect(page.body).toContain(escapeHtml("The student sent a newer request"));
    }
    expect((await jsonAnswer(token, grant)).json().errors[0].code).toBe("link_replaced");
    expect(await answersOf(student, token)).toEqual([]);
    // And an unanswered link past its 14 days has run out.
    const newest = tokenIn(
      await smtp.waitFor(
        (mail) =>
          mail.to.includes(parent) && tokenIn(mail, dataRightsPages.guardianConsent) !== token,
      ),
      dataRightsPages.guardianConsent,
    );
    await later(15 * day, async () => {
      expectPage(await formPost(newest, { decision: "refuse" }), 400);
      expect((await jsonAnswer(newest, grant)).json().errors[0].code).toBe("link_expired");
    });
  });

  it("answers another request's token for that request only, and a made-up one for none", async () => {
    const one = await asked(makeStudent({ first_name: "Amaka", last_name: "Okonkwo" }));
    const other = await asked(makeStudent({ first_name: "Bayo", last_name: "Adeyemi" }));
    const page = await formPost(other.token, { decision: "refuse" });
    expect(page.body).toContain(other.student.last_name);
    expect(page.body).not.toContain(one.student.last_name);
    expect(page.body).toContain(escapeHtml(linkOf(other.token)));
    const madeUp = `${one.token.slice(0, -1)}${one.token.endsWith("A") ? "B" : "A"}`;
    for (const answer of [{ decision: "refuse" }, confirmedRefusal, grant]) {
      const refused = await formPost(madeUp, answer);
      expectPage(refused, 400);
      expect(refused.body).not.toContain(one.student.last_name);
      expect(refused.body).not.toContain(madeUp);
    }
    expect(await answersOf(one.student, one.token)).toEqual([]);
    expect(await answersOf(other.student, other.token)).toEqual([]);
  });

  it("refuses the refusal's and the permission's forms posted from another site", async () => {
    const { student, token } = await asked();
    const crossSite = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };
    for (const answer of [{ decision: "refuse" }, confirmedRefusal, grant]) {
      const refused = await formPost(token, answer, crossSite);
      expectPage(refused, 403);
      expect(refused.body).toContain(escapeHtml(crossSitePostPage.title));
    }
    // A script's no-cors post to the JSON address: not JSON, so refused the same way.
    const plain = await suite.app.inject({
      method: "POST",
      url: guardianConsentApi,
      payload: JSON.stringify({ token, decision: "refuse" }),
      headers: { ...crossSite, "content-type": "text/plain" },
    });
    expect(plain.statusCode).toBe(403);
    expect(await answersOf(student, token)).toEqual([]);
    expect(await consentOf(student)).toBe("pending");
  });

  /**
   * Sends `count` answers for the student's link that meet at the account's lock. On PostgreSQL
   * the test holds the account's row until each answer waits for it: without the lock each would
   * read the link unanswered and record. PGlite runs one transaction at a time.
   */
  async function atOnce<T>(student: Student, sends: (() => Promise<T>)[]): Promise<T[]> {
    if (testDb.name !== "postgres") return Promise.all(sends.map((send) => send()));
    let answers: Promise<T[]> | undefined;
    await suite.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from users where email = ${student.email.toLowerCase()} for update`,
      );
      answers = Promise.all(sends.map((send) => send()));
      const deadline = Date.now() + 10_000;
      for (let waiting = 0; waiting < sends.length; ) {
        if (Date.now() > deadline) throw new Error(`${waiting} of ${sends.length} answers met`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        const { rows } = (await tx.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { waiting: number }[] };
        waiting = rows[0]?.waiting ?? 0;
      }
    });
    return answers ?? [];
  }

  it("records one of two permissions given at once", async () => {
    const { student, token } = await asked();
    const answers = await atOnce(student, [
      () => jsonAnswer(token, grant),
      () => formPost(token, grant),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200 || status === 303)).toHaveLength(1);
    expect(await answersOf(student, token)).toEqual([
      { kind: "guardian_granted", this_link: true, name: "Ngozi Okafor" },
    ]);
  });

  it("ends a permission and a refusal sent at once with permission, and no erasure pending", async () => {
    const { student, token } = await asked();
    const answers = await atOnce(student, [
      () => jsonAnswer(token, { decision: "refuse" }),
      () => jsonAnswer(token, grant),
    ]);
    const kinds = (await answersOf(student, token)).map((row) => row.kind);
    // Permission first: the refusal finds the link used. The refusal first: permission after it.
    if (kinds.length === 1) {
      expect(kinds).toEqual(["guardian_granted"]);
      expect(answers.map((a) => a.statusCode)).toEqual([400, 200]);
      expect(await erasureRequests(student)).toEqual([]);
    } else {
      expect(kinds).toEqual(["guardian_refused", "guardian_granted"]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect((await erasureRequests(student)).every((row) => row.done)).toBe(true);
    }
    expect(await consentOf(student)).toBe("granted");
  });

  it("lets an answer and the erasure meet on day 31 without a deadlock: one of them wins", async () => {
    const { student, token } = await asked();
    expect((await jsonAnswer(token, { decision: "refuse" })).statusCode).toBe(200);
    await later(31 * day, async () => {
      const [, granted] = await Promise.all([
        suite.app.eraseRefusedAccounts(),
        jsonAnswer(token, grant),
      ]);
      if (granted.statusCode === 200) expect(await consentOf(student)).toBe("granted");
      else {
        expect(granted.json().errors[0].code).toBe("link_invalid");
        expect(await answersOf(student, token)).toEqual([]);
      }
    });
  });

  it("writes no token, name or address of a parent's answer into the log", async () => {
    const { app: logged, lines } = await makeLoggingApp(suite.database);
    try {
      const { student, parent, token } = await asked();
      const send = (fields: Record<string, string>) =>
        logged.inject({ method: "POST", url: linkOf(token), ...form(fields) });
      expect((await send({ decision: "refuse" })).statusCode).toBe(200);
      expect((await send(confirmedRefusal)).statusCode).toBe(303);
      expect((await send(grant)).statusCode).toBe(303);
      const written = JSON.stringify(lines);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const secret of [token, grant.guardian_name, student.last_name, parent])
        expect(written).not.toContain(secret);
      expect(written).toContain("token=[redacted]");
    } finally {
      await logged.close();
    }
  });
});
