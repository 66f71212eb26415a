import { isStaffPage, isVisited, notFoundPage, pages, scriptBudgetKb } from "@ysp/web/pages";
import type { LoadResult } from "./api-load.ts";
import type { InteractiveResult } from "./interactive.ts";
import { type LighthouseResult, medianBy } from "./lighthouse.ts";
import type { LinkTiming, Medians } from "./link-timing.ts";
import type { MailResult } from "./mail.ts";
import type { PageViewCost } from "./page-view-cost.ts";
import type { PageWeight } from "./page-weight.ts";
import { created, type SignupCpu, type SignupRuns } from "./signup-runs.ts";

export type Check = { budget: string; measured: string; ok: boolean };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The URL measured for each route module: where a visitor lands (an invite
 * link, an address nobody serves). /login is the home page with its login
 * dialog open, so the home page stands for both.
 */
export const benchPages = pages
  .filter(
    (page, i) =>
      isVisited(page) &&
      !isStaffPage(page) &&
      pages.findIndex((other) => other.module === page.module) === i,
  )
  .map((page): { path: string; hydrates: boolean; indexed: boolean; scriptKb: number } => ({
    path: "example" in page ? page.example : page.builtAt,
    hydrates: page.hydrates,
    indexed: page.indexed,
    scriptKb: scriptBudgetKb(page),
  }));

/**
 * The slow-line table's pages: home and /login, which ship no framework, the
 * sign-up page from an invite link, which hydrates, and a long page without framework.
 */
export const slowLinePages = (["home", "login", "join", "faqs"] as const).map((id) => {
  const page = pages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`bench: pages.ts has no page "${id}"`);
  return { path: "example" in page ? page.example : page.builtAt, hydrates: page.hydrates };
});

/**
 * The pages whose Cross-Origin-Opener-Policy is measured both ways (opener-policy.ts): the two a
 * student most often reaches from another site, a chat's link or a search result.
 */
export const openerPolicyPaths = (["home", "faqs"] as const).map((id) => {
  const page = pages.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`bench: pages.ts has no page "${id}"`);
  return page.builtAt;
});

/** Home and /login usable within 1.5 s on the slow line (3.4 s when they hydrated). */
const interactiveBudgetMs: Readonly<Record<string, number>> = { "/": 1500, "/login": 1500 };

/** The slow line's interactive times against their budgets; pages without one are only shown. */
export function interactiveChecks(results: InteractiveResult[]): Check[] {
  return results.flatMap((result) => {
    const budget = interactiveBudgetMs[result.path];
    if (budget === undefined) return [];
    return [
      {
        budget: `slow line, ${result.path}: interactive (${result.by === "load" ? "load event" : "hydrated"}) ≤ ${(budget / 1000).toFixed(1)} s`,
        measured: `${result.ms} ms (runs: ${result.runsMs.join(", ")})`,
        ok: result.ms <= budget,
      },
    ];
  });
}

export const interactivePaths = benchPages.filter((page) => page.hydrates).map((page) => page.path);
export const notFoundSample: string = notFoundPage.example;

