import { setTimeout as sleep } from "node:timers/promises";
import { hashThreadName } from "@ysp/api/auth/password-hasher";
import type { SmtpTestServer } from "@ysp/testing/smtp";
import { hashCeiling, healthProbe, type LoadResult, signupLoad } from "./api-load.ts";
import { othersLoad, serverCpu, untilMachineIdle } from "./cpu.ts";
import { untilIdle } from "./idle.ts";

/** One measurement of the hashing ceiling, and how much of the machine others used meanwhile. */
export type Ceiling = { when: string; perSecond: number; othersCores: number };

/**
 * What a sign-up cost the server in CPU over the run at 80%: its hash, and everything else less
 * what the idle server spends meanwhile (timers, the mail queue's polls that find nothing).
 */
export type SignupCpu = {
  /** Outside the hash, by thread name, in ms a sign-up (the idle rate not taken off). */
  byThreadMs: Record<string, number>;
  /** The idle server's CPU, in ms a second, measured just before the run. */
  idleMsPerSecond: number;
  signups: number;
  requests: number;
  outsideHashMs: number;
  hashMs: number;
};

export type SignupRuns = {
  ceilings: Ceiling[];
  at80: LoadResult;
  /** The run at 80% of the lower of the two ceilings beside it (bench/README.md, "Reading the budgets"). */
  at80Judged: LoadResult;
  at100: LoadResult;
  at200: LoadResult;
  health: LoadResult;
  /** The ceiling each run at or above it is judged against: the mean of the two measured beside it. */
  yardsticks: { at100: number; at200: number };
  cpu: SignupCpu;
  /** Every sign-up run made, in order, the warm-up first: each made accounts and messages. */
  runs: LoadResult[];
};

export const created = (...runs: LoadResult[]) =>
  runs.reduce((sum, r) => sum + (r.statuses["201"] ?? 0), 0);

const confirmationSubject = "Confirm your email";

const confirmations = (smtp: SmtpTestServer) =>
  smtp.received.filter((mail) => mail.subject === confirmationSubject).length;

