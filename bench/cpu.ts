import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { hashThreadName } from "@ysp/api/auth/password-hasher";

/** Linux reports process CPU time in USER_HZ ticks, fixed at 100 a second for user space. */
const ticksPerSecond = 100;

/** utime + stime of a process, every thread it ever had included, in seconds. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces; the fields after it are fixed: utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** CPU time of the server so far: all of it, and its password-hashing threads' part, in ms. */
export type ServerCpu = {
  totalMs: number;
  hashingMs: number;
  /** By thread name (MainThread, V8Worker, libuv-worker …), to say where the rest goes. */
  byThreadMs: Record<string, number>;
};

const isGone = (error: unknown) =>
  ["ENOENT", "ESRCH"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * The server's CPU time, each thread's read to the nanosecond from schedstat (the process's own
 * count is in ticks of 10 ms, too coarse for an idle second), and its hashing threads' part (named
 * by the hasher). Node's threads live as long as the process (the event loop, V8's and libuv's
 * pools; a hashing thread is replaced only when it crashes), so the live threads hold its time.
 */
export function serverCpu(pid: number): ServerCpu {
  let totalNs = 0;
  let hashingNs = 0;
  const byThreadMs: Record<string, number> = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      totalNs += ns;
      byThreadMs[name] = (byThreadMs[name] ?? 0) + ns / 1e6;
      if (name === hashThreadName) hashingNs += ns;
    } catch (error) {
      // A thread that ended between the listing and the read.
      if (!isGone(error)) throw error;
    }
  }
  return { totalMs: totalNs / 1e6, hashingMs: hashingNs / 1e6, byThreadMs };
}

/** Busy and all CPU time of the whole machine, in ticks (/proc/stat's first line). */
function machineTicks(): { busy: number; all: number } {
  const [, ...values] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/);
  const ticks = values.map(Number);
  const all = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th values.
  return { busy: all - (ticks[3] ?? 0) - (ticks[4] ?? 0), all };
}

/**
 * The cores' worth of CPU that other processes than this one use, over a span: call it at the
 * start, and the function it returns at the end.
 */
export function othersLoad(): () => number {
  const machine = machineTicks();
  const own = processCpuSeconds(process.pid);
  const started = Date.now();
  return () => {
    const now = machineTicks();
    const seconds = (Date.now() - started) / 1000;
    const busySeconds = (now.busy - machine.busy) / ticksPerSecond;
    return Math.max(0, (busySeconds - (processCpuSeconds(process.pid) - own)) / seconds);
  };
}

/**
 * Waits until the rest of the machine (the server, a browser the bench closed and whose
 * processes are still exiting, anything else) uses less than a tenth of a core over half a
 * second, for at most `timeoutMs`; then answers what it used last, for the table to show.
 * Chromium's processes take a second or more to end after `browser.close()` resolves, and a
 * hashing ceiling measured beside them reads low.
 */
export async function untilMachineIdle(timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const load = othersLoad();
    await sleep(500);
    const cores = load();
    if (cores < 0.1 || Date.now() > deadline) return cores;
  }
}
