import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { raisedLimits, type ServerProcess, startServer } from "@ysp/testing/server-process";
import { expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { logIn, newStudent, type SignupOutcome, type Student, signUp } from "./students.ts";

const port = 3402;
const inFlight = 80;
const afterSignal = 10;

/**
 * A sign-up sent with `Expect: 100-continue`: the server says "100 Continue"
 * as it takes the request in, so `received` resolves once this request is
 * in the server's hands, not merely on the wire. It goes on a keep-alive
 * connection, as a browser's would: the server then chooses whether to close
 * it (a client that asks for `Connection: close` gets it on every answer).
 */
function signUpAcknowledged(url: string, student: Student, agent: Agent) {
  const received = Promise.withResolvers<void>();
  const body = JSON.stringify({ ...student, user_type: "STUDENT" });
  const outcome = new Promise<SignupOutcome>((resolve) => {
    const request = httpRequest(`${url}/api/v1/auth/signup/`, {
      method: "POST",
      agent,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    request.on("continue", () => {
      received.resolve();
      request.end(body);
    });
    // An answer or an error before "100 Continue" settles it too, for the test to report.
    request.on("response", (response) => {
      received.resolve();
      response.resume();
      response.on("end", () =>
        resolve({
          kind: "answered",
          status: response.statusCode ?? 0,
          connection: response.headers.connection ?? null,
        }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      received.resolve();
      resolve({ kind: "unanswered", reason: error.code ?? error.message });
    });
    request.flushHeaders();
  });
  return { received: received.promise, outcome };
}

/** The Connection header of a GET sent through `agent`. */
function connectionOf(url: string, agent: Agent) {
  return new Promise<string | undefined>((resolve, reject) => {
    httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.headers.connection));
    })
      .on("error", reject)
      .end();
  });
}

const describeOutcome = (outcome: SignupOutcome) =>
  outcome.kind === "answered" ? String(outcome.status) : outcome.reason;

const closesConnection = (outcome: SignupOutcome) =>
  outcome.kind === "answered" && outcome.connection === "close";

it("SIGTERM during sign-ups: those in flight get their real answers, new ones are refused, exit 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-stop-"));
  const env = {
    ...raisedLimits,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    // Every sign-up waits its turn for a hashing worker instead of being turned away.
    HASH_QUEUE_MAX: String(inFlight * 2),
  };
  const log = join(dir, "server.log");
  // One socket per sign-up, each kept open after its answer unless the server closes it.
  const agent = new Agent({ keepAlive: true });
  const servers: ServerProcess[] = [];
  try {
    const server = await startServer({ entry: mainEntry, env, port, logFile: log });
    servers.push(server);
    // Before the stop the server keeps these connections open, so a Connection: close below is its choice.
    expect(await connectionOf(`${server.url}/healthz`, agent)).toBe("keep-alive");
    // Hashing keeps these in the server for about half a second at this machine's speed.
    const students = Array.from({ length: inFlight }, () => newStudent("graceful"));
    const sent = students.map((student) => signUpAcknowledged(server.url, student, agent));
    // In the order their answers arrive.
    const arrived: SignupOutcome[] = [];
    for (const { outcome } of sent) void outcome.then((answer) => arrived.push(answer));
    await Promise.all(sent.map(({ received }) => received));
    const answeredBeforeSignal = arrived.length;
    const exited = server.stop();
    // The server's first answer with Connection: close shows it has begun to stop: from
    // then on it closes every connection it answers on, and takes no new requests.
    await until(
      () => arrived.some(closesConnection),
      "a sign-up in flight answered with Connection: close after SIGTERM",
    );

    const late = Array.from({ length: afterSignal }, () => newStudent("graceful-late"));
    const lateOutcomes = await Promise.all(late.map((student) => signUp(server.url, student)));
    for (const outcome of lateOutcomes) {
      // Refused: no connection at all, or a 503 on a connection the server was about to close.
      if (outcome.kind === "answered") expect(outcome.status).toBe(503);
    }

    const results = await Promise.all(sent.map(({ outcome }) => outcome));
    const notCreated = results
      .map((outcome) => describeOutcome(outcome))
      .filter((answer) => answer !== "201");
    expect(notCreated).toEqual([]);
    // Answered while stopping, each closes its connection, so none holds the exit open.
    const whileStopping = arrived.slice(arrived.findIndex(closesConnection) + 1);
    expect(
      whileStopping.length,
      "sign-ups answered after the server's first Connection: close",
    ).toBeGreaterThan(0);
    expect(whileStopping.filter((outcome) => !closesConnection(outcome))).toEqual([]);
    expect(await exited).toBe(0);

    const restarted = await startServer({ entry: mainEntry, env, port, logFile: log });
    servers.push(restarted);
    const kept = await logIn(restarted.url, students);
    const refused = await logIn(restarted.url, late);
    expect(await restarted.stop()).toBe(0);
    expect(kept.refused).toEqual([]);
    expect(refused.loggedIn).toEqual([]);

    const lateCounts: Record<string, number> = {};
    for (const outcome of lateOutcomes) {
      const key = describeOutcome(outcome);
      lateCounts[key] = (lateCounts[key] ?? 0) + 1;
    }
    console.log(
      `SIGTERM with ${inFlight - answeredBeforeSignal} of ${inFlight} sign-ups still in flight ` +
        `(${whileStopping.length + 1} answered once the server was stopping): ` +
        `all answered 201 and all log in after a restart; ${afterSignal} sent after the signal were refused ` +
        `(${JSON.stringify(lateCounts)}) and created nothing; exit code 0`,
    );
  } finally {
    // A failed check must not leave a server holding the port: one that has exited is left alone.
    for (const server of servers) await server.kill();
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
