/**
 * npm run bench: builds, starts the real server on the embedded default,
 * measures page weight, Lighthouse and API throughput, prints one table,
 * writes bench/results/latest.{json,md}, and exits non-zero naming each
 * budget that fails. `--quick` skips Lighthouse and the slow line; `--only=link-timing`
 * measures nothing but the link requests' timing, `--only=signup` nothing but the sign-up runs
 * and their hashing ceilings, `--only=interactive` nothing but when the slow line's pages can
 * be used, `--only=opener-policy` nothing but what Cross-Origin-Opener-Policy costs a page
 * (bench/README.md).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync } from "node:zlib";
import { openDatabase } from "@ysp/api/db/client";
import { users } from "@ysp/api/db/schema";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { postAccepted } from "@ysp/testing/post-json";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import { fillSignupForm } from "@ysp/testing/signup-form";
import { startSmtpServer } from "@ysp/testing/smtp";
import { makeStudent } from "@ysp/testing/students";
import pg from "pg";
import { type Browser, chromium } from "playwright-core";
import {
  type LoadResult,
  listSessionsLoad,
  loginLoad,
  logOutLoad,
  newsletterLoad,
  pageLoad,
  passwordResetLoad,
  refreshLoad,
  signupLoad,
} from "./api-load.ts";
import {
  benchPages,
  type Check,
  checkBudgets,
  interactiveChecks,
  interactivePaths,
  linkTimingChecks,
  openerPolicyPaths,
  signupChecks,
  slowLinePages,
} from "./budgets.ts";
import { untilIdle } from "./idle.ts";
import { type InteractiveResult, interactiveRuns, measureInteractive } from "./interactive.ts";
import { type LighthouseResult, runLighthouse, runsPerPage } from "./lighthouse.ts";
import { type LinkTiming, linkRequestPaths, linkRequestTiming } from "./link-timing.ts";
import { arrivalRate, confirmationDelays, type MailResult } from "./mail.ts";
import { medianMs, scrapedDuring } from "./metrics-scrape.ts";
import {
  measureOpenerPolicy,
  type OpenerPolicyResult,
  openerPolicyRuns,
  policies,
} from "./opener-policy.ts";
import { pageViewCost } from "./page-view-cost.ts";
import { measurePageWeight, type PageWeight } from "./page-weight.ts";
import {
  ceilingLines,
  created,
  meanCeiling,
  type SignupCpu,
  type SignupRuns,
  signupCpuOver,
  signupRuns,
  warmUpSignups,
} from "./signup-runs.ts";
import { type TypoHintBytes, typoHintBytes } from "./typo-hint.ts";

/** A whole number from the environment; a typo stops the run with one line instead of measuring NaN. */
function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value > 0) return value;
  console.error(`bench: ${name} must be a whole number above 0, not "${raw}"`);
  process.exit(2);
}

const quick = process.argv.includes("--quick");
/** One part of the run on its own, to measure a change to it without the whole eight minutes. */
const sections = ["link-timing", "signup", "interactive", "opener-policy"] as const;
const onlyArg = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const only = sections.find((section) => section === onlyArg);
if (onlyArg !== undefined && only === undefined) {
  console.error(`bench: --only takes one of ${sections.join(", ")}, not "${onlyArg}"`);
  process.exit(2);
}
const port = wholeNumber("BENCH_PORT", 3300);
/** Prometheus's /metrics of the server under test (METRICS_PORT). */
const metricsPort = port + 50;
const loadSeconds = wholeNumber("BENCH_SECONDS", 10);
const refreshSessions = 50;