/** The budgets of the performance issue; every figure is compared with what this run measured. */
export function checkBudgets(input: {
  weights: PageWeight[];
  lighthouse: LighthouseResult[];
  slowLine: LighthouseResult[];
  /** When each slow-line page can be used (interactive.ts); empty when not measured. */
  interactive: InteractiveResult[];
  /** The sign-up form posted by a browser running no script at all, or why it failed. */
  formWithoutScript: { ok: boolean; measured: string };
  /** The mean of the run's hashing ceilings: the yardstick of the runs that hash nothing. */
  ceiling: number;
  signup: SignupRuns & { lost: number };
  refresh: LoadResult;
  /** The refresh run again while /metrics is scraped every second, and a scrape's median time. */
  metrics: { refresh: LoadResult; scrapeMedianMs: number };
  listSessions: LoadResult;
  logOut: LoadResult;
  /** The same against PostgreSQL, where every refresh is also counted there; null without one. */
  postgresRefresh: LoadResult | null;
  /** CPU per sign-up outside its hash with the statements in PostgreSQL's processes, when it ran. */
  postgresSignupCpu: SignupCpu | null;
  mail: MailResult & { queued: { resets: number; signups: number }; sent: { resets: number } };
  linkTiming: LinkTiming[];
  /** What counting a page view costs, timed alone, and home served to phones meanwhile. */
  pageViews: { cost: PageViewCost; pages: LoadResult };
}): Check[] {
  const checks: Check[] = [];
  const check = (budget: string, measured: string, ok: boolean) =>
    checks.push({ budget, measured, ok });

  for (const lh of input.lighthouse) {
    const p = lh.path;
    // Home, with no framework (docs/decisions/028), is held to 100.
    const performanceBudget = p === "/" ? 100 : 98;
    check(
      `${p}: Lighthouse performance ${performanceBudget === 100 ? "100" : "≥ 98"}`,
      String(lh.scores.performance),
      lh.scores.performance >= performanceBudget,
    );
    check(
      `${p}: accessibility 100`,
      String(lh.scores.accessibility),
      lh.scores.accessibility === 100,
    );
    // Chromium logs a page answered 404 as a console error, which Best Practices counts; the
    // not-found page must answer 404, so that one message is allowed and said, nothing else.
    const ownStatusOnly =
      p === notFoundSample &&
      lh.failing.every(
        (audit) =>
          audit === "best-practices:errors-in-console" || !audit.startsWith("best-practices:"),
      ) &&
      lh.consoleErrors.length > 0 &&
      lh.consoleErrors.every((error) => error.includes("status of 404") && error.endsWith(`${p})`));
    check(
      `${p}: best practices 100`,
      ownStatusOnly
        ? `${lh.scores.bestPractices} (only the browser's log of the page's own 404)`
        : String(lh.scores.bestPractices),
      lh.scores.bestPractices === 100 || ownStatusOnly,
    );
    // A real 404 must not be indexed, so the not-found page cannot score 100 for SEO by design.
    // Nor can a page that asks search engines to keep out (the pages a mail link opens): for
    // those every SEO audit but "is-crawlable" must pass.
    const seoFailing = lh.failing.filter((audit) => audit.startsWith("seo:"));
    const keptOut = !benchPages.find((page) => page.path === p)?.indexed;
    if (keptOut && seoFailing.length > 0 && seoFailing.every((a) => a === "seo:is-crawlable"))
      check(`${p}: SEO 100 but for noindex`, `${lh.scores.seo} (only is-crawlable fails)`, true);
    else if (p !== notFoundSample)
      check(`${p}: SEO 100`, String(lh.scores.seo), lh.scores.seo === 100);
    check(`${p}: CLS 0`, String(lh.metrics.cls), lh.metrics.cls === 0);
    if (interactivePaths.includes(p))
      check(
        `${p}: TBT ≤ 50 ms`,
        `${lh.metrics.tbtMs} ms (runs: ${lh.tbtRunsMs.join(", ")})`,
        lh.metrics.tbtMs <= 50,
      );
    check(`${p}: LCP ≤ 1.8 s`, `${lh.metrics.lcpMs} ms`, lh.metrics.lcpMs <= 1800);
  }

  // On the pages that run no framework code TBT measures Chromium's own start-up task, not
  // the page, so it is judged on all their runs together; each page's median is still shown.
  const staticRuns = input.lighthouse.filter((lh) => !interactivePaths.includes(lh.path));
  if (staticRuns.length > 0) {
    const pooled = staticRuns.flatMap((lh) => lh.tbtRunsMs);
    const median = medianBy(pooled, (tbt) => tbt);
    check(
      "pages without framework code: TBT ≤ 50 ms (pooled median)",
      `${median} ms of ${pooled.length} runs (medians: ${staticRuns.map((lh) => `${lh.path} ${lh.metrics.tbtMs}`).join(", ")})`,
      median <= 50,
    );
  }

  for (const lh of input.slowLine) {
    check(
      `slow line, ${lh.path}: first contentful paint ≤ 2.0 s`,
      `${lh.metrics.fcpMs} ms (runs: ${lh.fcpRunsMs.join(", ")})`,
      lh.metrics.fcpMs <= 2000,
    );
  }
  checks.push(...interactiveChecks(input.interactive));
  check(
    "the sign-up form works before its script (no script at all)",
    input.formWithoutScript.measured,
    input.formWithoutScript.ok,
  );

  for (const w of input.weights) {
    const p = w.path;
    if (interactivePaths.includes(p)) {
      // The sign-up page hydrates with React (docs/decisions/027): 109.8 KB in the latest build.
      check(`${p}: JS ≤ 110 KB`, kb(w.bytes.js), w.bytes.js <= 110 * 1024);
      check(
        `${p}: CSS ≤ 15 KB`,
        kb(w.bytes.css + w.inlineCssBytes),
        w.bytes.css + w.inlineCssBytes <= 15 * 1024,
      );
      check(`${p}: HTML ≤ 30 KB`, kb(w.bytes.html), w.bytes.html <= 30 * 1024);
    } else {
      const js = w.bytes.js + w.inlineJsBytes;
      // 5 KB: the store link, dialogs' fallback, form checks and the typo hint's loader, 2.7 KB
      // at most (the hint's file comes on an email field's first focus, docs/decisions/032);
      // home and /login 10 (pages.ts scriptKb).
      const budget = benchPages.find((page) => page.path === p)?.scriptKb ?? 5;
      check(`${p}: script files and inline ≤ ${budget} KB`, kb(js), js <= budget * 1024);
    }
    check(
      `${p}: no script from another site (no Google script)`,
      w.otherSiteScripts.length ? w.otherSiteScripts.join(", ") : "none",
      w.otherSiteScripts.length === 0,
    );
    if (p === "/")
      check(
        "/: everything before interaction ≤ 250 KB",
        kb(w.bytes.total),
        w.bytes.total <= 250 * 1024,
      );
  }

  checks.push(...signupChecks(input.signup));
  const { lost } = input.signup;
  check("acknowledged sign-ups lost = 0", String(lost), lost === 0);
  const refreshRatio = input.refresh.perSecond / input.ceiling;
  check("refresh/s ≥ 10× the sign-up ceiling", `${refreshRatio.toFixed(1)}×`, refreshRatio >= 10);
  // Every answer is timed into the request histogram; a scrape renders every series and reads
  // the queue's figures from the database (at most every 5 s). Under refresh load it waits for
  // the busy event loop: 7.5 ms idle and 37 ms under load in a quick run on the shared machine.
  const scrapedRatio = input.metrics.refresh.perSecond / input.ceiling;
  const cost = 1 - input.metrics.refresh.perSecond / input.refresh.perSecond;
  check(
    "refresh/s with /metrics scraped every second ≥ 10× the sign-up ceiling",
    `${scrapedRatio.toFixed(1)}× (${(cost * 100).toFixed(0)}% below the run before it)`,
    scrapedRatio >= 10,
  );
  check(
    "a scrape of /metrics under refresh load: median ≤ 50 ms",
    `${input.metrics.scrapeMedianMs} ms`,
    input.metrics.scrapeMedianMs <= 50,
  );
  // Neither hashes a password: each must serve many times what sign-ups can, as the refresh does.
  for (const [run, answer] of [
    [input.listSessions, "200"],
    [input.logOut, "204"],
  ] as const) {
    const ratio = run.perSecond / input.ceiling;
    const others = Object.keys(run.statuses).filter((code) => code !== answer);
    check(
      `${run.name}/s ≥ 10× the sign-up ceiling, every answer ${answer}`,
      `${ratio.toFixed(1)}×${others.length ? `, also ${others.join(", ")}` : ""}`,
      ratio >= 10 && others.length === 0,
    );
  }
  // Counting runs on the event loop of every page served: its share of a page's time there,
  // taking the whole loop's time per page as one core's second over the pages served a second.
  const { cost: view, pages } = input.pageViews;
  const share = (view.microseconds * pages.perSecond) / 1e6;
  check(
    "counting a page view ≤ 5% of serving the page",
    `${view.microseconds.toFixed(1)} µs a view (runs: ${view.runs.map((r) => r.toFixed(1)).join(", ")}), ${pages.perSecond} pages/s: ${(share * 100).toFixed(1)}%`,
    share <= 0.05,
  );
  const refreshShare = (view.apiCheckMicroseconds * input.refresh.perSecond) / 1e6;
  check(
    "the page-view check on a refresh ≤ 5% of serving it",
    `${view.apiCheckMicroseconds.toFixed(2)} µs a refresh, ${input.refresh.perSecond} refreshes/s: ${(refreshShare * 100).toFixed(2)}%`,
    refreshShare <= 0.05,
  );
  if (input.postgresRefresh) {
    const ratio = input.postgresRefresh.perSecond / input.ceiling;
    check(
      "refresh/s on PostgreSQL, limits counted there, ≥ 10× the sign-up ceiling",
      `${ratio.toFixed(1)}×`,
      ratio >= 10,
    );
  }
  if (input.postgresSignupCpu) {
    // PGlite runs every statement on the server's event loop, its insert alone about 1 to 2 ms
    // (bench/README.md); on PostgreSQL that is the database's work, and this is the server's own.
    const cpu = input.postgresSignupCpu;
    check(
      "CPU per sign-up outside its hash on PostgreSQL ≤ 1 ms",
      `${cpu.outsideHashMs.toFixed(2)} ms (its hash ${cpu.hashMs.toFixed(2)} ms; ${cpu.signups} sign-ups at the ceiling)`,
      cpu.outsideHashMs <= 1,
    );
  }
  const { mail } = input;
  check(
    "every sign-up's and reset's message arrived",
    `${mail.messages} of ${mail.queued.signups} confirmations, ${mail.sent.resets} of ${mail.queued.resets} resets`,
    mail.messages >= mail.queued.signups && mail.sent.resets >= mail.queued.resets,
  );
  // At a sign-up peak every new account queues a message: sending must keep up with the most
  // sign-ups the machine can take, or the queue grows for as long as the peak lasts.
  const mailRatio = mail.perSecond / input.ceiling;
  check(
    "mail sent/s ≥ the sign-up ceiling",
    `${mail.perSecond}/s (${mailRatio.toFixed(1)}×)`,
    mailRatio >= 1,
  );
  checks.push(...linkTimingChecks(input.linkTiming));
  return checks;
}

