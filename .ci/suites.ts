/**
 * Runs the suites of `npm test` (or, with `chaos`, the chaos suite) in stages, the suites of a
 * stage at once, stopping after the first stage where one fails, and prints a table of each one's
 * tests and seconds, so whoever waits sees where the time goes. Each line a suite prints is
 * prefixed with its name. With YSP_SUITE_TABLE set to a file, the rows are also appended
 * there: `.ci/run` prints the whole run's table at its end from it.
 * Usage: node .ci/suites.ts [test|chaos]
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Counts = { passed: number; skipped: number; failed: number };
type Suite = {
  name: string;
  command: string[];
  /** Where its reporter writes JSON, and how the counts are read from it; none for checks. */
  counts?: (reportFile: string) => { env: NodeJS.ProcessEnv; args: string[]; read: () => Counts };
};

/** Vitest's JSON reporter, beside its usual one. */
const vitestCounts = (reportFile: string) => ({
  env: {},
  args: ["--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`],
  read: (): Counts => {
    const report = JSON.parse(readFileSync(reportFile, "utf8"));
    return {
      passed: report.numPassedTests,
      skipped: report.numPendingTests + report.numTodoTests,
      failed: report.numFailedTests,
    };
  },
});

/** Playwright's JSON reporter, beside the list the config names. */
const playwrightCounts = (reportFile: string) => ({
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile },
  args: ["--reporter=list,json"],
  read: (): Counts => {
    const { stats } = JSON.parse(readFileSync(reportFile, "utf8"));
    return {
      passed: stats.expected + stats.flaky,
      skipped: stats.skipped,
      failed: stats.unexpected,
    };
  },
});

/**
 * The stages of each run. The checks that build nothing but their verdict share no files with the
 * build, and start together with it. The test suites run one after the other: at once, the unit
 * and API tests took 881 s instead of 314 and the browser tests 708 instead of 572, no sooner in
 * all (913 s against 922), and a CLI test ran out of time on the crowded cores.
 */
const stages: Record<string, Suite[][]> = {
  test: [
    [
      { name: "typecheck", command: ["npm", "run", "typecheck"] },
      { name: "lint", command: ["npm", "run", "lint"] },
      { name: "alert rules", command: ["npm", "run", "test:rules"] },
      { name: "build", command: ["npm", "run", "build"] },
    ],
    [{ name: "unit and API", command: ["npx", "vitest", "run"], counts: vitestCounts }],
    [{ name: "browser", command: ["npx", "playwright", "test"], counts: playwrightCounts }],
  ],
  chaos: [
    [
      {
        name: "chaos",
        command: ["npx", "vitest", "run", "--config", "vitest.chaos.config.ts"],
        counts: vitestCounts,
      },
    ],
  ],
};

type Row = { suite: string; tests: string; seconds: number; ok: boolean };

/** Copies a child's output to ours a whole line at a time, each line after `prefix`. */
function prefixLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, prefix: string) {
  let rest = "";
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) to.write(`${prefix}${line}\n`);
  });
  from.on("end", () => {
    if (rest) to.write(`${prefix}${rest}\n`);
  });
}

async function runSuite(suite: Suite, reportDir: string): Promise<Row> {
  const reportFile = join(reportDir, `${suite.name.replace(/\W+/g, "-")}.json`);
  const counting = suite.counts?.(reportFile);
  const [command, ...args] = suite.command as [string, ...string[]];
  const started = performance.now();
  const child = spawn(command, [...args, ...(counting?.args ?? [])], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...counting?.env },
  });
  const prefix = `${suite.name.padEnd(12)} │ `;
  prefixLines(child.stdout, process.stdout, prefix);
  prefixLines(child.stderr, process.stderr, prefix);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  let tests = "";
  if (counting) {
    try {
      const { passed, skipped, failed } = counting.read();
      tests = `${passed} passed${failed ? `, ${failed} failed` : ""}${skipped ? `, ${skipped} skipped` : ""}`;
    } catch (error) {
      tests = `no report: ${(error as Error).message.slice(0, 60)}`;
    }
  }
  return { suite: suite.name, tests, seconds, ok: status === 0 };
}

const formatRow = ({ suite, tests, seconds, ok }: Row) =>
  `${suite.padEnd(14)} ${tests.padEnd(34)} ${seconds.toFixed(0).padStart(6)} s${ok ? "" : "  FAILED"}`;

const which = process.argv[2] ?? "test";
const chosen = stages[which];
if (!chosen) throw new Error(`Usage: node .ci/suites.ts [${Object.keys(stages).join("|")}]`);
const reportDir = mkdtempSync(join(tmpdir(), "ysp-suites-"));
const started = performance.now();
const rows: Row[] = [];
for (const stage of chosen) {
  const stageRows = await Promise.all(stage.map((suite) => runSuite(suite, reportDir)));
  rows.push(...stageRows);
  if (process.env.YSP_SUITE_TABLE)
    appendFileSync(
      process.env.YSP_SUITE_TABLE,
      stageRows.map((row) => `${formatRow(row)}\n`).join(""),
    );
  if (!stageRows.every((row) => row.ok)) break;
}
rmSync(reportDir, { recursive: true, force: true });
// The suites of a stage overlap: the total is the clock's, not the sum of the rows.
const total = (performance.now() - started) / 1000;
console.log(`\n${"suite".padEnd(14)} ${"tests".padEnd(34)} ${"time".padStart(8)}`);
for (const row of rows) console.log(formatRow(row));
console.log(`${"total".padEnd(14)} ${"".padEnd(34)} ${total.toFixed(0).padStart(6)} s`);
process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
