import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { appOnDatabase, databasesForFile, makeApp } from "../../test/harness.ts";
import { testPublicUrl } from "../../test/mail.ts";
import { userAgents } from "../../test/user-agents.ts";
import { type Database, queryRows } from "../db/client.ts";
import { lagosDate } from "../pages/lagos-time.ts";
import { createPageViews } from "./page-views.ts";

const databases = databasesForFile();

/** 00:30 on 29 November 2026 in Lagos, while it is still the 28th in UTC. */
const afterMidnightInLagos = Date.parse("2026-11-28T23:30:00Z");

const googlebot =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const view = (
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) =>
  app.inject({
    method,
    url,
    headers: { "user-agent": userAgents.tecnoWebView, ...headers },
  });

async function counted(database: Database) {
  return queryRows<{ day: string; path: string; referrer_domain: string; views: number }>(
    database.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, path, referrer_domain, views from page_views
        order by path, referrer_domain`,
  );
}

describe.each(databases)("page views on $name", (testDb) => {
  const suite = appOnDatabase(testDb, {}, () => afterMidnightInLagos);

  it("are counted per Lagos day, page and referring site, with no cookie", async () => {
    await suite.database.db.execute(sql`delete from page_views`);
    const answers = [
      await view(suite.app, "/"),
      await view(suite.app, "/", { referer: "https://www.google.com/search?q=waec" }),
      await view(suite.app, "/?utm_source=whatsapp", { referer: "https://google.com/" }),
      await view(suite.app, "/join/K7QX9M", { referer: `${testPublicUrl}/` }),
      await view(suite.app, "/join/", { "user-agent": userAgents.iphone }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    await suite.app.flushPageViews();
    expect(lagosDate(afterMidnightInLagos)).toBe("2026-11-29");
    expect(await counted(suite.database)).toEqual([
      { day: "2026-11-29", path: "/", referrer_domain: "", views: 1 },
      { day: "2026-11-29", path: "/", referrer_domain: "google.com", views: 2 },
      { day: "2026-11-29", path: "/join", referrer_domain: "", views: 2 },
    ]);
  });

  it("leave out bots, HEAD, prefetches, the API, files, pages not found and the staff area", async () => {
    await suite.database.db.execute(sql`delete from page_views`);
    await view(suite.app, "/", { "user-agent": googlebot });
    await view(suite.app, "/", { "user-agent": "" });
    await view(suite.app, "/", { "user-agent": "curl/8.5.0" });
    await view(suite.app, "/", {}, "HEAD");
    await view(suite.app, "/", { "sec-purpose": "prefetch" });
    await view(suite.app, "/api/openapi.json");
    await view(suite.app, "/robots.txt");
    expect((await view(suite.app, "/no-such-page")).statusCode).toBe(404);
    expect((await view(suite.app, "/staff/login")).statusCode).toBe(200);
    await suite.app.flushPageViews();
    expect(await counted(suite.database)).toEqual([]);
    // The same page for a phone is counted: what was left out was left out for what it was.
    await view(suite.app, "/");
    await suite.app.flushPageViews();
    expect(await counted(suite.database)).toHaveLength(1);
  });

  it("add up across flushes and across instances on one database", async () => {
    await suite.database.db.execute(sql`delete from page_views`);
    const other = await makeApp(suite.database, {}, () => afterMidnightInLagos);
    try {
      for (const app of [suite.app, other, suite.app]) await view(app, "/join");
      await Promise.all([suite.app.flushPageViews(), other.flushPageViews()]);
      await view(other, "/join");
    } finally {
      // Closing writes what is still waiting.
      await other.close();
    }
    expect(await counted(suite.database)).toEqual([
      { day: "2026-11-29", path: "/join", referrer_domain: "", views: 4 },
    ]);
  });

  it("keep 2,000 referring sites apart a day, and count the rest under none", async () => {
    await suite.database.db.execute(sql`delete from page_views`);
    let now = afterMidnightInLagos;
    const views = createPageViews(suite.database.db, () => now, suite.app.log);
    const from = (n: number) => `https://site-${n}.example/`;
    for (let n = 0; n < 2_003; n++) views.count("/", from(n), "ysp.example");
    views.count("/", from(7), "ysp.example");
    // A new day has room again.
    now += 24 * 3600_000;
    views.count("/", from(2_002), "ysp.example");
    await views.flush();
    const rows = await counted(suite.database);
    const today = rows.filter((row) => row.day === "2026-11-29");
    expect(today).toHaveLength(2_001);
    expect(today.find((row) => row.referrer_domain === "")?.views).toBe(3);
    expect(today.find((row) => row.referrer_domain === "site-7.example")?.views).toBe(2);
    expect(rows.filter((row) => row.day === "2026-11-30")).toEqual([
      { day: "2026-11-30", path: "/", referrer_domain: "site-2002.example", views: 1 },
    ]);
  });
});