/**
 * The sign-up budgets: the share of the hashing ceiling turned into accounts, each run judged
 * against the ceiling measured beside it; p99 at 80% of the lower ceiling; the CPU a sign-up
 * costs besides its hash; and an overload answered only with 201, 429 or 503.
 */
export function signupChecks(signup: SignupRuns): Check[] {
  const { at80Judged, at100, at200, health, yardsticks, cpu } = signup;
  const share = (run: LoadResult, ceiling: number) => created(run) / run.seconds / ceiling;
  const at = { at100: share(at100, yardsticks.at100), at200: share(at200, yardsticks.at200) };
  const percent = (fraction: number) => `${(fraction * 100).toFixed(0)}%`;
  // The server's capacity shows when it is saturated: the better of the two runs at or above the ceiling.
  const best = Math.max(at.at100, at.at200);
  const unexpected = Object.keys(at200.statuses).filter(
    (code) => !["201", "429", "503"].includes(code),
  );
  return [
    {
      budget: "accepted sign-ups/s ≥ 90% of the hashing ceiling beside the run",
      measured: `${percent(best)} (at the ceiling ${percent(at.at100)} of ${yardsticks.at100.toFixed(1)}/s, at 2× ${percent(at.at200)} of ${yardsticks.at200.toFixed(1)}/s)`,
      ok: best >= 0.9,
    },
    {
      budget: "sign-up p99 ≤ 300 ms at 80% of the lower ceiling",
      measured: `${at80Judged.p99Ms} ms (offered ${at80Judged.offeredPerSecond?.toFixed(0)}/s)`,
      ok: at80Judged.p99Ms <= 300,
    },
    {
      // At 250 hashes/s on two cores a hash takes about 8 ms of CPU: 2.5 ms more per sign-up
      // takes the headroom the hashing needs.
      budget: "CPU per sign-up outside its hash ≤ 1 ms",
      measured: `${cpu.outsideHashMs.toFixed(2)} ms (its hash ${cpu.hashMs.toFixed(2)} ms; ${cpu.signups} sign-ups of ${cpu.requests} requests at 80%)`,
      ok: cpu.outsideHashMs <= 1,
    },
    {
      budget: "2× overload: only 201, 429 or 503",
      measured: unexpected.length ? unexpected.join(", ") : "only those",
      ok: unexpected.length === 0,
    },
    {
      budget: "2× overload: /healthz p99 ≤ 50 ms",
      measured: `${health.p99Ms} ms`,
      ok: health.p99Ms <= 50,
    },
  ];
}

