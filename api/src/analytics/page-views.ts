import { referringDomain } from "@ysp/contract";
import { staffPages } from "@ysp/contract/staff";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import type { Db } from "../db/client.ts";
import { pageViews } from "../db/schema.ts";
import { lagosDate } from "../pages/lagos-time.ts";
import { builtPagePath, type SiteFiles } from "../pages/static-site.ts";

/**
 * Counts are written every 10 s, all the views since the last in one statement per 1,000 rows,
 * so a view costs the request a few map operations and the database one row per page and site
 * a window.
 */
const flushMs = 10_000;

/**
 * Referring sites a day keeps apart, per instance: a browser can name any site in its Referer,
 * so past these a view counts under none ("") and the table grows by at most this many rows
 * per page and day, whatever anyone sends.
 */
const domainsPerDay = 2_000;

/**
 * Rows written by one statement: four parameters each, well under PostgreSQL's 65,535, which a
 * day's 45 pages times 2,000 sites would pass in one.
 */
const rowsPerStatement = 1_000;

type Counted = { day: string; path: string; referrerDomain: string };
const keyOf = ({ day, path, referrerDomain }: Counted) => `${day} ${path} ${referrerDomain}`;

/**
 * Page views, counted by the server as it serves pages: per Lagos day, page (as the build names
 * it: "/join" for "/join/K7QX9M") and referring domain. No cookie is set or read, and nothing of
 * the browser (address, user agent) is kept: bots, as `isbot`'s maintained list knows them, are
 * not counted at all. Counts wait in memory and are added to the database's, so any number of
 * instances count into the same rows.
 */
export function createPageViews(db: Db, now: () => number, log: FastifyBaseLogger) {
  let waiting = new Map<string, Counted & { views: number }>();
  let domainsDay = "";
  const domains = new Set<string>();

  /** The domain as counted: kept apart while the day has room for it. */
  function domainToCount(day: string, domain: string | undefined): string {
    if (domain === undefined) return "";
    if (day !== domainsDay) {
      domainsDay = day;
      domains.clear();
    }
    if (domains.has(domain)) return domain;
    if (domains.size >= domainsPerDay) return "";
    domains.add(domain);
    return domain;
  }

  function count(path: string, referer: string | undefined, ownHost: string) {
    const day = lagosDate(now());
    const referrerDomain = domainToCount(day, referringDomain(referer, ownHost));
    const counted = { day, path, referrerDomain };
    const row = waiting.get(keyOf(counted));
    if (row) row.views++;
    else waiting.set(keyOf(counted), { ...counted, views: 1 });
  }

  /** Counts again rows that could not be written, with what was counted since. */
  function keep(rows: readonly (Counted & { views: number })[]) {
    for (const row of rows) {
      const later = waiting.get(keyOf(row));
      if (later) later.views += row.views;
      else waiting.set(keyOf(row), row);
    }
  }

  /** Adds the waiting counts to the database's; kept for the next try if it cannot answer. */
  async function flush() {
    if (waiting.size === 0) return;
    const rows = [...waiting.values()];
    waiting = new Map();
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      const chunk = rows.slice(start, start + rowsPerStatement);
      try {
        await db
          .insert(pageViews)
          .values(chunk)
          .onConflictDoUpdate({
            target: [pageViews.day, pageViews.path, pageViews.referrerDomain],
            set: { views: sql`${pageViews.views} + excluded.views` },
          });
      } catch (error) {
        log.warn(
          { err: error, rows: chunk.length },
          "page views not written; kept for the next try",
        );
        keep(chunk);
      }
    }
  }

  return { count, flush };
}
export type PageViews = ReturnType<typeof createPageViews>;

/**
 * The page of the built site a request viewed, as the build names it, or none: a view is a GET
 * a browser made and got the page for (or "not modified"), not a bot's or a prefetch, which may
 * never be seen.
 */
export function viewedPage(
  request: Pick<FastifyRequest, "method" | "url" | "headers">,
  answer: { status: number; contentType: unknown },
  site: Pick<SiteFiles, "pages" | "patterns">,
): string | undefined {
  if (request.method !== "GET") return undefined;
  if (answer.status !== 200 && answer.status !== 304) return undefined;
  const type = answer.contentType;
  if (typeof type !== "string" || !type.startsWith("text/html")) return undefined;
  const agent = request.headers["user-agent"];
  if (!agent || isbot(agent) || request.headers["sec-purpose"] !== undefined) return undefined;
  const path = builtPagePath(site, request.url.split("?")[0] ?? "/");
  // The staff area's pages are the company's own, not visits to the site.
  return path === undefined || isStaffPath(path) ? undefined : path;
}

const isStaffPath = (path: string) =>
  path === staffPages.home || path.startsWith(`${staffPages.home}/`);

declare module "fastify" {
  interface FastifyInstance {
    /** Writes the page views counted so far now, as the timer does every 10 s (for tests). */
    flushPageViews: () => Promise<void>;
  }
}

/**
 * Counts every view of a page of the built site, whichever route served it, once it is sent;
 * writes the counts every 10 s, and at close.
 */
export function countPageViews(
  app: FastifyInstance,
  views: PageViews,
  site: Pick<SiteFiles, "pages" | "patterns">,
  ownHost: string,
) {
  app.addHook("onResponse", async (request, reply) => {
    const answer = { status: reply.statusCode, contentType: reply.getHeader("content-type") };
    const path = viewedPage(request, answer, site);
    if (path !== undefined) views.count(path, request.headers.referer, ownHost);
  });
  const timer = setInterval(() => void views.flush(), flushMs);
  timer.unref();
  app.decorate("flushPageViews", views.flush);
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await views.flush();
  });
}