/** The runs against a real PostgreSQL, and the rows they left. */
type PostgresRuns = {
  signup: LoadResult;
  refresh: LoadResult;
  rows: number;
  lost: number;
  /** What each sign-up of the run cost the server outside its hash, the statements elsewhere. */
  cpu: SignupCpu;
};
const paths = benchPages.map((page) => page.path);
const slowLinePaths = slowLinePages.map((page) => page.path);
const joinPath = interactivePaths.find((path) => path.startsWith("/join")) ?? "/join";
const resultsDir = new URL("./results/", import.meta.url).pathname;
/** The server's entry file, found through the API workspace's declared name. */
const entry = fileURLToPath(import.meta.resolve("@ysp/api/main"));
const log = (line: string) => console.error(`bench: ${line}`);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * What "Continue with Google" adds to each page that has it: its HTML as the page holds it (built
 * hidden, shown by the server where Google is configured), raw and brotli. It adds no script.
 */
const googleButtonLine = (weights: PageWeight[]) =>
  weights
    .filter((w) => w.googleButtonHtml !== "")
    .map(
      (w) =>
        `${w.path} ${Buffer.byteLength(w.googleButtonHtml)} B, ${brotliCompressSync(w.googleButtonHtml).length} B`,
    )
    .join("; ") || "no page has it";

function build() {
  log("building the site");
  const result = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * Many app sessions of these accounts refreshing at once: with only a few, each waits on its own
 * round trip and the run measures latency rather than how many refreshes the server can answer.
 */
async function refreshRun(
  url: string,
  accounts: { email: string; password: string }[],
  name: string,
) {
  const sessions = [];
  for (let i = 0; i < refreshSessions; i++) {
    const account = accounts[i % accounts.length];
    sessions.push(await postAccepted(`${url}/api/v1/auth/login/`, account, 200));
  }
  return refreshLoad(
    url,
    sessions.map((s) => s.refresh as string),
    loadSeconds,
    name,
  );
}

/**
 * The session operations of a logged-in app, each over as many sessions as the refresh run:
 * the list first, since each logout ends the session its list would need.
 */
async function sessionRuns(url: string, accounts: { email: string; password: string }[]) {
  const sessions: { access: string; refresh: string }[] = [];
  for (let i = 0; i < refreshSessions; i++) {
    const account = accounts[i % accounts.length];
    const answer = await postAccepted(`${url}/api/v1/auth/login/`, account, 200);
    sessions.push({ access: answer.access as string, refresh: answer.refresh as string });
  }
  const list = await listSessionsLoad(
    url,
    sessions.map((s) => s.access),
    loadSeconds,
  );
  const logOut = await logOutLoad(url, sessions, loadSeconds);
  return { list, logOut };
}

async function makeAccounts(url: string, count: number) {
  const students = Array.from({ length: count }, (_, i) =>
    makeStudent({
      email: `login-${Date.now()}-${i}@example.com`,
      password: "bench-password-123",
      first_name: "Login",
      last_name: "Bench",
    }),
  );
  for (const student of students) await postAccepted(`${url}/api/v1/auth/signup/`, student, 201);
  return students.map(({ email, password }) => ({ email, password }));
}

/**
 * The sign-up form in a browser that runs no script at all: it must post itself and
 * land on the answer page, as it does for a student whose script has not arrived yet.
 */
async function signUpWithoutScript(
  browser: Browser,
  url: string,
): Promise<{ ok: boolean; measured: string }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // The form with no invite code: a code that names no student is refused at its field.
    await page.goto(`${url}/join`);
    await fillSignupForm(page, makeStudent());
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Continue" }).click();
    // Made, the account's answer sends the browser on to /signed-up (303).
    const status = (await answer).status();
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    return {
      ok: status === 303,
      measured: `/join: posted itself, answered ${status} ("${heading?.trim()}")`,
    };
  } finally {
    await context.close();
  }
}

/**
 * Each link request's answer times, and the next request's, for addresses with and without an
 * account, on an idle server.
 */
async function linkTimings(url: string, pid: number, known: string[]): Promise<LinkTiming[]> {
  const timings: LinkTiming[] = [];
  for (const path of linkRequestPaths) {
    log(
      `${path}: answer times and the next request's, after addresses with and without an account`,
    );
    await untilIdle(pid);
    timings.push(await linkRequestTiming(url, path, known));
  }
  return timings;
}

