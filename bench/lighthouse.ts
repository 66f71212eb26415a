import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { startThumbnailHost } from "./thumbnail-host.ts";
import { startTlsFront } from "./tls-front.ts";

export type LighthouseResult = {
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  metrics: { lcpMs: number; fcpMs: number; tbtMs: number; cls: number; ttiMs: number };
  /** Audits that kept a category below 100, for reading a regression. */
  failing: string[];
  /** What the browser logged as errors: "message (url)". */
  consoleErrors: string[];
  /** Each run's TBT in the order run: the figure that moves most with the machine. */
  tbtRunsMs: number[];
  /** Each run's first contentful paint in the order run. */
  fcpRunsMs: number[];
};

export type LighthouseRun = Omit<LighthouseResult, "tbtRunsMs" | "fcpRunsMs">;

/**
 * How the page reaches the phone. `mobile`: Lighthouse's mobile preset, a slow 4G link
 * simulated from an unthrottled load. `slow-line`: the line many of our students have,
 * 400 kbps each way with 400 ms round trips, applied by Chromium to the real network
 * (`devtools`), so the order modules really arrive in counts; the simulation cannot
 * separate module scripts from the first paint and overstates it on hydrated pages.
 */
export type Profile = "mobile" | "slow-line";

const slowLine = {
  throttlingMethod: "devtools",
  throttling: {
    requestLatencyMs: 400,
    downloadThroughputKbps: 400,
    uploadThroughputKbps: 400,
    cpuSlowdownMultiplier: 4,
  },
} as const;

const chromeFlags = [
  "--headless=new",
  ...chromiumArgs,
  // The TLS front and the thumbnail stand-in use certificates made for this run.
  "--ignore-certificate-errors",
];

type ConsoleItem = { description: string; sourceLocation?: { url?: string } };

/** The middle item by `key`; of an even count, the upper of the two middle ones. */
export const medianBy = <T>(items: T[], key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)] as T;

/**
 * Each score and metric is the median of its own values across the runs, so
 * one run's stray long task moves no figure; the audits that failed and the
 * console errors are those of the run with the median performance score.
 */
function medianOfRuns(runs: LighthouseRun[]): LighthouseResult {
  const of = (pick: (run: LighthouseRun) => number) => pick(medianBy(runs, pick));
  const typical = medianBy(runs, (r) => r.scores.performance);
  return {
    ...typical,
    scores: {
      performance: of((r) => r.scores.performance),
      accessibility: of((r) => r.scores.accessibility),
      bestPractices: of((r) => r.scores.bestPractices),
      seo: of((r) => r.scores.seo),
    },
    metrics: {
      lcpMs: of((r) => r.metrics.lcpMs),
      fcpMs: of((r) => r.metrics.fcpMs),
      tbtMs: of((r) => r.metrics.tbtMs),
      cls: of((r) => r.metrics.cls),
      ttiMs: of((r) => r.metrics.ttiMs),
    },
    tbtRunsMs: runs.map((r) => r.metrics.tbtMs),
    fcpRunsMs: runs.map((r) => r.metrics.fcpMs),
  };
}

const metricAudits = [
  "largest-contentful-paint",
  "first-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
];
const maxRetries = 2;

/** Why a run has no figures, if it has none: such a run is repeated, not counted as a number. */
function unmeasured(lhr: Result): string | undefined {
  if (lhr.runtimeError) return lhr.runtimeError.message;
  const broken = metricAudits
    .map((id) => lhr.audits[id])
    .find((a) => a?.numericValue === undefined);
  return broken ? `${broken.id}: ${broken.errorMessage ?? "no value"}` : undefined;
}

/** Each figure is the median of this many runs (the reading rule in bench/README.md). */
export const runsPerPage = 5;

/**
 * One Lighthouse run of the page at `path` of `origin`, in the Chromium listening on `port`: its
 * figures, or why it has none (a run to repeat, not a number to count).
 */
async function lighthouseRun(
  origin: string,
  path: string,
  port: number,
  profile: Profile,
): Promise<LighthouseRun | string> {
  const url = `${origin}${path}`;
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    // The not-found page is measured too, and it rightly answers 404.
    ignoreStatusCode: true,
    ...(profile === "slow-line" ? slowLine : {}),
  });
  const lhr = runner?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const problem = unmeasured(lhr);
  if (problem) return problem;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories)
    .filter((category) => (category.score ?? 0) < 1)
    .flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}:${ref.id}`),
    );
  return {
    path,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    metrics: {
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      fcpMs: Math.round(numeric("first-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
      ttiMs: Math.round(numeric("interactive")),
    },
    failing,
    consoleErrors: (
      (lhr.audits["errors-in-console"]?.details as { items?: ConsoleItem[] } | undefined)?.items ??
      []
    ).map((item) => `${item.description} (${item.sourceLocation?.url ?? "no url"})`),
  };
}

/**
 * One measured run of a page: a run that measured nothing is repeated, `retries.left` times at
 * most across all the runs that share the count.
 */
export async function measuredRun(
  origin: string,
  path: string,
  port: number,
  profile: Profile,
  retries = { left: maxRetries },
): Promise<LighthouseRun> {
  for (;;) {
    const run = await lighthouseRun(origin, path, port, profile);
    if (typeof run !== "string") return run;
    if (retries.left-- <= 0) throw new Error(`Lighthouse could not measure ${path}: ${run}`);
    console.error(`bench: a Lighthouse run of ${path} measured nothing (${run}); running it again`);
  }
}

/** Launches the Chromium that Lighthouse drives, with the stand-in for the thumbnails' host. */
export async function launchForLighthouse(thumbnailFlags: string[]) {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromeFlags, ...thumbnailFlags],
  });
}

/**
 * Stops Lighthouse's Chromium and waits for it: kill() sends SIGKILL to its process group and
 * returns at once, and the hashing ceiling measured next must not share the cores with a browser
 * still exiting.
 */
export async function closeChromium(chrome: chromeLauncher.LaunchedChrome) {
  const chromium = chrome.process;
  const exited =
    chromium.exitCode !== null || chromium.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => chromium.once("exit", resolve));
  chrome.kill();
  await exited;
}

/**
 * Lighthouse's mobile preset (a mid-range phone) on the given profile's line, run
 * `runsPerPage` times; each figure is the median of its runs. Pages are loaded over
 * HTTPS and HTTP/2 through a stand-in for the load balancer.
 */
export async function runLighthouse(
  serverUrl: string,
  paths: string[],
  profile: Profile = "mobile",
): Promise<LighthouseResult[]> {
  const front = await startTlsFront(serverUrl);
  const thumbnails = await startThumbnailHost(serverUrl);
  const chrome = await launchForLighthouse(thumbnails.chromeFlags);
  const results: LighthouseResult[] = [];
  try {
    for (const path of paths) {
      const retries = { left: maxRetries };
      const attempts: LighthouseRun[] = [];
      while (attempts.length < runsPerPage)
        attempts.push(await measuredRun(front.url, path, chrome.port, profile, retries));
      results.push(medianOfRuns(attempts));
    }
  } finally {
    await closeChromium(chrome);
    await thumbnails.close();
    await front.close();
  }
  return results;
}
