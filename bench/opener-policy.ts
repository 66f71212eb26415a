import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { selfSignedCertificate } from "@ysp/testing/self-signed";
import { type Browser, chromium } from "playwright-core";
import { slowLinePage } from "./interactive.ts";
import {
  closeChromium,
  type LighthouseRun,
  launchForLighthouse,
  measuredRun,
  medianBy,
} from "./lighthouse.ts";
import { startThumbnailHost } from "./thumbnail-host.ts";
import { startTlsFront, type TlsFront } from "./tls-front.ts";

/** Arrivals and Lighthouse runs per page and policy; each figure is their median. */
export const openerPolicyRuns = 5;

/**
 * Chromium as Chrome runs on Android: it gives a process of its own only to the sites it judges
 * worth one, among them, since Chrome 92, those that send a Cross-Origin-Opener-Policy
 * (`SiteIsolationForCrossOriginOpenerPolicy`, on by default on Android only), where desktop
 * Chromium gives one to every site. On desktop, arriving from another site takes a new renderer
 * process whatever the page sends, and /faqs measured alike with and without the header.
 */
const asOnAndroid = [
  "--disable-site-isolation-trials",
  "--enable-features=SiteIsolationForCrossOriginOpenerPolicy",
];

export const policies = ["with", "without"] as const;
type Policy = (typeof policies)[number];

/** One arrival, timed from the tap that began the navigation. */
type Arrival = { fcpMs: number; loadMs: number; newProcess: boolean };

export type OpenerPolicySide = {
  /** Medians of the arrivals from another site's page. */
  fcpMs: number;
  loadMs: number;
  /** The arrivals that got a renderer process other than the one of the page they came from. */
  newProcesses: number;
  arrivals: Arrival[];
  /** Lighthouse's mobile preset on the same page: the medians and each run. */
  tbtMs: number;
  performance: number;
  tbtRunsMs: number[];
  performanceRuns: number[];
};

export type OpenerPolicyResult = { path: string } & Record<Policy, OpenerPolicySide>;

/**
 * A page of another site with one link to ours, as a chat message or a search result is: the
 * student taps it. Served at https://localhost while ours is at https://127.0.0.1, another site.
 */