async function main() {
  build();
  const dataDir = mkdtempSync(join(tmpdir(), "ysp-bench-"));
  // Every sign-up queues its "Confirm your email" in its transaction, and the server sends it
  // to this local SMTP server while the runs go on, as it would to a provider. Unparsed: a
  // provider's work is not this machine's, and parsing took a tenth of the sign-up rate.
  const smtp = await startSmtpServer({ parse: false });
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    METRICS_PORT: String(metricsPort),
    ...raisedLimits,
  };
  let server = await startServer({ entry, env, port, logFile: join(dataDir, "server.log") });
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { cpus: availableParallelism(), model: cpus()[0]?.model, node: process.version },
    rateLimits: "raised to 10,000,000 per minute for this run (RATE_LIMIT_* variables)",
  };
  try {
    log("page weight at 360×800");
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    const weights: PageWeight[] = [];
    for (const path of paths) weights.push(await measurePageWeight(browser, server.url, path));
    report.typoHint = await typoHintBytes(weights);
    log("the sign-up form in a browser running no script");
    const formWithoutScript = await signUpWithoutScript(browser, server.url);
    await browser.close();

    let lighthouse: LighthouseResult[] = [];
    let slowLine: LighthouseResult[] = [];
    let interactive: InteractiveResult[] = [];
    let openerPolicy: OpenerPolicyResult[] = [];
    if (!quick) {
      log(`Lighthouse, mobile preset, median of ${runsPerPage} runs per route`);
      lighthouse = await runLighthouse(server.url, paths);
      log(`Lighthouse on the slow line, median of ${runsPerPage} runs per route`);
      slowLine = await runLighthouse(server.url, slowLinePaths, "slow-line");
      log(`when each page can be used on the slow line, median of ${interactiveRuns} loads`);
      interactive = await measureInteractive(server.url, slowLinePages);
      log(`Cross-Origin-Opener-Policy on and off, ${openerPolicyRuns} runs each in turn`);
      openerPolicy = await measureOpenerPolicy(server.url, openerPolicyPaths);
    }

    const signup = await signupRuns({
      url: server.url,
      pid: server.pid,
      smtp,
      seconds: loadSeconds,
      log,
    });
    const ceiling = meanCeiling(signup.ceilings);
    const signupRunsDone = signup.runs;

    log("login, refresh and newsletter");
    const accounts = await makeAccounts(server.url, 20);
    // Enough logins at once to keep every hashing worker (one per core) busy with more waiting,
    // and far fewer than the queue holds: the run measures logins, not 503s.
    const login = await loginLoad(
      server.url,
      accounts.slice(0, availableParallelism() + 16),
      loadSeconds,
    );
    const refresh = await refreshRun(server.url, accounts, "refresh");
    log("refresh again, /metrics scraped every second");
    const scraped = await scrapedDuring(`http://127.0.0.1:${metricsPort}/metrics`, () =>
      refreshRun(server.url, accounts, "refresh, /metrics scraped every second"),
    );
    const metrics = { refresh: scraped.result, scrapeMedianMs: medianMs(scraped.scrapesMs) };
    // Accounts of their own: the login run left each of the others with hundreds of sessions,
    // and a list of 100 (its cap) measured what no student has. Here each has two or three, as
    // a phone, a laptop and a sibling's phone would.
    const sessionOps = await sessionRuns(server.url, await makeAccounts(server.url, 20));
    const newsletter = await newsletterLoad(server.url, loadSeconds);
    log("home served to phones, each view counted; and what counting one costs, timed alone");
    const pages = await pageLoad(server.url, loadSeconds);
    const pageViews = { cost: await pageViewCost(), pages };

    log("password resets asked for, and the mail queue sending its backlog");
    const resets = await passwordResetLoad(
      server.url,
      accounts.map((a) => a.email),
      loadSeconds,
    );
    const resetMails = () => smtp.received.filter((m) => m.subject === "Reset your password");
    const confirmations = () => smtp.received.filter((m) => m.subject === "Confirm your email");
    const queued = { resets: resets.statuses["202"] ?? 0, signups: created(...signupRunsDone) };
    const drainDeadline = Date.now() + 180_000;
    while (
      (resetMails().length < queued.resets || confirmations().length < queued.signups) &&
      Date.now() < drainDeadline
    )
      await new Promise((resolve) => setTimeout(resolve, 250));
    const backlogSent = resetMails();

    const linkTiming = await linkTimings(
      server.url,
      server.pid,
      accounts.map((a) => a.email),
    );

    log("stopping the server to count rows in its database");
    const exitCode = await server.stop();
    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
    // The accounts made for the login runs, and the one the form made without script.
    const rows = (await database.db.$count(users)) - accounts.length - 1;
    const createdAt = new Map(
      (await database.db.select({ email: users.email, at: users.createdAt }).from(users)).map(
        (row) => [row.email, row.at],
      ),
    );
    await database.close();
    const delays = confirmationDelays(smtp.received, createdAt);
    const mail: MailResult & { queued: typeof queued; sent: { resets: number } } = {
      messages: delays.messages,
      perSecond: arrivalRate(backlogSent),
      delayP50Ms: delays.p50Ms,
      delayP99Ms: delays.p99Ms,
      queued,
      sent: { resets: backlogSent.length },
    };
    // Requests still in flight when a run's clock stops are answered after autocannon stops
    // counting, so rows may exceed the 201s it saw; only the reverse would be a loss.
    const lost = Math.max(0, created(...signupRunsDone) - rows);

    let postgres: PostgresRuns | string = "skipped: no PostgreSQL binaries";
    if (postgresBinDir()) {
      log("sign-up at the ceiling against PostgreSQL");
      const pgServer = await startPostgres();
      try {
        server = await startServer({
          entry,
          env: { ...env, DATABASE_URL: pgServer.url },
          port,
          logFile: join(dataDir, "server-postgres.log"),
        });
        const warmUp = await warmUpSignups(server.url, smtp);
        // With the statements in PostgreSQL's own processes, what the server spends besides the
        // hash is its own work alone (bench/README.md, "CPU per sign-up").
        const { result: run, cpu } = await signupCpuOver(server.pid, smtp, () =>
          signupLoad(server.url, "sign-up at the ceiling (PostgreSQL)", ceiling, loadSeconds),
        );
        // Every refresh is counted against its limit in PostgreSQL here, shared by all instances
        // (api/src/http/rate-limit-store.ts): the counts asked together go in one upsert, all on one
        // client's row.
        log("refresh against PostgreSQL, limits counted there");
        const pgAccounts = await makeAccounts(server.url, 20);
        const pgRefresh = await refreshRun(
          server.url,
          pgAccounts,
          "refresh (PostgreSQL, limits counted there)",
        );
        await server.stop();
        const client = new pg.Client({ connectionString: pgServer.url });
        await client.connect();
        const count = Number((await client.query("select count(*) from users")).rows[0].count);
        await client.end();
        postgres = {
          signup: run,
          refresh: pgRefresh,
          // The accounts made for the refresh run are not sign-ups of the run.
          rows: count - pgAccounts.length - created(warmUp),
          cpu,
          lost: Math.max(0, (run.statuses["201"] ?? 0) - count),
        };
      } finally {
        await pgServer.stop();
      }
    }

    const checks = checkBudgets({
      weights,
      lighthouse,
      slowLine,
      interactive,
      formWithoutScript,
      ceiling,
      signup: { ...signup, lost },
      refresh,
      metrics,
      listSessions: sessionOps.list,
      logOut: sessionOps.logOut,
      postgresRefresh: typeof postgres === "string" ? null : postgres.refresh,
      postgresSignupCpu: typeof postgres === "string" ? null : postgres.cpu,
      mail,
      linkTiming,
      pageViews,
    });
    const apiRuns = [
      ...signupRunsDone,
      signup.health,
      login,
      refresh,
      metrics.refresh,
      sessionOps.list,
      sessionOps.logOut,
      newsletter,
      pages,
      resets,
    ];
    Object.assign(report, {
      weights,
      lighthouse,
      slowLine,
      interactive,
      openerPolicy,
      formWithoutScript,
      pageViewCost: pageViews.cost,
      api: {
        hashCeilingPerSecond: Number(ceiling.toFixed(1)),
        hashCeilings: signup.ceilings,
        signupCpu: signup.cpu,
        runs: apiRuns,
        signupRows: rows,
        mail,
        linkTiming,
        lost,
        gracefulExitCode: exitCode,
        postgres,
      },
      budgets: checks,
    });
    writeResults(
      report,
      checks,
      weights,
      lighthouse,
      { pages: slowLine, interactive, formWithoutScript },
      openerPolicy,
      apiRuns,
      signup,
      lost,
      postgres,
      mail,
    );
    printChecks(checks);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeResults(
  report: Record<string, unknown>,
  checks: ReturnType<typeof checkBudgets>,
  weights: PageWeight[],
  lighthouse: LighthouseResult[],
  slowLine: {
    pages: LighthouseResult[];
    interactive: InteractiveResult[];
    formWithoutScript: { ok: boolean; measured: string };
  },
  openerPolicy: OpenerPolicyResult[],
  runs: LoadResult[],
  signup: SignupRuns,
  lost: number,
  postgres: PostgresRuns | string,
  mail: MailResult,
) {
  const lines: string[] = [];
  lines.push(
    `Measured ${report.date} on ${availableParallelism()} cores, Node ${process.version}. Rate limits ${report.rateLimits}.`,
    "",
  );
  lines.push(
    "| Page | Status | Requests | HTML KB | CSS KB (inline) | JS KB | Fonts KB | Images KB | Total KB | Perf | A11y | BP | SEO | LCP ms | FCP ms | TBT ms (runs) | CLS |",
  );
  lines.push("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const w of weights) {
    const lh = lighthouse.find((l) => l.path === w.path);
    const js = w.bytes.js + (interactivePaths.includes(w.path) ? 0 : w.inlineJsBytes);
    lines.push(
      `| ${w.path} | ${w.status} | ${w.requests} | ${kb(w.bytes.html)} | ${kb(w.bytes.css + w.inlineCssBytes)} | ${kb(js)} | ${kb(w.bytes.fonts)} | ${kb(w.bytes.images)} | ${kb(w.bytes.total)} | ${lh?.scores.performance ?? "–"} | ${lh?.scores.accessibility ?? "–"} | ${lh?.scores.bestPractices ?? "–"} | ${lh?.scores.seo ?? "–"} | ${lh?.metrics.lcpMs ?? "–"} | ${lh?.metrics.fcpMs ?? "–"} | ${lh ? `${lh.metrics.tbtMs} (${lh.tbtRunsMs.join(", ")})` : "–"} | ${lh?.metrics.cls ?? "–"} |`,
    );
  }
  const hint = (report.typoHint ?? []) as TypoHintBytes;
  lines.push(
    "",
    `The email typo hint adds (brotli): ${hint.map((h) => `${h.path} ${(h.bytes / 1024).toFixed(2)} KB (${h.how})`).join("; ")}.`,
    "",
    `"Continue with Google" adds, with no script (HTML, then brotli): ${googleButtonLine(weights)}.`,
  );
  if (slowLine.pages.length > 0) {
    lines.push(
      "",
      "Slow line (400 kbps each way, 400 ms round trips, 4× slower CPU, throttled by Chromium on the real network; medians of the runs). Interactive: `html[data-hydrated]` on a page that hydrates, the load event on one with no framework (interactive.ts):",
      "",
      "| Page | FCP ms (runs) | LCP ms | Interactive ms (runs) | Works before its script |",
      "|---|---|---|---|---|",
    );
    for (const lh of slowLine.pages) {
      const form = lh.path === joinPath ? slowLine.formWithoutScript.measured : "–";
      lines.push(
        `| ${lh.path} | ${lh.metrics.fcpMs} (${lh.fcpRunsMs.join(", ")}) | ${lh.metrics.lcpMs} | ${interactiveCell(slowLine.interactive, lh.path)} | ${form} |`,
      );
    }
  }
  if (openerPolicy.length > 0) lines.push("", ...openerPolicyLines(openerPolicy));
  lines.push("", ...ceilingLines(signup), "");
  lines.push(
    "| API run | Offered/s | Answered/s | p50 ms | p99 ms | Status codes |",
    "|---|---|---|---|---|---|",
  );
  const pgRuns = typeof postgres === "string" ? [] : [postgres.signup, postgres.refresh];
  for (const r of [...runs, ...pgRuns]) {
    const codes = Object.entries(r.statuses)
      .map(([code, n]) => `${code}: ${n}`)
      .join(", ");
    lines.push(
      `| ${r.name} | ${r.offeredPerSecond?.toFixed(0) ?? "max"} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} | ${codes} |`,
    );
  }
  lines.push(
    "",
    `Acknowledged sign-ups lost (201 answers minus new rows): PGlite ${lost}${typeof postgres === "string" ? `; PostgreSQL ${postgres}` : `; PostgreSQL ${postgres.lost}`}.`,
    "",
    `Mail, to a local SMTP server (PGlite): ${mail.messages} "Confirm your email" sent during the sign-up runs, from sign-up to arrival p50 ${mail.delayP50Ms} ms, p99 ${mail.delayP99Ms} ms; a backlog of password-reset messages sent at ${mail.perSecond} messages/s.`,
    "",
  );
  lines.push("| Budget | Measured | |", "|---|---|---|");
  for (const c of checks) lines.push(`| ${c.budget} | ${c.measured} | ${c.ok ? "✓" : "✗"} |`);
  const md = `${lines.join("\n")}\n`;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(resultsDir, "latest.md"), md);
  console.log(md);
}

