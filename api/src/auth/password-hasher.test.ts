import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "./password-hasher.ts";

/** Nice value of one of this process's threads, read from Linux's per-thread stat file. */
function niceOf(tid: string): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  // Fields after the command name; nice is field 19 of the whole line.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

describe("the password hasher", () => {
  const hasher = createPasswordHasher({ workers: 2, maxQueued: 1, nice: 7 });
  afterAll(() => hasher.close());

  it("hashes with argon2id and verifies, off the event loop", async () => {
    const hashed = await hasher.hash("a-good-password");
    if (!hashed.ok) throw new Error("busy");
    expect(hashed.value).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hashed.value, "a-good-password")).toEqual({ ok: true, value: true });
    expect(await hasher.verify(hashed.value, "a-good-passwore")).toEqual({
      ok: true,
      value: false,
    });
    expect(await hasher.verify("not a hash", "a-good-password")).toEqual({
      ok: true,
      value: false,
    });
  });

  it("tells how many jobs wait, whether it is saturated, and how long each job took", async () => {
    const timed: number[] = [];
    const one = createPasswordHasher({ workers: 1, maxQueued: 5, nice: 7 }, (s) => timed.push(s));
    try {
      const jobs = [one.hash("first-one-1"), one.hash("second-one-2"), one.hash("third-one-3")];
      // Submitted in one turn of the event loop: one on the worker, two waiting for it.
      await new Promise((resolve) => setImmediate(resolve));
      expect(one.queued()).toBe(2);
      expect(one.saturated()).toBe(true);
      await Promise.all(jobs);
      expect(one.queued()).toBe(0);
      expect(one.saturated()).toBe(false);
      expect(timed).toHaveLength(3);
      // The last waited for the two before it: its time includes the wait.
      expect(timed[2]).toBeGreaterThan(timed[0] as number);
    } finally {
      await one.close();
    }
  });

  it("runs its workers at a lower priority than the event loop", () => {
    const values = readdirSync("/proc/self/task").map(niceOf);
    expect(values.filter((nice) => nice === 7)).toHaveLength(2);
    // The event loop's thread is the one whose id is the process's: the first entry of the
    // listing is not always it (a clean-clone CI run read 7 there with two threads at 7).
    expect(niceOf(String(process.pid))).toBe(0);
  });

  it("refuses at once when every worker is busy and the queue is full", async () => {
    const jobs = Array.from({ length: 4 }, () => hasher.hash("a-good-password"));
    expect(hasher.full()).toBe(true);
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, busy: true }]);
    expect(hasher.full()).toBe(false);
  });

  it("keeps the process alive while a job runs, and not once its workers are idle", () => {
    // Nothing else holds the event loop here, as at start-up before the server listens.
    const script = `
      import { createPasswordHasher } from ${JSON.stringify(new URL("./password-hasher.ts", import.meta.url).href)};
      const hasher = createPasswordHasher({ workers: 1, maxQueued: 1, nice: 0 });
      const hashed = await hasher.hash("a-good-password");
      console.log(hashed.ok ? "hashed" : "busy");
    `;
    const file = join(mkdtempSync(join(tmpdir(), "ysp-hasher-")), "hash-once.mjs");
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.stdout.trim(), run.stderr).toBe("hashed");
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  });
});