async function startOtherSite() {
  const server = createServer(selfSignedCertificate("localhost"), (request, response) => {
    const to = new URL(request.url ?? "/", "https://localhost").searchParams.get("to") ?? "";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><meta name="viewport" content="width=device-width"><title>Chat</title><a id="to" href="${encodeURI(to)}">A link</a>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    linkingTo: (to: string) => `https://localhost:${port}/?to=${encodeURIComponent(to)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type TraceEvent = {
  name: string;
  pid: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
};

/** Whether the trace shows `to` loaded in a renderer process other than the one `from` was in. */
function tookNewProcess(events: TraceEvent[], from: string, to: string): boolean {
  const processOf = (url: string) => {
    const start = events.find(
      (e) =>
        e.name === "navigationStart" &&
        e.args?.data?.isLoadingMainFrame &&
        e.args.data.documentLoaderURL === url,
    );
    if (!start) throw new Error(`bench: the trace has no navigation to ${url}`);
    return start.pid;
  };
  return processOf(from) !== processOf(to);
}

/**
 * One arrival in a fresh context (nothing cached): the other site's page loaded on the slow
 * line, its link tapped, and our page timed from the tap to its first paint and its load event.
 * CPU throttling follows the page into a new process: a fixed loop took 12–88 ms in a new
 * process and 33–81 ms in the same one.
 */
async function arrive(browser: Browser, from: string, to: string): Promise<Arrival> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  try {
    const page = await slowLinePage(context);
    await browser.startTracing(page, { categories: ["blink.user_timing"] });
    await page.goto(from, { waitUntil: "load", timeout: 60_000 });
    await Promise.all([
      page.waitForURL(to, { waitUntil: "load", timeout: 60_000 }),
      page.click("#to"),
    ]);
    // A page can paint first after its load event: wait for the paint, never read a missing one as 0.
    await page.waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint").length > 0,
      undefined,
      { timeout: 60_000 },
    );
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const navigation = performance.getEntriesByType(
        "navigation",
      )[0] as PerformanceNavigationTiming;
      return {
        fcpMs: Math.round(paint?.startTime ?? Number.NaN),
        loadMs: Math.round(navigation.loadEventStart),
      };
    });
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
      traceEvents: TraceEvent[];
    };
    return { ...timing, newProcess: tookNewProcess(trace.traceEvents, from, to) };
  } finally {
    await context.close();
  }
}

/** The medians of a side's arrivals and Lighthouse runs, with each run. */
function side(arrivals: Arrival[], runs: LighthouseRun[]): OpenerPolicySide {
  const median = (values: number[]) => medianBy(values, (v) => v);
  return {
    fcpMs: median(arrivals.map((a) => a.fcpMs)),
    loadMs: median(arrivals.map((a) => a.loadMs)),
    newProcesses: arrivals.filter((a) => a.newProcess).length,
    arrivals,
    tbtMs: median(runs.map((r) => r.metrics.tbtMs)),
    performance: median(runs.map((r) => r.scores.performance)),
    tbtRunsMs: runs.map((r) => r.metrics.tbtMs),
    performanceRuns: runs.map((r) => r.scores.performance),
  };
}

/** With, then without, on even runs; the other way round on odd ones. */
const inTurn = (run: number): readonly Policy[] =>
  run % 2 === 0 ? policies : [...policies].reverse();

/**
 * What Cross-Origin-Opener-Policy costs a student arriving from another site (a chat, a search):
 * each page is served through two stand-ins for the load balancer, one that sends `same-origin`
 * on every page and one that sends none, whatever the server says. Each page is reached by a
 * tap on another site's link in Chromium run as on Android, on the slow line, and loaded by
 * Lighthouse's mobile preset, as the bench's Lighthouse table is; the two policies are taken in
 * turn, run by run, so the machine's drift falls on both alike.
 */
export async function measureOpenerPolicy(
  serverUrl: string,
  paths: string[],
): Promise<OpenerPolicyResult[]> {
  const fronts: Record<Policy, TlsFront> = {
    with: await startTlsFront(serverUrl, { openerPolicy: "same-origin" }),
    without: await startTlsFront(serverUrl, { openerPolicy: null }),
  };
  const thumbnails = await startThumbnailHost(serverUrl);
  const otherSite = await startOtherSite();
  const perPath = <T>() =>
    Object.fromEntries(
      paths.map((path) => [path, { with: [] as T[], without: [] as T[] }]),
    ) as Record<string, Record<Policy, T[]>>;
  const arrivals = perPath<Arrival>();
  const lighthouseRuns = perPath<LighthouseRun>();
  try {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        "--ignore-certificate-errors",
        ...thumbnails.chromeFlags,
        ...asOnAndroid,
      ],
    });
    try {
      for (const path of paths)
        for (let run = 0; run < openerPolicyRuns; run++)
          for (const policy of inTurn(run)) {
            const to = `${fronts[policy].url}${path}`;
            arrivals[path]?.[policy].push(await arrive(browser, otherSite.linkingTo(to), to));
          }
    } finally {
      await browser.close();
    }
    const chrome = await launchForLighthouse(thumbnails.chromeFlags);
    try {
      for (const path of paths)
        for (let run = 0; run < openerPolicyRuns; run++)
          for (const policy of inTurn(run))
            lighthouseRuns[path]?.[policy].push(
              await measuredRun(fronts[policy].url, path, chrome.port, "mobile"),
            );
    } finally {
      await closeChromium(chrome);
    }
  } finally {
    await otherSite.close();
    await thumbnails.close();
    await fronts.with.close();
    await fronts.without.close();
  }
  return paths.map((path) => {
    const of = (policy: Policy) =>
      side(arrivals[path]?.[policy] ?? [], lighthouseRuns[path]?.[policy] ?? []);
    return { path, with: of("with"), without: of("without") };
  });
}