/** A slow-line page's interactive time and its runs, as the table shows it. */
function interactiveCell(results: InteractiveResult[], path: string) {
  const result = results.find((r) => r.path === path);
  return result ? `${result.ms} by ${result.by} (${result.runsMs.join(", ")})` : "–";
}

/**
 * The pages with and without Cross-Origin-Opener-Policy: reached by a tap on another site's link
 * on the slow line, in Chromium run as on Android, and loaded by Lighthouse's mobile preset.
 */
function openerPolicyLines(results: OpenerPolicyResult[]): string[] {
  const runs = (values: number[]) => `(${values.join(", ")})`;
  return [
    "Cross-Origin-Opener-Policy: same-origin sent on the page, or not (opener-policy.ts). A tap on another site's link, on the slow line, in Chromium placing sites in processes as Chrome on Android does; times from the tap. Then Lighthouse's mobile preset. The two taken in turn; medians of the runs:",
    "",
    "| Page | COOP | First paint ms (runs) | Load ms (runs) | New renderer process | Lighthouse TBT ms (runs) | Performance (runs) |",
    "|---|---|---|---|---|---|---|",
    ...results.flatMap((r) =>
      policies.map((policy) => {
        const s = r[policy];
        return `| ${r.path} | ${policy} | ${s.fcpMs} ${runs(s.arrivals.map((a) => a.fcpMs))} | ${s.loadMs} ${runs(s.arrivals.map((a) => a.loadMs))} | ${s.newProcesses} of ${s.arrivals.length} | ${s.tbtMs} ${runs(s.tbtRunsMs)} | ${s.performance} ${runs(s.performanceRuns)} |`;
      }),
    ),
  ];
}

