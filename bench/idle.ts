import { setTimeout as sleep } from "node:timers/promises";
import { processCpuSeconds } from "./cpu.ts";

/**
 * Waits until a process has used less than a tenth of a core for half a second. After a
 * load run the server is still hashing the sign-ups it queued (about a second of both
 * cores after an overload), and a measurement started then would share the machine with it.
 */
export async function untilIdle(pid: number, timeoutMs = 30_000): Promise<void> {
  const windowMs = 500;
  const deadline = Date.now() + timeoutMs;
  let before = processCpuSeconds(pid);
  while (Date.now() < deadline) {
    await sleep(windowMs);
    const now = processCpuSeconds(pid);
    if (now - before < (0.1 * windowMs) / 1000) return;
    before = now;
  }
  throw new Error(`process ${pid} was still busy ${timeoutMs / 1000} s after the load stopped`);
}