async function until(done: () => boolean, what: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A fresh server spends its first sign-ups compiling (V8 and its database's statements) and
 * opening its SMTP connections: on 180 sign-ups that read as 16.5 ms each. A few seconds of
 * sign-ups first, not counted, so the CPU measured after is what each further sign-up costs.
 */
export async function warmUpSignups(url: string, smtp: SmtpTestServer): Promise<LoadResult> {
  const mailedBefore = confirmations(smtp);
  const warmUp = await signupLoad(url, "sign-up warm-up, not judged", 20, 3);
  await until(
    () => confirmations(smtp) >= mailedBefore + created(warmUp),
    "the warm-up's messages",
  );
  return warmUp;
}

/**
 * What each sign-up of one run cost the server in CPU: the server's CPU time from the run's start
 * until every one of its sign-ups' messages has arrived and the server is idle again, split into
 * the hashing threads' and the rest, less what the idle server spends meanwhile (measured for 3 s
 * just before), per sign-up.
 */
export async function signupCpuOver(
  pid: number,
  smtp: SmtpTestServer,
  run: () => Promise<LoadResult>,
): Promise<{ result: LoadResult; cpu: SignupCpu }> {
  const mailedBefore = confirmations(smtp);
  const idleSeconds = 3;
  const idleStart = serverCpu(pid);
  await sleep(idleSeconds * 1000);
  const cpuBefore = serverCpu(pid);
  const idleMsPerSecond = (cpuBefore.totalMs - idleStart.totalMs) / idleSeconds;
  const started = Date.now();
  const result = await run();
  await until(
    () => confirmations(smtp) >= mailedBefore + created(result),
    `${result.name}: every sign-up's message`,
  );
  await untilIdle(pid);
  const cpuAfter = serverCpu(pid);
  const idleMs = (idleMsPerSecond * (Date.now() - started)) / 1000;
  const signups = created(result);
  const hashingMs = cpuAfter.hashingMs - cpuBefore.hashingMs;
  const byThreadMs = Object.fromEntries(
    Object.entries(cpuAfter.byThreadMs)
      .filter(([name]) => name !== hashThreadName)
      .map(([name, ms]) => [
        name,
        Number(((ms - (cpuBefore.byThreadMs[name] ?? 0)) / signups).toFixed(3)),
      ]),
  );
  return {
    result,
    cpu: {
      byThreadMs,
      idleMsPerSecond,
      signups,
      requests: result.requests,
      outsideHashMs: (cpuAfter.totalMs - cpuBefore.totalMs - hashingMs - idleMs) / signups,
      hashMs: hashingMs / signups,
    },
  };
}

/**
 * The sign-up runs at 80%, 100% and 200% of the hashing ceiling, with the ceiling measured
 * between every two of them, each time once the server has finished its queued work and the
 * machine is idle, so each run is judged against the machine's speed beside it. The run at 80%
 * is also the CPU measurement: the server's CPU time from its start until every one of its
 * sign-ups' messages has arrived and the server is idle again, split into the hashing threads'
 * and the rest, per sign-up.
 */
export async function signupRuns(options: {
  url: string;
  pid: number;
  smtp: SmtpTestServer;
  seconds: number;
  log: (line: string) => void;
}): Promise<SignupRuns> {
  const { url, pid, smtp, seconds, log } = options;
  const ceilings: Ceiling[] = [];
  const measure = async (when: string) => {
    await untilIdle(pid);
    await untilMachineIdle();
    const others = othersLoad();
    const perSecond = await hashCeiling(seconds);
    const ceiling = { when, perSecond, othersCores: others() };
    log(
      `hashing ceiling ${when}: ${perSecond.toFixed(1)}/s (other processes used ${ceiling.othersCores.toFixed(2)} cores meanwhile)`,
    );
    ceilings.push(ceiling);
    return perSecond;
  };

  log("sign-ups to warm the server up, not counted");
  const warmUp = await warmUpSignups(url, smtp);
  const first = await measure("before the runs");
  log(`sign-up at 80% of ${first.toFixed(0)}/s, ${seconds} s, with the server's CPU time`);
  const { result: at80, cpu } = await signupCpuOver(pid, smtp, () =>
    signupLoad(url, "sign-up at 80% of ceiling", first * 0.8, seconds),
  );
  log(
    `CPU per sign-up: ${cpu.outsideHashMs.toFixed(2)} ms outside its hash, ${cpu.hashMs.toFixed(2)} ms hashing; by thread ${JSON.stringify(cpu.byThreadMs)}, idle ${cpu.idleMsPerSecond.toFixed(1)} ms/s`,
  );

  const runs = [warmUp, at80];
  let beforeAt100 = await measure("after the run at 80%");
  // The p99 budget holds at 80% of what the machine could do: when it slowed during the run,
  // the run worked nearer its limit, so it is made again at 80% of the lower ceiling, just
  // measured, and that run is judged (bench/README.md).
  let at80Judged = at80;
  if (beforeAt100 < first) {
    log(`sign-up at 80% of the lower ceiling, ${beforeAt100.toFixed(0)}/s`);
    at80Judged = await signupLoad(
      url,
      "sign-up at 80% of the lower ceiling",
      beforeAt100 * 0.8,
      seconds,
    );
    runs.push(at80Judged);
    beforeAt100 = await measure("after the second run at 80%");
  }
  log(`sign-up at the ceiling, ${beforeAt100.toFixed(0)}/s`);
  const at100 = await signupLoad(url, "sign-up at the ceiling", beforeAt100, seconds);
  const beforeAt200 = await measure("after the run at the ceiling");
  log(`sign-up at 2× the ceiling, ${(beforeAt200 * 2).toFixed(0)}/s`);
  const [at200, health] = await Promise.all([
    signupLoad(url, "sign-up at 2× the ceiling", beforeAt200 * 2, seconds),
    healthProbe(url, seconds),
  ]);
  const last = await measure("after the run at 2×");
  runs.push(at100, at200);
  return {
    ceilings,
    at80,
    at80Judged,
    at100,
    at200,
    health,
    yardsticks: { at100: (beforeAt100 + beforeAt200) / 2, at200: (beforeAt200 + last) / 2 },
    cpu,
    runs,
  };
}

/** The yardstick of the runs that hash nothing: the mean of every ceiling the run measured. */
export const meanCeiling = (ceilings: Ceiling[]) =>
  ceilings.reduce((sum, ceiling) => sum + ceiling.perSecond, 0) / ceilings.length;

/** The table's lines for the ceilings and the CPU a sign-up cost. */
export function ceilingLines({ ceilings, cpu }: SignupRuns): string[] {
  return [
    `Hashing ceiling (argon2id, service parameters, all cores): measured ${ceilings.length} times, each once the server had finished its queued work and the machine was idle; each sign-up run at or above the ceiling is judged against the mean of the two measured beside it.`,
    "",
    "| Ceiling measured | Hashes/s | Other processes meanwhile (cores) |",
    "|---|---|---|",
    ...ceilings.map(
      (c) => `| ${c.when} | ${c.perSecond.toFixed(1)} | ${c.othersCores.toFixed(2)} |`,
    ),
    "",
    `CPU per sign-up in the server over the run at 80%, from its start until every message it caused had arrived, less the idle server's ${cpu.idleMsPerSecond.toFixed(1)} ms a second: **${cpu.outsideHashMs.toFixed(2)} ms outside its hash**, ${cpu.hashMs.toFixed(2)} ms hashing (${cpu.signups} sign-ups, ${cpu.requests} requests).`,
  ];
}