/**
 * `--only=opener-policy`: the pages with and without Cross-Origin-Opener-Policy, alone,
 * printed, nothing written: about ten minutes.
 */
async function openerPolicyOnly() {
  await onFreshServer(async (url) => {
    console.log(openerPolicyLines(await measureOpenerPolicy(url, openerPolicyPaths)).join("\n"));
  });
}

/** The site built, then `use` run on a server of its own on a new embedded database, removed after. */
async function onFreshServer(use: (url: string) => Promise<void>) {
  build();
  const dataDir = mkdtempSync(join(tmpdir(), "ysp-bench-"));
  const server = await startServer({
    entry,
    env: { DATA_DIR: dataDir, ...raisedLimits },
    port,
    logFile: join(dataDir, "server.log"),
  });
  try {
    await use(server.url);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `--only=interactive`: when the slow line's pages can be used, alone, printed and judged,
 * nothing written: a minute instead of the whole run.
 */
async function interactiveOnly() {
  await onFreshServer(async (url) => {
    const interactive = await measureInteractive(url, slowLinePages);
    for (const path of slowLinePaths) console.log(`${path}: ${interactiveCell(interactive, path)}`);
    const checks = interactiveChecks(interactive);
    for (const c of checks) console.log(`${c.ok ? "✓" : "✗"} ${c.budget}: ${c.measured}`);
    printChecks(checks);
  });
}

/** `--only=link-timing`: the link requests' timing alone, printed and judged, nothing written. */
async function linkTimingOnly() {
  build();
  const dataDir = mkdtempSync(join(tmpdir(), "ysp-bench-"));
  const smtp = await startSmtpServer({ parse: false });
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    METRICS_PORT: String(metricsPort),
    ...raisedLimits,
  };
  const server = await startServer({ entry, env, port, logFile: join(dataDir, "server.log") });
  try {
    const accounts = await makeAccounts(server.url, 20);
    const checks = linkTimingChecks(
      await linkTimings(
        server.url,
        server.pid,
        accounts.map((a) => a.email),
      ),
    );
    for (const c of checks) console.log(`${c.ok ? "✓" : "✗"} ${c.budget}: ${c.measured}`);
    printChecks(checks);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--only=signup`: the sign-up runs, their ceilings and CPU, printed and judged, nothing written. */
async function signupOnly() {
  build();
  const dataDir = mkdtempSync(join(tmpdir(), "ysp-bench-"));
  const smtp = await startSmtpServer({ parse: false });
  const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...raisedLimits };
  const server = await startServer({ entry, env, port, logFile: join(dataDir, "server.log") });
  try {
    const signup = await signupRuns({
      url: server.url,
      pid: server.pid,
      smtp,
      seconds: loadSeconds,
      log,
    });
    console.log(ceilingLines(signup).join("\n"));
    for (const r of signup.runs.concat(signup.health))
      console.log(
        `${r.name}: offered ${r.offeredPerSecond?.toFixed(0)}/s, answered ${r.perSecond}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${JSON.stringify(r.statuses)}`,
      );
    const checks = signupChecks(signup);
    for (const c of checks) console.log(`${c.ok ? "✓" : "✗"} ${c.budget}: ${c.measured}`);
    printChecks(checks);
  } finally {
    await server.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printChecks(checks: Check[]) {
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    console.error(`\n${failed.length} budget${failed.length === 1 ? "" : "s"} failed:`);
    for (const f of failed) console.error(`  ✗ ${f.budget} (measured ${f.measured})`);
    process.exitCode = 1;
  } else {
    console.error(`\nall ${checks.length} budgets met`);
  }
}

const run = {
  "link-timing": linkTimingOnly,
  signup: signupOnly,
  interactive: interactiveOnly,
  "opener-policy": openerPolicyOnly,
};
await (only === undefined ? main() : run[only]());
