import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { postJson } from "@ysp/testing/post-json";
import { startServer } from "@ysp/testing/server-process";
import { makeStudent } from "@ysp/testing/students";
import { describe, expect, it } from "vitest";
import { fixtureSiteDir, migratedDataDir } from "../../test/harness.ts";
import { mainEntry } from "../../test/main-entry.ts";
import { openDatabase } from "./client.ts";
import { users } from "./schema.ts";

const run = promisify(execFile);
const folder = () => migratedDataDir("ysp-lock-");
/** The servers serve the fixture site: this is about the database folder, not the build. */
const site = { WEB_BUILD_DIR: fixtureSiteDir };

/** Runs a second server (or the CLI) to its exit and returns what it said. */
async function runToExit(script: string, dataDir: string, port: number) {
  try {
    await run(process.execPath, [script], {
      env: { ...process.env, ...site, DATA_DIR: dataDir, DATABASE_URL: "", PORT: String(port) },
      timeout: 60_000,
    });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code, stderr: failed.stderr ?? "" };
  }
}

describe("the embedded database's folder", () => {
  it("is refused to a second server while the first runs, and the first keeps every sign-up", {
    timeout: 120_000,
  }, async () => {
    const dataDir = folder();
    const first = await startServer({
      entry: mainEntry,
      env: { ...site, DATA_DIR: dataDir },
      port: 3421,
      logFile: join(dataDir, "first.log"),
    });
    try {
      const second = await runToExit(mainEntry, dataDir, 3422);
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toBe(
        `ysp: the embedded database in ${join(dataDir, "pglite")} is already open in process ${first.pid} (most likely another YSP server). ` +
          "Stop that process first, or give this one its own DATA_DIR; several servers share data through PostgreSQL (DATABASE_URL). " +
          `If no such process runs, delete ${join(dataDir, "pglite.lock")}.`,
      );
      const cli = await runToExit("api/src/cli/signups.ts", dataDir, 3422);
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(
        /^signups: the embedded database in .* is already open in process/,
      );

      const created = await postJson(`${first.url}/api/v1/auth/signup/`, makeStudent());
      expect(created.status).toBe(201);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(false);
    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
    expect(await database.db.$count(users)).toBe(1);
    await database.close();
  });

  it("is taken over from a server that was killed", { timeout: 120_000 }, async () => {
    const dataDir = folder();
    const killed = await startServer({
      entry: mainEntry,
      env: { ...site, DATA_DIR: dataDir },
      port: 3423,
      logFile: join(dataDir, "killed.log"),
    });
    expect((await postJson(`${killed.url}/api/v1/auth/signup/`, makeStudent())).status).toBe(201);
    await killed.kill();
    expect(existsSync(join(dataDir, "pglite.lock"))).toBe(true);

    const next = await startServer({
      entry: mainEntry,
      env: { ...site, DATA_DIR: dataDir },
      port: 3424,
      logFile: join(dataDir, "next.log"),
    });
    expect((await postJson(`${next.url}/api/v1/auth/signup/`, makeStudent())).status).toBe(201);
    expect(await next.stop()).toBe(0);
    const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
    expect(await database.db.$count(users)).toBe(2);
    await database.close();
  });

  it("is not opened twice by one process", { timeout: 60_000 }, async () => {
    const dataDir = join(folder(), "pglite");
    const database = await openDatabase({ kind: "pglite", dataDir });
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(
      `is already open in process ${process.pid}`,
    );
    await database.close();
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    await reopened.close();
  });
});
