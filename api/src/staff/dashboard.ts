import { type StaffTableWords, staffDashboardWords } from "@ysp/content/staff-dashboard";
import { type StaffRole, sourceValue } from "@ysp/contract";
import { and, asc, count, gt, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { referralAlphabet, referralCodeLength } from "../auth/referral-codes.ts";
import { type Db, queryRows } from "../db/client.ts";
import {
  authSessions,
  consentRecords,
  dataRequests,
  guardianRequests,
  newsletterSubscriptions,
  pageViews,
  users,
} from "../db/schema.ts";
import { lagosDate, lagosMinute, lagosOffsetMs } from "../pages/lagos-time.ts";
import type { DayCount } from "./chart.ts";
import type { Cell, Table } from "./tables.ts";

const words = staffDashboardWords;

/**
 * Days to answer a request about a person's data, from when it was asked: the one month the
 * NDPR (2019, regulation 3.1) and the GDPR (art. 12(3)) give a controller, counted as 30 days.
 * The NDPA 2023 names no time of its own, and neither docs/data-rights.md nor docs/security.md
 * names another; an erasure after a parent's refusal is due after the same 30 days.
 */
export const dataRequestDeadlineDays = 30;

/** A parent's request is "about to stop working" in its last 3 of 14 days: time to remind the student. */
export const parentRequestWarningDays = 3;

/** The span of each section: the chart's 90 days, the funnel's and newsletter's 12 weeks, 30 days of views. */
const signupDaysShown = 90;
const weeksShown = 12;
const pageViewDaysShown = 30;

/** The invite codes listed, and the referring websites: enough for a campaign's review, a screen's worth. */
const topInviteCodes = 20;
export const topReferringSites = 50;

export const tableNames = [
  "signups",
  "sources",
  "invites",
  "funnel",
  "newsletter",
  "data-requests",
  "parent-requests",
  "page-views-by-day",
  "page-views-by-page",
  "referring-sites",
] as const;
export type TableName = (typeof tableNames)[number];
const isTableName = (name: string): name is TableName =>
  (tableNames as readonly string[]).includes(name);

/**
 * What the sign-ups chart and its table are limited to: a source (a campaign's `utm_source`, or
 * the website a student came from) and an invite code. Both are checked before use: anything
 * else is left out, as if not given.
 */
export type DashboardFilter = { source?: string; code?: string };

/** An invite code as accounts are given them (auth/referral-codes.ts): 6 of its 31 characters. */
const inviteCodeShape = new RegExp(`^[${referralAlphabet}]{${referralCodeLength}}$`);

/**
 * The filter a request's query asks for: `source` by the sign-up source rule (so in lower case,
 * as sources are kept), `code` in capitals as codes are given, spaces around either dropped. A
 * value given twice, malformed or of another type is left out.
 */
export function dashboardFilterFrom(query: unknown): DashboardFilter {
  if (typeof query !== "object" || query === null) return {};
  const { source, code } = query as Record<string, unknown>;
  const filter: DashboardFilter = {};
  const keptSource = typeof source === "string" ? sourceValue(source.trim()) : undefined;
  if (keptSource !== undefined) filter.source = keptSource;
  const keptCode = typeof code === "string" ? code.trim().toUpperCase() : "";
  if (inviteCodeShape.test(keptCode)) filter.code = keptCode;
  return filter;
}

/** The filter as its query, "?source=whatsapp&code=K7QX9M", or "" for none. */
export function filterQuery(filter: DashboardFilter): string {
  const params = new URLSearchParams();
  if (filter.source) params.set("source", filter.source);
  if (filter.code) params.set("code", filter.code);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Everything the dashboard shows, read at one moment. */
export type DashboardTables = {
  /** Sign-ups per Lagos day, oldest first, as the chart draws them: the filter's. */
  signupDays: readonly DayCount[];
  /** The Mondays that start this week and last, "2026-11-23", as the sources table compares them. */
  weeks: { thisWeek: string; lastWeek: string };
  /** Addresses subscribed to the newsletter now. */
  subscribers: number;
  tables: Record<TableName, Table>;
};

const dayMs = 86_400_000;
const weekMs = 7 * dayMs;

/** The moments every table counts from, all from one reading of the clock. */
type Period = {
  now: number;
  /** Midnight starting today in Lagos, and the next. */
  today: number;
  tomorrow: number;
  /** Midnight starting this week's Monday in Lagos. */
  monday: number;
};

function periodAt(now: number): Period {
  const day = lagosDate(now);
  // Lagos midnight is 23:00 UTC the day before.
  const today = Date.parse(`${day}T00:00:00Z`) - lagosOffsetMs;
  // getUTCDay counts from Sunday (0): Monday is 1.
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { now, today, tomorrow: today + dayMs, monday: today - sinceMonday * dayMs };
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Which span of `size` ms from `from` a moment is in, 0 for the first: counted by the database,
 * so the rows come back grouped by day or week, and Lagos days need no time zone in the database.
 */
const spanOf = (column: SQL, from: number, size: number) =>
  sql`floor(extract(epoch from (${column} - ${at(from)})) * 1000 / ${size})::int`;

/** Rows by span, one per span of `count`, undefined for a span with none. */
function perSpan<Row extends { span: number }>(rows: readonly Row[], count: number) {
  const found = new Map(rows.map((row) => [row.span, row]));
  return Array.from({ length: count }, (_, index) => found.get(index));
}

/** A table of the dashboard from its words and rows keyed by column, in the words' order. */
function tableOf<Column extends string>(
  name: TableName,
  tableWords: StaffTableWords<Column>,
  rows: readonly Record<Column, Cell>[],
  query = "",
): Table {
  const columns = Object.keys(tableWords.headings) as Column[];
  return {
    name,
    title: tableWords.title,
    headings: columns.map((column) => tableWords.headings[column]),
    rows: rows.map((row) => columns.map((column) => row[column])),
    empty: tableWords.empty,
    query,
  };
}

/** The filter as conditions on `users`, every value a parameter. */
function filterConditions({ source, code }: DashboardFilter): SQL {
  const conditions: SQL[] = [];
  if (source) conditions.push(sql`and (utm_source = ${source} or referrer_domain = ${source})`);
  if (code)
    conditions.push(
      sql`and referred_by = (select inviter.id from ${users} inviter where inviter.referral_code = ${code})`,
    );
  return sql.join(conditions, sql` `);
}

/** Sign-ups per Lagos day over the last 90, oldest first: by the index on `created_at`. */
async function signupDays(db: Db, period: Period, filter: DashboardFilter): Promise<DayCount[]> {
  const from = period.today - (signupDaysShown - 1) * dayMs;
  const rows = await queryRows<{ span: number; n: number }>(
    db,
    sql`select ${spanOf(sql`created_at`, from, dayMs)} as span, count(*)::int as n
        from ${users}
        where created_at >= ${at(from)} and created_at < ${at(period.tomorrow)}
        ${filterConditions(filter)}
        group by 1`,
  );
  return perSpan(rows, signupDaysShown).map((row, index) => ({
    day: lagosDate(from + index * dayMs),
    signups: row?.n ?? 0,
  }));
}

const signupsTable = (days: readonly DayCount[], filter: DashboardFilter) =>
  tableOf("signups", words.signups.table, days.toReversed(), filterQuery(filter));

/** A row of the grouping sets: `grouping(column)` is 1 where the row is not counted by that column. */
type SourceRow = {
  no_source: number;
  no_campaign: number;
  no_site: number;
  utm_source: string | null;
  utm_campaign: string | null;
  referrer_domain: string | null;
  this_week: number;
  last_week: number;
};

const sourceKinds = ["all", "source", "campaign", "site"] as const;

/** Which count a row of the grouping sets is: all, or by one of the three columns. */
function sourceKindOf(row: SourceRow): { kind: (typeof sourceKinds)[number]; name: Cell } {
  if (!row.no_source) return { kind: "source", name: row.utm_source };
  if (!row.no_campaign) return { kind: "campaign", name: row.utm_campaign };
  if (!row.no_site) return { kind: "site", name: row.referrer_domain };
  return { kind: "all", name: null };
}

/**
 * Sign-ups this Lagos week and last, in all and by source, campaign and website: one pass over
 * the two weeks' accounts (the index on `created_at`), grouped four ways at once.
 */
async function sourcesTable(db: Db, period: Period): Promise<Table> {
  const lastMonday = period.monday - weekMs;
  const rows = await queryRows<SourceRow>(
    db,
    sql`select grouping(utm_source) as no_source, grouping(utm_campaign) as no_campaign,
               grouping(referrer_domain) as no_site, utm_source, utm_campaign, referrer_domain,
               (count(*) filter (where created_at >= ${at(period.monday)}))::int as this_week,
               (count(*) filter (where created_at < ${at(period.monday)}))::int as last_week
        from ${users}
        where created_at >= ${at(lastMonday)} and created_at < ${at(period.tomorrow)}
        group by grouping sets ((), (utm_source), (utm_campaign), (referrer_domain))`,
  );
  const counted = rows
    .map((row) => ({ ...sourceKindOf(row), thisWeek: row.this_week, lastWeek: row.last_week }))
    // Sign-ups with no source, campaign or website are counted in "All" only.
    .filter((row) => row.kind === "all" || row.name !== null)
    .sort(
      (a, b) =>
        sourceKinds.indexOf(a.kind) - sourceKinds.indexOf(b.kind) ||
        b.thisWeek - a.thisWeek ||
        b.lastWeek - a.lastWeek ||
        String(a.name).localeCompare(String(b.name)),
    );
  return tableOf(
    "sources",
    words.sources.table,
    counted.map((row) => ({ ...row, kind: words.sources.kinds[row.kind] })),
  );
}

/**
 * The invite codes that brought the most accounts, with the inviting student's name for an
 * admin only: for staff the name is not read at all.
 */
async function invitesTable(db: Db, role: StaffRole): Promise<Table> {
  const name =
    role === "admin" ? sql`inviter.first_name || ' ' || inviter.last_name` : sql`null::text`;
  const rows = await queryRows<{ code: string; name: string | null; signups: number }>(
    db,
    sql`select inviter.referral_code as code, ${name} as name, count(*)::int as signups
        from ${users} invited join ${users} inviter on inviter.id = invited.referred_by
        group by inviter.id
        order by signups desc, code
        limit ${topInviteCodes}`,
  );
  if (role === "admin") return tableOf("invites", words.invites.table, rows);
  const { name: _name, ...headings } = words.invites.table.headings;
  return tableOf<"code" | "signups">("invites", { ...words.invites.table, headings }, rows);
}

type FunnelRow = {
  span: number;
  signed_up: number;
  confirmed: number;
  parent_asked: number;
  permission: number;
  app: number;
};

/**
 * For each of the last 12 Lagos weeks, the accounts made in it and how many have done each
 * step since: each step an EXISTS on its table's index on `user_id`, for the weeks' accounts
 * only (the index on `created_at`). Any session is a login from the app: the site's own login
 * page opens the app store.
 */
async function funnelTable(db: Db, period: Period): Promise<Table> {
  const from = period.monday - (weeksShown - 1) * weekMs;
  const rows = await queryRows<FunnelRow>(
    db,
    sql`select span, count(*)::int as signed_up,
               (count(*) filter (where confirmed))::int as confirmed,
               (count(*) filter (where parent_asked))::int as parent_asked,
               (count(*) filter (where permission))::int as permission,
               (count(*) filter (where app))::int as app
        from (
          select ${spanOf(sql`u.created_at`, from, weekMs)} as span,
                 u.email_verified_at is not null as confirmed,
                 exists (select 1 from ${guardianRequests} g where g.user_id = u.id) as parent_asked,
                 exists (select 1 from ${consentRecords} c
                         where c.user_id = u.id and c.kind = 'guardian_granted') as permission,
                 exists (select 1 from ${authSessions} s where s.user_id = u.id) as app
          from ${users} u
          where u.created_at >= ${at(from)} and u.created_at < ${at(period.tomorrow)}
        ) steps
        group by span`,
  );
  const weeks = perSpan(rows, weeksShown).map((row, index) => ({
    week: lagosDate(from + index * weekMs),
    signedUp: row?.signed_up ?? 0,
    confirmed: row?.confirmed ?? 0,
    parentAsked: row?.parent_asked ?? 0,
    permission: row?.permission ?? 0,
    app: row?.app ?? 0,
  }));
  return tableOf("funnel", words.funnel.table, weeks.toReversed());
}

/** Newsletter confirmations and withdrawals per Lagos week, from their consent records. */
async function newsletterTable(db: Db, period: Period): Promise<Table> {
  const from = period.monday - (weeksShown - 1) * weekMs;
  const rows = await queryRows<{ span: number; confirmed: number; unsubscribed: number }>(
    db,
    sql`select ${spanOf(sql`created_at`, from, weekMs)} as span,
               (count(*) filter (where kind = 'newsletter_confirmed'))::int as confirmed,
               (count(*) filter (where kind = 'newsletter_withdrawn'))::int as unsubscribed
        from ${consentRecords}
        where kind in ('newsletter_confirmed', 'newsletter_withdrawn')
          and created_at >= ${at(from)} and created_at < ${at(period.tomorrow)}
        group by 1`,
  );
  const weeks = perSpan(rows, weeksShown).map((row, index) => ({
    week: lagosDate(from + index * weekMs),
    confirmed: row?.confirmed ?? 0,
    unsubscribed: row?.unsubscribed ?? 0,
  }));
  return tableOf("newsletter", words.newsletter.table, weeks.toReversed());
}

/** Subscribed now: confirmed, and not since unsubscribed (which clears `confirmed_at`). */
async function subscribers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(isNotNull(newsletterSubscriptions.confirmedAt));
  return row?.n ?? 0;
}

type DataRequestKind = (typeof dataRequests.$inferSelect)["kind"];
/** A kind of request without its words fails the typecheck here. */
const requestKinds: Record<DataRequestKind, string> = words.waiting.dataRequests.kinds;

/** Whole Lagos days from one ISO day to another: negative when `to` is before `from`. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;

/**
 * Data requests not done, oldest first, with the Lagos day of their deadline and the days
 * left to it counted in Lagos days: 30 on the day asked, 0 on the deadline's day, then below.
 */
async function dataRequestsTable(db: Db, period: Period): Promise<Table> {
  const waiting = await db
    .select({ kind: dataRequests.kind, askedAt: dataRequests.askedAt })
    .from(dataRequests)
    .where(isNull(dataRequests.doneAt))
    .orderBy(asc(dataRequests.askedAt));
  const today = lagosDate(period.now);
  const rows = waiting.map(({ kind, askedAt }) => {
    const deadline = lagosDate(askedAt.getTime() + dataRequestDeadlineDays * dayMs);
    return {
      kind: requestKinds[kind],
      asked: lagosDate(askedAt.getTime()),
      deadline,
      daysLeft: daysBetween(today, deadline),
    };
  });
  return tableOf("data-requests", words.waiting.dataRequests.table, rows);
}

/** Parents' requests neither answered nor replaced that stop working in the next 3 days. */
async function parentRequestsTable(db: Db, period: Period): Promise<Table> {
  const ending = await db
    .select({ createdAt: guardianRequests.createdAt, expiresAt: guardianRequests.expiresAt })
    .from(guardianRequests)
    .where(
      and(
        isNull(guardianRequests.answeredAt),
        isNull(guardianRequests.replacedAt),
        gt(guardianRequests.expiresAt, new Date(period.now)),
        lte(guardianRequests.expiresAt, new Date(period.now + parentRequestWarningDays * dayMs)),
      ),
    )
    .orderBy(asc(guardianRequests.expiresAt));
  const rows = ending.map(({ createdAt, expiresAt }) => ({
    sent: lagosDate(createdAt.getTime()),
    ends: lagosMinute(expiresAt.getTime()),
    hoursLeft: Math.floor((expiresAt.getTime() - period.now) / 3_600_000),
  }));
  return tableOf("parent-requests", words.waiting.parentRequests.table, rows);
}

/** The last 30 Lagos days of page views, as the primary key's range (`day` first). */
const viewDays = (period: Period) => {
  const from = lagosDate(period.today - (pageViewDaysShown - 1) * dayMs);
  return { from, where: sql`day >= ${from}::date and day <= ${lagosDate(period.now)}::date` };
};

async function viewsByDayTable(db: Db, period: Period): Promise<Table> {
  const days = viewDays(period);
  const rows = await queryRows<{ day: string; views: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views
        from ${pageViews} where ${days.where} group by day`,
  );
  const views = new Map(rows.map((row) => [row.day, row.views]));
  const start = Date.parse(`${days.from}T00:00:00Z`);
  const perDay = Array.from({ length: pageViewDaysShown }, (_, index) => {
    const day = new Date(start + index * dayMs).toISOString().slice(0, 10);
    return { day, views: views.get(day) ?? 0 };
  });
  return tableOf("page-views-by-day", words.pageViews.days, perDay.toReversed());
}

async function viewsByPageTable(db: Db, period: Period): Promise<Table> {
  const rows = await queryRows<{ page: string; views: number }>(
    db,
    sql`select path as page, sum(views)::int as views
        from ${pageViews} where ${viewDays(period).where}
        group by path order by views desc, page`,
  );
  return tableOf("page-views-by-page", words.pageViews.pages, rows);
}

/** The websites that sent the most views; a view with none ("") is left out. */
async function referringSitesTable(db: Db, period: Period): Promise<Table> {
  const rows = await queryRows<{ site: string; views: number }>(
    db,
    sql`select referrer_domain as site, sum(views)::int as views
        from ${pageViews} where ${viewDays(period).where} and referrer_domain <> ''
        group by referrer_domain order by views desc, site
        limit ${topReferringSites}`,
  );
  return tableOf("referring-sites", words.pageViews.sites, rows);
}

type Loader = (db: Db, period: Period, role: StaffRole, filter: DashboardFilter) => Promise<Table>;

/** Each table by its name, each one statement. */
const loaders: Record<TableName, Loader> = {
  signups: async (db, period, _role, filter) =>
    signupsTable(await signupDays(db, period, filter), filter),
  sources: (db, period) => sourcesTable(db, period),
  invites: (db, _period, role) => invitesTable(db, role),
  funnel: (db, period) => funnelTable(db, period),
  newsletter: (db, period) => newsletterTable(db, period),
  "data-requests": (db, period) => dataRequestsTable(db, period),
  "parent-requests": (db, period) => parentRequestsTable(db, period),
  "page-views-by-day": (db, period) => viewsByDayTable(db, period),
  "page-views-by-page": (db, period) => viewsByPageTable(db, period),
  "referring-sites": (db, period) => referringSitesTable(db, period),
};

/**
 * The staff dashboard's figures, read from the database when asked: every table, or one by its
 * name for its CSV file. A role decides what the invites table shows; the filter limits the
 * sign-ups chart and its table only.
 */
export function createDashboard(db: Db, now: () => number = Date.now) {
  return {
    async tables(role: StaffRole, filter: DashboardFilter): Promise<DashboardTables> {
      const period = periodAt(now());
      const others = tableNames.filter((name) => name !== "signups");
      const [days, count, loaded] = await Promise.all([
        signupDays(db, period, filter),
        subscribers(db),
        Promise.all(others.map((name) => loaders[name](db, period, role, filter))),
      ]);
      const tables = Object.fromEntries([
        ["signups", signupsTable(days, filter)],
        ...others.map((name, index) => [name, loaded[index]]),
      ]) as Record<TableName, Table>;
      const weeks = {
        thisWeek: lagosDate(period.monday),
        lastWeek: lagosDate(period.monday - weekMs),
      };
      return { signupDays: days, weeks, subscribers: count, tables };
    },

    /** One table by its name (`/staff/tables/<name>.csv`); undefined for a name there is none of. */
    async table(
      name: string,
      role: StaffRole,
      filter: DashboardFilter,
    ): Promise<Table | undefined> {
      if (!isTableName(name)) return undefined;
      return loaders[name](db, periodAt(now()), role, filter);
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
