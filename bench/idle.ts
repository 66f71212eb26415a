import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Linux reports process CPU time in USER_HZ ticks, fixed at 100 a second for user space. */
const ticksPerSecond = 100;

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces; the fields after it are fixed: utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * Waits until a process has used less than a tenth of a core for half a second. After a
 * load run the server is still hashing the sign-ups it queued (about a second of both
 * cores after an overload), and a measurement started then would share the machine with it.
 */
export async function untilIdle(pid: number, timeoutMs = 30_000): Promise<void> {
  const windowMs = 500;
  const deadline = Date.now() + timeoutMs;
  let before = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await sleep(windowMs);
    const now = cpuSeconds(pid);
    if (now - before < (0.1 * windowMs) / 1000) return;
    before = now;
  }
  throw new Error(`process ${pid} was still busy ${timeoutMs / 1000} s after the load stopped`);
}
