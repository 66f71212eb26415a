/**
 * Where the server's CPU goes per request, read from a CPU profile rather than guessed:
 * `node bench/cpu-profile.ts signup|sessions [requests] [--postgres]` builds nothing (run
 * `npm run build` first), starts the real server (on a throwaway PostgreSQL with `--postgres`)
 * with the bench's raised limits and a local SMTP server, warms it up, then profiles its event
 * loop through the inspector while it answers `requests` sign-ups (each until its message has
 * arrived) or `GET /api/v1/auth/sessions/`. It prints CPU ms per request by thread (from /proc,
 * the idle server's rate taken off), the event loop's profile by part, and every SQL statement
 * PGlite ran with its count and WebAssembly time per request (bench/pglite-statements.ts); the
 * profile is written for Chromium's DevTools. Not part of `npm run bench`: it is the tool for
 * finding what to cut.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { hashThreadName } from "@ysp/api/auth/password-hasher";
import { postAccepted } from "@ysp/testing/post-json";
import { startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import { startSmtpServer } from "@ysp/testing/smtp";
import { makeStudent } from "@ysp/testing/students";
import { serverCpu } from "./cpu.ts";
import { untilIdle } from "./idle.ts";
import type { StatementCounts } from "./pglite-statements.ts";

const kinds = ["signup", "sessions"] as const;
const [kindArg, requestsArg = "2000"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const kind = kinds.find((k) => k === kindArg);
const requests = Number(requestsArg);
const onPostgres = process.argv.includes("--postgres");
if (kind === undefined || !Number.isInteger(requests) || requests < 1) {
  console.error("usage: node bench/cpu-profile.ts signup|sessions [requests] [--postgres]");
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 3300);
const inspectorPort = port + 60;
/** Requests in flight at once: enough to keep both hashing workers busy, as at 80% of the ceiling. */
const concurrency = 4;
/** The V8 sampler's interval, µs: fine enough for a statement of 0.2 ms to be seen. */
const samplingMicros = 100;

