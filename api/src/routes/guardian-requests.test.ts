import { brotliDecompressSync } from "node:zlib";
import { answerFrameWords } from "@ysp/content/answers";
import {
  dataRightsMessages,
  dataRightsPages,
  guardianRequestsPerAccount,
  nameMessages,
  type PublicUser,
  yourDataApi,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import { childNameSlot, consentPage, guardianSite } from "../../test/guardian-site.ts";
import {
  appWithMailOn,
  bearer,
  countAccounts,
  databasesForFile,
  formHeaders,
  openDataLink,
  post,
  signUp as signUpOn,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { queryRows } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { showLinkParts } from "../pages/link-parts.ts";

/**
 * What a student types is theirs (docs/decisions/022), never our sender's words nor a pattern.
 * A name is letters; a parent's mail says nothing the student typed in its subject; an account
 * sends a few requests a day; and a stored name of any kind is written into a page as text.
 */

const databases = databasesForFile();

const site = guardianSite();

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const hour = 3600;

const nigerianNames = ["Adébáyọ̀", "Ọláolúwa", "Ƙasimu", "Ɓala", "Nneka-Chi", "N'Dri", "N’Dri"];
const notNames = [
  "pay at https://pay-waec-fee.example/now",
  "www.pay-waec-fee.example",
  "mail kid@x.com",
  "Call 08031234567",
];
/** Replacement patterns of String.prototype.replace, as a student might type them. */
const patterns = ["$`", "$'", "$&", "$1", "$<x>", "$$"];

describe.each(databases)("a student's words on $name", (testDb) => {
  const suite = appWithMailOn(testDb, { site });
  const { smtp } = suite;

  const signUp = (student?: Student) => signUpOn(suite.app, student);

  /** Gives the account a name stored before today's rule, as an old account has. */
  const storeName = (student: Student, firstName: string, lastName: string) =>
    suite.database.db
      .update(users)
      .set({ firstName, lastName })
      .where(eq(users.email, student.email.toLowerCase()));

  /** Asks for a "Your data" link and opens it: the data token the API hands the app. */
  const dataAccess = async (student: Student) =>
    (await openDataLink(suite.app, smtp, student.email)).access;

  const askGuardian = (access: string, guardianEmail: string) =>
    post(
      suite.app,
      `${yourDataApi}/guardian-request/`,
      { guardian_email: guardianEmail },
      bearer(access),
    );

  const parentMail = (parent: string) => mailTo(smtp, parent, /permission/);

  const requestsOf = async (student: Student) =>
    (
      await queryRows<{ n: number }>(
        suite.database.db,
        sql`select count(*)::int as n from guardian_requests r join users u on u.id = r.user_id
            where u.email = ${student.email.toLowerCase()}`,
      )
    )[0]?.n;

  /** Moves the account's requests back in time, as if they were sent `hours` ago and before. */
  const sentHoursAgo = (student: Student, hours: number[]) =>
    suite.database.db.execute(sql`
      with ranked as (
        select r.id, row_number() over (order by r.created_at desc) as n
        from guardian_requests r join users u on u.id = r.user_id
        where u.email = ${student.email.toLowerCase()}
      )
      update guardian_requests g
      set created_at = now() - make_interval(secs => (${JSON.stringify(hours)}::jsonb ->> (ranked.n - 1)::int)::float * 3600)
      from ranked where ranked.id = g.id`);

  /**
   * Sends `count` requests that meet inside their transactions. On PostgreSQL, inserts into
   * guardian_requests wait behind a table lock until every request waits on some lock: without
   * the account's row lock, each would count the same rows first and all would pass. PGlite
   * runs one transaction at a time, so there they simply go together.
   */
  const allAtOnce = async <T>(count: number, send: (n: number) => Promise<T>): Promise<T[]> => {
    if (testDb.name !== "postgres")
      return Promise.all(Array.from({ length: count }, (_, n) => send(n)));
    let answers: Promise<T[]> | undefined;
    await suite.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table guardian_requests in exclusive mode`);
      answers = Promise.all(Array.from({ length: count }, (_, n) => send(n)));
      const deadline = Date.now() + 10_000;
      for (let waiting = 0; waiting < count; ) {
        if (Date.now() > deadline) throw new Error(`${waiting} of ${count} requests met`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        // Within a transaction the server keeps its first view of pg_stat_activity.
        await tx.execute(sql`select pg_stat_clear_snapshot()`);
        const { rows } = (await tx.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { waiting: number }[] };
        waiting = rows[0]?.waiting ?? 0;
      }
    });
    return answers ?? [];
  };

  describe("names", () => {
    it.each(nigerianNames)("signs up %s, composed, and logs in", async (name) => {
      const student = await signUp(makeStudent({ first_name: name.normalize("NFD") }));
      const login = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect((login.json().user as PublicUser).first_name).toBe(name.normalize("NFC"));
    });

    it.each(notNames)(
      "refuses %j at sign-up with the one sentence, and makes no account",
      async (name) => {
        const student = makeStudent({ last_name: name });
        const answer = await post(suite.app, "/api/v1/auth/signup/", student);
        expectErrorShape(answer, 400);
        expect(answer.json().errors).toEqual([
          { code: "invalid", attr: "last_name", detail: nameMessages.notAName("Last name") },
        ]);
        expect(await countAccounts(suite.database, student.email)).toBe(0);
      },
    );

    it("refuses such a name at correction too, and keeps and serves a name stored before the rule", async () => {
      const student = await signUp();
      const old = "pay at https://x.example";
      await storeName(student, "Ifeoma", old);
      const login = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
      const me = await suite.app.inject({
        url: "/api/v1/auth/me/",
        headers: bearer(login.json().access),
      });
      expect((me.json() as PublicUser).last_name).toBe(old);

      const access = await dataAccess(student);
      for (const name of notNames) {
        const refused = await post(
          suite.app,
          `${yourDataApi}/name/`,
          { first_name: name, last_name: "Obi" },
          bearer(access),
        );
        expectErrorShape(refused, 400);
        expect(refused.json().errors[0]).toMatchObject({
          attr: "first_name",
          detail: nameMessages.notAName("First name"),
        });
      }
      // The page's own form, with no script: the same sentence, as a page.
      const page = await suite.app.inject({
        method: "POST",
        url: `${yourDataApi}/name/`,
        payload: form({ first_name: "Ada", last_name: "www.fees.example" }),
        headers: { ...formHeaders, ...bearer(access) },
      });
      expect(page.statusCode).toBe(400);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.body).toContain(escapeHtml(nameMessages.notAName("Last name")));

      const corrected = await post(
        suite.app,
        `${yourDataApi}/name/`,
        { first_name: "Ọláolúwa", last_name: "N’Dri" },
        bearer(access),
      );
      expect(corrected.statusCode, corrected.body).toBe(200);
      const [row] = await suite.database.db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.email, student.email.toLowerCase()));
      expect(row).toEqual({ first: "Ọláolúwa", last: "N’Dri" });
    });
  });

  describe("a parent's mail", () => {
    it("says nothing the student typed in its subject; names the student in the body, as typed", async () => {
      const student = await signUp();
      const typed = "pay at https://pay-waec-fee.example/now";
      await storeName(student, "Ifeoma", typed);
      const parent = `parent.${student.email}`.toLowerCase();
      expect((await askGuardian(await dataAccess(student), parent)).statusCode).toBe(202);
      const mail = await parentMail(parent);

      expect(mail.subject).toBe("A student asks for your permission to use YSP");
      const subjectLines = mail.raw.split(/\r\n(?=\S)/).filter((l) => /^subject:/i.test(l));
      expect(subjectLines).toEqual(["Subject: A student asks for your permission to use YSP"]);
      expect(mail.text).toContain(
        `A student who gave the name "Ifeoma ${typed}" signed up for YSP and gave this email address as their parent's or guardian's. The name is as the student typed it; we have not checked it.`,
      );
      expect(mail.html).toContain(`gave the name &quot;Ifeoma ${typed}&quot;`);
      // Nor in the preview a mail app shows beside the subject, nor in the HTML's title.
      const preview = /<div style="display:none[^>]*>([^<]*)<\/div>/.exec(mail.html)?.[1];
      expect(preview).toBe(
        "A student signed up for YSP, a learning app, and needs a parent&#39;s or guardian&#39;s permission.",
      );
      expect(/<title>([^<]*)<\/title>/.exec(mail.html)?.[1]).not.toContain("pay");
      expect(mail.text).toContain("If you do not know this student, open the link");
    });

    it("writes replacement patterns in a name as text, in the mail and on the consent page", async () => {
      const student = await signUp();
      const first = patterns.join(" ");
      const last = "$`".repeat(50);
      await storeName(student, first, last);
      const parent = `patterns.${student.email}`.toLowerCase();
      expect((await askGuardian(await dataAccess(student), parent)).statusCode).toBe(202);
      const mail = await parentMail(parent);
      expect(mail.text).toContain(`"${first} ${last}"`);
      expect(mail.html).toContain(escapeHtml(`"${first} ${last}"`));

      const token = tokenIn(mail, dataRightsPages.guardianConsent);
      for (const encoding of ["identity", "br"]) {
        const page = await suite.app.inject({
          url: `${dataRightsPages.guardianConsent}?token=${token}`,
          headers: { "accept-encoding": encoding },
        });
        expect(page.statusCode).toBe(200);
        const named = `<strong id="child-name">${escapeHtml(`${first} ${last}`)}</strong>`;
        const expected = showLinkParts(consentPage).replace(childNameSlot, () => named);
        const body =
          encoding === "br" ? brotliDecompressSync(page.rawPayload).toString() : page.body;
        // Exactly the page with the name in its place: nothing copied, so its size is bounded.
        expect(body).toBe(expected);
        expect(Buffer.byteLength(body)).toBeLessThan(Buffer.byteLength(consentPage) + 400);
      }
    });
  });

  describe("requests per account", () => {
    const { max } = guardianRequestsPerAccount;

    it(`sends ${max} a day; the next is 429 with Retry-After and when, in JSON and as a page`, async () => {
      const student = await signUp();
      const access = await dataAccess(student);
      for (let n = 1; n <= max; n++) {
        const asked = await askGuardian(access, `parent${n}.${student.email}`);
        expect(asked.statusCode, asked.body).toBe(202);
      }
      // Sent 21, 22 and 23 hours ago: the first leaves the last 24 hours in under an hour.
      await sentHoursAgo(student, [21, 22, 23.01]);
      const fourth = `parent-four.${student.email}`.toLowerCase();
      const refused = await askGuardian(access, fourth);
      expectErrorShape(refused, 429);
      const retryAfter = Number(refused.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0.99 * hour - 60);
      expect(retryAfter).toBeLessThanOrEqual(0.99 * hour);
      expect(refused.json().errors).toEqual([
        {
          code: "throttled",
          attr: null,
          detail:
            "You have sent 3 requests to a parent or guardian in the last 24 hours. You can send another in 1 hour.",
        },
      ]);

      const page = await suite.app.inject({
        method: "POST",
        url: `${yourDataApi}/guardian-request/`,
        payload: form({ guardian_email: fourth }),
        headers: { ...formHeaders, ...bearer(access) },
      });
      expect(page.statusCode).toBe(429);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(Number(page.headers["retry-after"])).toBe(retryAfter);
      expect(page.body).toContain(answerFrameWords.titles.wait);
      expect(page.body).toContain(escapeHtml(dataRightsMessages.guardianRequestsUsed(retryAfter)));
      expect(await requestsOf(student)).toBe(max);

      // Once the first is more than 24 hours old, one more may go.
      await sentHoursAgo(student, [21, 22, 24.01]);
      const later = await askGuardian(access, fourth);
      expect(later.statusCode, later.body).toBe(202);
      await parentMail(fourth);
      expect(smtp.to(fourth)).toHaveLength(1);
      expect(await requestsOf(student)).toBe(max + 1);
    });

    it("says the wait in hours or minutes a student reads at once", async () => {
      const student = await signUp();
      const access = await dataAccess(student);
      for (let n = 1; n <= max; n++)
        expect((await askGuardian(access, `p${n}.${student.email}`)).statusCode).toBe(202);
      const refused = await askGuardian(access, `p-more.${student.email}`);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(24 * hour - 60);
      expect(refused.json().errors[0].detail).toMatch(/You can send another in 24 hours\.$/);
      await sentHoursAgo(student, [0, 0, 23.76]);
      const soon = await askGuardian(access, `p-more.${student.email}`);
      expect(soon.json().errors[0].detail).toMatch(/You can send another in 15 minutes\.$/);
    });

    it("lets only one of several requests at once take the last place", async () => {
      const student = await signUp();
      const access = await dataAccess(student);
      for (let n = 1; n < max; n++)
        expect((await askGuardian(access, `q${n}.${student.email}`)).statusCode).toBe(202);
      const answers = await allAtOnce(16, (n) =>
        askGuardian(access, `together${n}.${student.email}`),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([202, ...Array(15).fill(429)]);
      expect(await requestsOf(student)).toBe(max);
    });
  });
});
