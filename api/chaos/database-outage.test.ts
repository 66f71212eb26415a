import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postJson } from "@ysp/testing/post-json";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { driveSignups, logIn, newStudent } from "./students.ts";

const port = 3421;
/** DATABASE_STATEMENT_TIMEOUT_MS for these runs: short, so the test waits little. */
const timeoutMs = 1000;
const senders = 8;

/** The server on PostgreSQL at `url`, statements bounded by `timeoutMs`, logging to dir/server.log. */
const startBounded = (dir: string, url: string, env: Record<string, string>) =>
  startServer({
    entry: mainEntry,
    env: {
      ...raisedLimits,
      DATA_DIR: dir,
      DATABASE_URL: url,
      DATABASE_STATEMENT_TIMEOUT_MS: String(timeoutMs),
      ...env,
    },
    port,
    logFile: join(dir, "server.log"),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresBinDir())("PostgreSQL's bad days, under a real server process", () => {
  it("stopped and started mid-traffic: only 201, 429 or 503, every 201 logs in, no restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-outage-"));
    const postgres = await startPostgres();
    const logFile = join(dir, "server.log");
    const server = await startBounded(dir, postgres.url, {
      HASH_QUEUE_MAX: String(senders * 2),
    });
    try {
      const load = driveSignups(server.url, "outage", senders);
      await until(() => load.created.length >= 20, "20 sign-ups before the outage");
      await postgres.halt();
      const before = load.created.length;
      await sleep(5000);
      const during = load.created.length - before;
      const refusedDuring = load.statuses["503"] ?? 0;
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);

      await postgres.resume();
      const resumedAt = Date.now();
      const atResume = load.created.length;
      await until(() => load.created.length > atResume, "a sign-up after PostgreSQL is back");
      const recoveryMs = Date.now() - resumedAt;
      await until(() => load.created.length >= atResume + 20, "20 sign-ups after the outage");
      // Limits are counted in memory for up to a second after PostgreSQL last failed them, so
      // the sign-ups just made may all have been; the traffic goes on until PostgreSQL counts.
      await until(
        () => readFileSync(logFile, "utf8").includes("rate limits: counted in PostgreSQL again"),
        "limits counted in PostgreSQL again",
      );
      await load.stop();

      // Those answered 201 as PostgreSQL stopped committed before it did.
      expect(during, "sign-ups answered 201 in the 5 s without PostgreSQL").toBeLessThanOrEqual(
        senders,
      );
      expect(refusedDuring, "503s while PostgreSQL was stopped").toBeGreaterThan(0);
      expect(Object.keys(load.statuses).sort()).toEqual(expect.arrayContaining(["201", "503"]));
      for (const status of Object.keys(load.statuses))
        expect(["201", "429", "503"], `a sign-up answered ${status}`).toContain(status);
      const check = await logIn(server.url, load.created);
      expect(
        check.refused.map((s) => s.email),
        "answered 201 but cannot log in",
      ).toEqual([]);

      expect(readFileSync(logFile, "utf8")).toContain("rate limits: PostgreSQL cannot count them");
      console.log(
        `PostgreSQL stopped for 5 s under ${senders} senders: ${JSON.stringify(load.statuses)}; ` +
          `${load.created.length} accounts all log in; first 201 ${recoveryMs} ms after PostgreSQL accepted connections again`,
      );
      expect(await server.stop()).toBe(0);
    } finally {
      await server.kill();
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a lock held past the statement timeout: every request waiting on it gets 503 within the bound", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-lock-"));
    const postgres = await startPostgres();
    const server = await startBounded(dir, postgres.url, {
      // Fewer connections than requests: some wait for a connection, the rest on the lock.
      DATABASE_POOL_SIZE: "2",
    });
    const locker = new pg.Client({ connectionString: postgres.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table users in access exclusive mode");
      const students = Array.from({ length: 6 }, () => newStudent("lock"));
      const answers = await Promise.all(
        students.map(async (student) => {
          const started = Date.now();
          const answer = await postJson(`${server.url}/api/v1/auth/signup/`, student);
          return { answer, ms: Date.now() - started };
        }),
      );
      // Held until every answer came: a request waiting on the lock itself would never answer.
      expect((await fetch(`${server.url}/readyz`)).status, "the database still answers").toBe(200);
      await locker.query("rollback");

      for (const { answer } of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(answer.body).toMatchObject({ errors: [{ code: "database_unavailable" }] });
      }
      // A request meets the bound at most three times: a connection for the limit's count, then
      // for the insert, then the insert itself (docs/deploy.md).
      const slowest = Math.max(...answers.map((a) => a.ms));
      expect(slowest).toBeGreaterThanOrEqual(timeoutMs);
      expect(slowest).toBeLessThan(3 * timeoutMs + 1000);
      console.log(
        `lock held: ${answers.length} sign-ups answered 503 in ${answers.map((a) => a.ms).join(", ")} ms (bound ${timeoutMs} ms)`,
      );

      // Nothing was written: the same students sign up now.
      const again = await Promise.all(
        students.map((s) => postJson(`${server.url}/api/v1/auth/signup/`, s)),
      );
      expect(again.map((a) => a.status)).toEqual(students.map(() => 201));
      expect(await server.stop()).toBe(0);
    } finally {
      await locker.end();
      await server.kill();
      await postgres.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