/** Parts of the server, each named by where its code lives; a sample goes to the first from its leaf. */
const parts: [string, RegExp][] = [
  ["PGlite (WebAssembly PostgreSQL)", /@electric-sql\/pglite|^wasm:/],
  ["Drizzle (building statements, mapping rows)", /drizzle-orm/],
  ["JWT (jose)", /\/jose\//],
  ["mail: composing and SMTP", /\/api\/src\/mail\/|nodemailer/],
  ["validation (zod, ajv)", /\/zod\/|\/ajv\/|fast-uri/],
  ["answer serialization", /fast-json-stringify/],
  ["logging (pino)", /pino|request-log/],
  ["metrics (prom-client)", /prom-client|\/api\/src\/metrics/],
  ["rate limits", /rate-limit/],
  [
    "Fastify (routing, hooks, reply)",
    /fastify|find-my-way|avvio|light-my-request|secure-json-parse/,
  ],
  ["our handlers", /\/api\/src\//],
];

type Node = { id: number; callFrame: { url: string; functionName: string }; parent?: number };
type Profile = {
  nodes: (Node & { children?: number[] })[];
  samples: number[];
  timeDeltas: number[];
};

/** Milliseconds of the profile by part: each sample goes to the first part found from its leaf up. */
function byPart(profile: Profile): Record<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node as Node]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) {
      const found = nodes.get(child);
      if (found) found.parent = node.id;
    }
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const node = nodes.get(id);
    if (!node) return "node internals (sockets, timers, HTTP parser)";
    const { url, functionName } = node.callFrame;
    let part: string;
    if (functionName === "(idle)") part = "(idle)";
    else if (functionName === "(garbage collector)") part = "garbage collection";
    else if (functionName === "(program)") part = "(program: V8 and native code outside JS)";
    else
      part =
        parts.find(([, pattern]) => pattern.test(url))?.[0] ??
        (node.parent === undefined
          ? "node internals (sockets, timers, HTTP parser)"
          : classify(node.parent));
    partOf.set(id, part);
    return part;
  };
  const ms: Record<string, number> = {};
  profile.samples.forEach((id, i) => {
    const part = classify(id);
    ms[part] = (ms[part] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return ms;
}

/** A DevTools protocol session with the server's inspector. */
async function inspector() {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error("the server's inspector lists no target");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  };
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      pending.set(++id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const statements = async () =>
    (
      await send<{ result: { value: StatementCounts } }>("Runtime.evaluate", {
        expression: "globalThis.pgliteStatements",
        returnByValue: true,
      })
    ).result.value;
  return { send, statements, close: () => socket.close() };
}

/** Runs `count` calls of `one`, `concurrency` at a time. */
async function drive(count: number, one: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "ysp-profile-"));
const smtp = await startSmtpServer({ parse: false });
const postgres = onPostgres ? await startPostgres() : null;
const counter = new URL("./pglite-statements.ts", import.meta.url).href;
const server = await startServer({
  entry: fileURLToPath(import.meta.resolve("@ysp/api/main")),
  env: {
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SMTP_URL: smtp.url,
    ...raisedLimits,
    NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort} --import=${counter}`,
  },
  port,
  logFile: join(dataDir, "server.log"),
});
const { url, pid } = server;
// Closed on every way out: while it is attached, the server waits for it before exiting.
let devtools: Awaited<ReturnType<typeof inspector>> | undefined;
try {
  const signUp = async () => {
    const response = await fetch(`${url}/api/v1/auth/signup/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(makeStudent({ first_name: "Bench", last_name: "Student" })),
    });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  };
  // Bounded: a server that died or stopped sending would otherwise keep the script waiting.
  const mailed = async (count: number) => {
    const deadline = Date.now() + 120_000;
    while (smtp.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`${smtp.received.length} of ${count} messages arrived within 120 s`);
      await sleep(50);
    }
  };
  // Access tokens of fresh accounts with a student's few sessions (two logins each).
  const accessTokens: string[] = [];
  if (kind === "sessions")
    for (let i = 0; i < 25; i++) {
      const student = makeStudent();
      await postAccepted(`${url}/api/v1/auth/signup/`, student, 201);
      for (let j = 0; j < 2; j++)
        accessTokens.push(
          (await postAccepted(`${url}/api/v1/auth/login/`, student, 200)).access as string,
        );
    }
  const listSessions = async (i: number) => {
    const response = await fetch(`${url}/api/v1/auth/sessions/`, {
      headers: { authorization: `Bearer ${accessTokens[i % accessTokens.length]}` },
    });
    if (response.status !== 200) throw new Error(`listSessions answered ${response.status}`);
    await response.arrayBuffer();
  };
  const one = kind === "signup" ? signUp : listSessions;

  // V8's compiling and the SMTP connections' opening are paid once, not by each request.
  await drive(kind === "signup" ? 300 : 2000, one);
  await mailed(kind === "signup" ? 300 : 25);
  await untilIdle(pid);
  const idleStart = serverCpu(pid);
  await sleep(3000);
  const before = serverCpu(pid);
  const idleMsPerSecond = (before.totalMs - idleStart.totalMs) / 3;

  devtools = await inspector();
  const statementsBefore = await devtools.statements();
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: samplingMicros });
  await devtools.send("Profiler.start");
  const mailedBefore = smtp.received.length;
  const started = Date.now();
  await drive(requests, one);
  if (kind === "signup") await mailed(mailedBefore + requests);
  // Stopped before waiting for the server to settle: the sampler's own work keeps it busy.
  const { profile } = await devtools.send<{ profile: Profile }>("Profiler.stop");
  await untilIdle(pid);
  const seconds = (Date.now() - started) / 1000;
  const after = serverCpu(pid);
  const statementsAfter = await devtools.statements();

  const perRequest = (ms: number) => (ms / requests).toFixed(3);
  console.log(
    `${requests} ${kind === "signup" ? "sign-ups" : "listSessions"} in ${seconds.toFixed(1)} s; CPU ms per request (idle server's ${idleMsPerSecond.toFixed(1)} ms/s taken off the event loop's):`,
  );
  for (const [name, ms] of Object.entries(after.byThreadMs)) {
    const used =
      ms - (before.byThreadMs[name] ?? 0) - (name === "MainThread" ? idleMsPerSecond * seconds : 0);
    if (used / requests >= 0.005)
      console.log(`  ${name === hashThreadName ? `${name} (hashing)` : name}: ${perRequest(used)}`);
  }
  const outside = after.totalMs - before.totalMs - (after.hashingMs - before.hashingMs);
  console.log(`  all but hashing: ${perRequest(outside - idleMsPerSecond * seconds)}`);

  // The profile's time between samples is wall time, which other processes stretch: each part
  // is given its share of the busy samples times the event loop's CPU time from /proc.
  const parts = Object.entries(byPart(profile)).sort((a, b) => b[1] - a[1]);
  const busy = parts.reduce((sum, [name, ms]) => (name === "(idle)" ? sum : sum + ms), 0);
  const loopMs = (after.byThreadMs.MainThread ?? 0) - (before.byThreadMs.MainThread ?? 0);
  console.log(
    `event loop by the profile, ${perRequest(loopMs)} ms a request in all (idle rate included):`,
  );
  for (const [name, ms] of parts)
    if (name !== "(idle)") console.log(`  ${perRequest((ms / busy) * loopMs)}  ${name}`);

  console.log("PGlite statements per request (runs, WebAssembly ms):");
  const rows = Object.entries(statementsAfter)
    .map(([text, { runs, ms }]) => ({
      text,
      runs: runs - (statementsBefore[text]?.runs ?? 0),
      ms: ms - (statementsBefore[text]?.ms ?? 0),
    }))
    .filter((row) => row.runs > 0 || row.ms > 0.01)
    .sort((a, b) => b.ms - a.ms);
  for (const row of rows)
    console.log(`  ${(row.runs / requests).toFixed(3)}  ${perRequest(row.ms)}  ${row.text}`);
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`  all statements: ${perRequest(total)} ms a request`);
  const file = join(tmpdir(), `ysp-${kind}-${Date.now()}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`profile: ${file}`);
} finally {
  devtools?.close();
  await server.stop();
  await postgres?.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