/**
 * A link request tells nobody whether an address has an account: neither its answer nor the
 * request after it on the same connection may take longer for one. Judged on the medians (one
 * request tells nothing at a millisecond's difference, and the limit per address leaves no one
 * enough requests to average it out): within 20% of the lower plus 0.5 ms (docs/decisions/023). A link made
 * after the answer added 14 to 50 ms to the next request. With the work the same for every
 * address, the medians read 0.03 to 0.6 ms apart, either way, on two cores shared with other
 * work, and once 1.6 ms: run the bench on a quiet machine (README).
 */
export function linkTimingChecks(timings: LinkTiming[]): Check[] {
  const alike = ({ knownMs, unknownMs }: Medians) =>
    Math.abs(knownMs - unknownMs) <= 0.2 * Math.min(knownMs, unknownMs) + 0.5;
  const shown = ({ knownMs, unknownMs }: Medians, rounds: number) =>
    `${unknownMs} ms vs ${knownMs} ms (medians of ${rounds})`;
  return timings.flatMap(({ path, rounds, answer, next }) => [
    {
      budget: `${path}: an unknown address answered as fast as a known one (p50, ±20% + 0.5 ms)`,
      measured: shown(answer, rounds),
      ok: alike(answer),
    },
    {
      budget: `${path}: the next request on the connection as fast after either (p50, ±20% + 0.5 ms)`,
      measured: shown(next, rounds),
      ok: alike(next),
    },
  ]);
}
