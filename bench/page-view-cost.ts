import { createPageViews, viewedPage } from "@ysp/api/analytics/page-views";
import type { Db } from "@ysp/api/db/client";
import { loadSite } from "@ysp/api/pages/static-site";

/**
 * What counting costs the event loop: a page's view (the check that it is one, and the count),
 * and the check alone on an API answer, which every refresh pays.
 */
export type PageViewCost = {
  microseconds: number;
  runs: number[];
  apiCheckMicroseconds: number;
};

const buildDir = new URL("../web/build", import.meta.url).pathname;

/** Phones, a desktop and a bot, as page requests bring them; a third from another site. */
const agents = [
  "Mozilla/5.0 (Linux; Android 11; Infinix X6812B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 12; TECNO KG5 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];
const paths = ["/", "/join", "/join/K7QX9M", "/faqs", "/about-us"];
const referers = [undefined, "https://www.google.com/", "https://ysp.ng/"];
const views = 200_000;

/** Microseconds per call of `once(i)` in each of five batches of `views` calls, and their median. */
function batches(once: (i: number) => void): { median: number; runs: number[] } {
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < views; i++) once(i);
    runs.push(Number(process.hrtime.bigint() - start) / 1000 / views);
  }
  return { median: [...runs].sort((a, b) => a - b)[2] ?? 0, runs };
}

/**
 * Every page a browser is sent is checked and counted in memory as it goes (the database is
 * written every 10 s, off the request): this times that work alone, in batches, and takes the
 * median batch's time per view; and the check alone on a refresh's answer, which is no page.
 */
export async function pageViewCost(): Promise<PageViewCost> {
  const site = await loadSite(buildDir);
  // Never written: flush is not called, so the database is not needed.
  const counter = createPageViews({} as Db, Date.now, console as never);
  const page = { status: 200, contentType: "text/html; charset=utf-8" };
  const viewed = batches((i) => {
    const referer = referers[i % referers.length];
    const request = {
      method: "GET",
      url: paths[i % paths.length] ?? "/",
      headers: { "user-agent": agents[i % agents.length], referer },
    };
    const path = viewedPage(request, page, site);
    if (path !== undefined) counter.count(path, referer, "ysp.ng");
  });
  const refresh = {
    method: "POST",
    url: "/api/v1/auth/refresh/",
    headers: { "user-agent": agents[0] },
  };
  const json = { status: 200, contentType: "application/json; charset=utf-8" };
  const checked = batches(() => viewedPage(refresh, json, site));
  return { microseconds: viewed.median, runs: viewed.runs, apiCheckMicroseconds: checked.median };
}
