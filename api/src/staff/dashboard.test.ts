import { randomUUID } from "node:crypto";
import { staffDashboardWords } from "@ysp/content/staff-dashboard";
import { accountPages, formAction } from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appOnDatabase,
  databasesForFile,
  formHeaders,
  logIn,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";
import type { Db } from "../db/client.ts";
import { createDashboard, dashboardFilterFrom, type TableName } from "./dashboard.ts";
import { dashboardHtml } from "./dashboard-view.ts";
import { type Table, tableCsv } from "./tables.ts";

const databases = databasesForFile();
const words = staffDashboardWords;

/** A moment given in Lagos time, "2026-11-25T14:00". */
const lagos = (local: string) => Date.parse(`${local}:00+01:00`);

/** Thursday 26 November 2026, 11:00 in Lagos: this week began on Monday the 23rd. */
const now = lagos("2026-11-26T11:00");

/** The form's fields as the page wrote them, by name: hidden ones with the server's values. */
function formFields(html: string): Record<string, string> {
  const inputs = html.matchAll(/<input [^>]*name="([^"]+)"[^>]*>/g);
  return Object.fromEntries(
    [...inputs].map(([input, name]) => [name, input.match(/ value="([^"]*)"/)?.[1] ?? ""]),
  );
}

/** Opens a sign-up page at `url` and posts its form as a browser with no script does. */
async function signUpThroughPage(app: FastifyInstance, url: string): Promise<Student> {
  const student = makeStudent();
  const page = await app.inject({ method: "GET", url });
  expect(page.statusCode).toBe(200);
  const { first_name, last_name, email, password } = student;
  const posted = await app.inject({
    method: "POST",
    url: `${url.split("?")[0]}${formAction("sign-up")}`,
    headers: formHeaders,
    payload: new URLSearchParams({
      ...formFields(page.body),
      ...{ first_name, last_name, email, password },
    }).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  return student;
}

async function signUpByApi(app: FastifyInstance, student: Student & Record<string, unknown>) {
  const answer = await post(app, "/api/v1/auth/signup/", student);
  expect(answer.statusCode, answer.body).toBe(201);
  return student;
}

/** Moves an account's sign-up to `at`, and confirms its address when asked. */
async function signedUpAt(db: Db, email: string, at: number, confirmed = false) {
  const moment = new Date(at).toISOString();
  await db.execute(
    sql`update users set created_at = ${moment}::timestamptz,
          email_verified_at = ${confirmed ? moment : null}::timestamptz
        where email = ${email.toLowerCase()}`,
  );
}

const idOf = async (db: Db, email: string) => {
  const result = await db.execute(sql`select id from users where email = ${email.toLowerCase()}`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? "";
};

type ParentRequest = { sent: number; expires: number; answered?: number; replaced?: number };

/** A request to a parent, as the guardian routes write one; its id. */
async function askedParent(db: Db, userId: string, request: ParentRequest) {
  const id = randomUUID();
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  await db.execute(
    sql`insert into guardian_requests (id, user_id, guardian_email, token_hash, created_at,
                                       expires_at, answered_at, replaced_at)
        values (${id}, ${userId}, 'parent@example.com', ${randomUUID()},
                ${iso(request.sent)}::timestamptz, ${iso(request.expires)}::timestamptz,
                ${iso(request.answered)}::timestamptz, ${iso(request.replaced)}::timestamptz)`,
  );
  return id;
}

/** The students of every test, their sign-ups placed in Lagos weeks around `now`. */
async function seedStudents(app: FastifyInstance, db: Db) {
  const inviter = makeStudent({ first_name: "Adaeze", last_name: "Okafor" });
  const code: string = (await signUpAndLogIn(app, inviter)).json().user.referral_code;
  await signedUpAt(db, inviter.email, lagos("2026-11-24T09:00"), true);
  const campaign = await signUpThroughPage(
    app,
    `${accountPages.join}?utm_source=whatsapp&utm_campaign=waec`,
  );
  await signedUpAt(db, campaign.email, lagos("2026-11-25T14:00"), true);
  const invited = await signUpThroughPage(app, `${accountPages.join}/${code}?utm_source=whatsapp`);
  await logIn(app, invited);
  await signedUpAt(db, invited.email, lagos("2026-11-18T10:00"), true);
  // Sunday night in Lagos is last week; half past midnight on Monday is this week, though
  // both are Sunday in UTC.
  const sunday = await signUpByApi(
    app,
    makeStudent({ referral_code: code, referrer: "tiktok.com" }),
  );
  await signedUpAt(db, sunday.email, lagos("2026-11-22T23:30"));
  const monday = await signUpByApi(app, makeStudent({ utm_source: "tiktok" }));
  await signedUpAt(db, monday.email, lagos("2026-11-23T00:30"));
  // Before the chart's 90 days and the funnel's 12 weeks.
  const old = await signUpByApi(app, makeStudent({ utm_source: "whatsapp" }));
  await signedUpAt(db, old.email, lagos("2026-08-01T12:00"));
  return { inviter, code, campaign, invited };
}

/** A student whose name is markup, who invited one account, long ago: stored before the name rule. */
async function seedHostileInviter(db: Db) {
  const id = randomUUID();
  await db.execute(
    sql`insert into users (id, email, first_name, last_name, referral_code, created_at)
        values (${id}, ${`old.${id}@example.com`}, '<img src=x onerror=alert(1)>', 'Obi',
                'Z9Z9Z9', '2026-01-01T12:00:00Z')`,
  );
  await db.execute(
    sql`insert into users (email, first_name, last_name, referral_code, referred_by, created_at)
        values (${`invited.${id}@example.com`}, 'Tolu', 'Ade', 'Y8Y8Y8', ${id}, '2026-01-02T12:00:00Z')`,
  );
}

/** The funnel's parents: the inviter's gave permission, the campaign's was asked and is pending. */
async function seedParents(db: Db, students: Awaited<ReturnType<typeof seedStudents>>) {
  const inviterId = await idOf(db, students.inviter.email);
  const granted = await askedParent(db, inviterId, {
    sent: lagos("2026-11-24T10:00"),
    expires: lagos("2026-11-27T10:00"),
    answered: lagos("2026-11-24T12:00"),
  });
  await db.execute(
    sql`insert into consent_records (kind, user_id, guardian_request_id, created_at)
        values ('guardian_granted', ${inviterId}, ${granted}, ${new Date(lagos("2026-11-24T12:00")).toISOString()}::timestamptz)`,
  );
  const campaignId = await idOf(db, students.campaign.email);
  // Ends in 48 hours: shown. The others are not: replaced, ending in 5 days, already ended.
  await askedParent(db, campaignId, {
    sent: lagos("2026-11-14T11:00"),
    expires: lagos("2026-11-28T11:00"),
  });
  await askedParent(db, campaignId, {
    sent: lagos("2026-11-13T11:00"),
    expires: lagos("2026-11-27T11:00"),
    replaced: lagos("2026-11-14T11:00"),
  });
  await askedParent(db, campaignId, {
    sent: lagos("2026-11-17T11:00"),
    expires: lagos("2026-12-01T11:00"),
  });
  await askedParent(db, campaignId, {
    sent: lagos("2026-11-11T11:00"),
    expires: lagos("2026-11-25T11:00"),
  });
}

/** Two subscriptions: one confirmed this week; one confirmed 2 weeks before and withdrawn this week. */
async function seedNewsletter(db: Db) {
  const [kept, left] = [randomUUID(), randomUUID()];
  const at = (local: string) => new Date(lagos(local)).toISOString();
  await db.execute(
    sql`insert into newsletter_subscriptions (id, email, confirmed_at, unsubscribed_at) values
          (${kept}, ${`kept.${kept}@example.com`}, ${at("2026-11-24T08:00")}::timestamptz, null),
          (${left}, ${`left.${left}@example.com`}, null, ${at("2026-11-25T08:00")}::timestamptz)`,
  );
  await db.execute(
    sql`insert into consent_records (kind, subscription_id, created_at) values
          ('newsletter_confirmed', ${kept}, ${at("2026-11-24T08:00")}::timestamptz),
          ('newsletter_confirmed', ${left}, ${at("2026-11-10T08:00")}::timestamptz),
          ('newsletter_withdrawn', ${left}, ${at("2026-11-25T08:00")}::timestamptz)`,
  );
}

async function seedDataRequests(db: Db) {
  const at = (local: string) => new Date(lagos(local)).toISOString();
  await db.execute(
    sql`insert into data_requests (kind, email_hash, asked_at, done_at) values
          ('guardian_refusal_erasure', 'h1', ${at("2026-11-26T09:00")}::timestamptz, null),
          ('delete', 'h2', ${at("2026-10-20T09:00")}::timestamptz, null),
          ('download', 'h3', ${at("2026-10-27T18:00")}::timestamptz, null),
          ('correct', 'h4', ${at("2026-10-01T09:00")}::timestamptz, ${at("2026-10-01T09:01")}::timestamptz)`,
  );
}

async function seedPageViews(db: Db) {
  await db.execute(
    sql`insert into page_views (day, path, referrer_domain, views) values
          ('2026-11-26', '/', '', 5), ('2026-11-26', '/', 'google.com', 3),
          ('2026-11-25', '/join', 'whatsapp.com', 2), ('2026-10-28', '/faqs', '', 1),
          ('2026-10-27', '/', '', 100)`,
  );
}

/** The rows of a table with something in them: the days or weeks with a count above 0. */
const counted = (table: Table) =>
  table.rows.filter((row) => row.slice(1).some((cell) => typeof cell === "number" && cell > 0));

describe.each(databases)("the staff dashboard on $name", (testDb) => {
  const suite = appOnDatabase(testDb);
  const dashboard = () => createDashboard(suite.database.db, () => now);
  let seeded: Awaited<ReturnType<typeof seedStudents>>;

  beforeAll(async () => {
    const db = suite.database.db;
    seeded = await seedStudents(suite.app, db);
    await seedHostileInviter(db);
    await seedParents(db, seeded);
    await seedNewsletter(db);
    await seedDataRequests(db);
    await seedPageViews(db);
  }, 60_000);

  const table = async (name: TableName, query: unknown = {}, role: "staff" | "admin" = "staff") => {
    const found = await dashboard().table(name, role, dashboardFilterFrom(query));
    if (!found) throw new Error(`no table ${name}`);
    return found;
  };

  it("counts sign-ups per Lagos day for 90 days, newest first, every day listed", async () => {
    const signups = await table("signups");
    expect(signups.headings).toEqual(["Day", "Sign-ups"]);
    expect(signups.rows).toHaveLength(90);
    expect(signups.rows[0]).toEqual(["2026-11-26", 0]);
    expect(signups.rows.at(-1)).toEqual(["2026-08-29", 0]);
    expect(counted(signups)).toEqual([
      ["2026-11-25", 1],
      ["2026-11-24", 1],
      ["2026-11-23", 1],
      ["2026-11-22", 1],
      ["2026-11-18", 1],
    ]);
  });

  it("shows the sign-ups from /join?utm_source=whatsapp under that source, in the table and the CSV", async () => {
    const signups = await table("signups", { source: "WhatsApp" });
    expect(counted(signups)).toEqual([
      ["2026-11-25", 1],
      ["2026-11-18", 1],
    ]);
    expect(signups.query).toBe("?source=whatsapp");
    const csv = tableCsv(signups);
    expect(csv.startsWith("Day,Sign-ups\r\n2026-11-26,0\r\n")).toBe(true);
    expect(csv).toContain("\r\n2026-11-25,1\r\n");
    expect(csv).toContain("\r\n2026-11-18,1\r\n");
    // A referring website is a source too, and days are Lagos days: 23:30 on Sunday in UTC is
    // Monday in Lagos.
    expect(counted(await table("signups", { source: "tiktok.com" }))).toEqual([["2026-11-22", 1]]);
    expect(counted(await table("signups", { source: "tiktok" }))).toEqual([["2026-11-23", 1]]);
  });

  it("shows the sign-ups from /join/<code> under that code, and both filters together", async () => {
    const byCode = await table("signups", { code: ` ${seeded.code.toLowerCase()} ` });
    expect(byCode.query).toBe(`?code=${seeded.code}`);
    expect(counted(byCode)).toEqual([
      ["2026-11-22", 1],
      ["2026-11-18", 1],
    ]);
    expect(tableCsv(byCode)).toContain("\r\n2026-11-22,1\r\n");
    const both = await table("signups", { source: "whatsapp", code: seeded.code });
    expect(counted(both)).toEqual([["2026-11-18", 1]]);
    // A code of the right shape that no student has brings no one.
    expect(counted(await table("signups", { code: "ABCDEF" }))).toEqual([]);
  });

  it("compares this Lagos week with last, in all and by source, campaign and website", async () => {
    const sources = await table("sources");
    const kinds = words.sources.kinds;
    expect(sources.headings).toEqual(["Counted by", "Name", "This week", "Last week"]);
    expect(sources.rows).toEqual([
      [kinds.all, null, 3, 2],
      [kinds.source, "whatsapp", 1, 1],
      [kinds.source, "tiktok", 1, 0],
      [kinds.campaign, "waec", 1, 0],
      [kinds.site, "tiktok.com", 0, 1],
    ]);
  });

  it("lists invite codes by sign-ups: codes and counts for staff, the inviter's name for an admin", async () => {
    const forStaff = await table("invites");
    expect(forStaff.headings).toEqual(["Invite code", "Sign-ups"]);
    expect(forStaff.rows).toEqual([
      [seeded.code, 2],
      ["Z9Z9Z9", 1],
    ]);
    const forAdmin = await table("invites", {}, "admin");
    expect(forAdmin.headings).toEqual(["Invite code", "Student who invited", "Sign-ups"]);
    expect(forAdmin.rows).toEqual([
      [seeded.code, "Adaeze Okafor", 2],
      ["Z9Z9Z9", "<img src=x onerror=alert(1)> Obi", 1],
    ]);
  });

  it("follows each week's sign-ups through the funnel", async () => {
    const funnel = await table("funnel");
    expect(funnel.rows).toHaveLength(12);
    expect(funnel.rows.at(-1)?.[0]).toBe("2026-09-07");
    expect(counted(funnel)).toEqual([
      // The inviter (confirmed, parent gave permission, logged in), the campaign's student
      // (confirmed, parent asked) and Monday's.
      ["2026-11-23", 3, 2, 2, 1, 1],
      // The invited student (confirmed, logged in) and Sunday's.
      ["2026-11-16", 2, 1, 0, 0, 1],
    ]);
  });

  it("counts newsletter confirmations and unsubscribes per week", async () => {
    const newsletter = await table("newsletter");
    expect(counted(newsletter)).toEqual([
      ["2026-11-23", 1, 1],
      ["2026-11-09", 1, 0],
    ]);
    const { subscribers } = await dashboard().tables("staff", {});
    expect(subscribers).toBe(1);
  });

  it("lists data requests not done, oldest first, with the Lagos days left to their deadline", async () => {
    const kinds = words.waiting.dataRequests.kinds;
    expect((await table("data-requests")).rows).toEqual([
      [kinds.delete, "2026-10-20", "2026-11-19", -7],
      [kinds.download, "2026-10-27", "2026-11-26", 0],
      [kinds.guardian_refusal_erasure, "2026-11-26", "2026-12-26", 30],
    ]);
  });

  it("lists parents' requests unanswered and not replaced that end within 3 days", async () => {
    expect((await table("parent-requests")).rows).toEqual([["2026-11-14", "2026-11-28 11:00", 48]]);
  });

  it("counts page views per Lagos day and page over 30 days, and the sites that sent them", async () => {
    const days = await table("page-views-by-day");
    expect(days.rows).toHaveLength(30);
    expect(counted(days)).toEqual([
      ["2026-11-26", 8],
      ["2026-11-25", 2],
      ["2026-10-28", 1],
    ]);
    expect((await table("page-views-by-page")).rows).toEqual([
      ["/", 8],
      ["/join", 2],
      ["/faqs", 1],
    ]);
    expect((await table("referring-sites")).rows).toEqual([
      ["google.com", 3],
      ["whatsapp.com", 2],
    ]);
  });

  it("has no table by any other name", async () => {
    const tables = dashboard();
    expect(await tables.table("users", "admin", {})).toBeUndefined();
    expect(await tables.table("../signups", "admin", {})).toBeUndefined();
  });

  it("writes the page: the filter kept, the chart, each section and its CSV links, escaped", async () => {
    const filter = dashboardFilterFrom({ source: "whatsapp" });
    const html = dashboardHtml(await dashboard().tables("admin", filter), {
      role: "admin",
      filter,
    });
    expect(html).toContain('name="source" type="text" value="whatsapp"');
    expect(html).toContain('<svg class="staff-chart-svg" viewBox="0 0 600 260"');
    expect(html).toContain('role="img" aria-labelledby="staff-chart-title staff-chart-desc"');
    expect(html).toContain("2 sign-ups from 29 August 2026 to 26 November 2026.");
    expect(html).toContain('href="/staff/tables/signups.csv?source=whatsapp"');
    expect(html).toContain('href="/staff/tables/funnel.csv"');
    for (const id of [
      "signups",
      "sources",
      "invites",
      "funnel",
      "newsletter",
      "waiting",
      "page-views",
    ])
      expect(html).toContain(
        `<section class="staff-panel" id="staff-${id}" aria-labelledby="staff-${id}-title"><h2 id="staff-${id}-title">`,
      );
    expect(html).toContain("Adaeze Okafor");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; Obi");
  });

  it("shows staff no inviter's name", async () => {
    const html = dashboardHtml(await dashboard().tables("staff", {}), {
      role: "staff",
      filter: {},
    });
    expect(html).toContain(seeded.code);
    expect(html).not.toContain("Okafor");
    expect(html).not.toContain("onerror");
  });
});

describe("the dashboard's filter, from a query", () => {
  it("keeps a source by the sign-up source rule, in lower case, and a code in capitals", () => {
    expect(dashboardFilterFrom({ source: " WhatsApp ", code: " k7qx9m " })).toEqual({
      source: "whatsapp",
      code: "K7QX9M",
    });
  });

  it.each<[string, unknown]>([
    ["no query", undefined],
    ["a quote", { source: "x' or 1=1 --" }],
    ["markup", { source: '"><script>alert(1)</script>' }],
    ["65 characters", { source: "a".repeat(65) }],
    ["a value given twice", { source: ["whatsapp", "tiktok"], code: ["K7QX9M", "K7QX9N"] }],
    ["a number", { source: 42, code: 123456 }],
    ["a code with letters no code has (O, 0, I, 1)", { code: "K0QI1O" }],
    ["a code too long", { code: "K7QX9MM" }],
    ["an empty value", { source: "", code: "" }],
  ])("leaves out %s", (_, query) => {
    expect(dashboardFilterFrom(query)).toEqual({});
  });
});
