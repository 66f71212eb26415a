import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { raisedLimits, startServer } from "../test/server-process.ts";
import { logIn, newStudent, type SignupOutcome, type Student, signUp } from "./students.ts";

const port = 3402;
const inFlight = 80;
const afterSignal = 10;

/**
 * A sign-up sent with `Expect: 100-continue`: the server says "100 Continue"
 * as it takes the request in, so `received` resolves once this request is
 * in the server's hands, not merely on the wire.
 */
function signUpAcknowledged(url: string, student: Student) {
  let received: () => void = () => {};
  const receivedPromise = new Promise<void>((resolve) => {
    received = resolve;
  });
  const body = JSON.stringify({ ...student, user_type: "STUDENT" });
  const outcome = new Promise<SignupOutcome>((resolve) => {
    const request = httpRequest(`${url}/api/v1/auth/signup/`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
      },
    });
    request.on("continue", () => {
      received();
      request.end(body);
    });
    // An answer or an error before "100 Continue" settles it too, for the test to report.
    request.on("response", (response) => {
      received();
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
      received();
      resolve({ kind: "unanswered", reason: error.code ?? error.message });
    });
    request.flushHeaders();
  });
  return { received: receivedPromise, outcome };
}

const describeOutcome = (outcome: SignupOutcome) =>
  outcome.kind === "answered" ? String(outcome.status) : outcome.reason;

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
  try {
    const server = await startServer(env, port, log);
    // Hashing keeps these in the server for about half a second at this machine's speed.
    const students = Array.from({ length: inFlight }, () => newStudent("graceful"));
    let signalled = false;
    const sent = students.map((student) => signUpAcknowledged(server.url, student));
    await Promise.all(sent.map(({ received }) => received));
    const pending = sent.map(async ({ outcome }) => ({
      outcome: await outcome,
      afterSignal: signalled,
    }));
    const answeredBeforeSignal = (
      await Promise.all(sent.map(({ outcome }) => Promise.race([outcome, "pending"])))
    ).filter((state) => state !== "pending").length;
    const exited = server.stop();
    // Answers already on their way when the signal landed were given before the stop began.
    setTimeout(() => {
      signalled = true;
    }, 200);
    await new Promise((r) => setTimeout(r, 100));

    const late = Array.from({ length: afterSignal }, () => newStudent("graceful-late"));
    const lateOutcomes = await Promise.all(late.map((student) => signUp(server.url, student)));
    for (const outcome of lateOutcomes) {
      // Refused: no connection at all, or a 503 on a connection the server was about to close.
      if (outcome.kind === "answered") expect(outcome.status).toBe(503);
    }

    const results = await Promise.all(pending);
    const notCreated = results
      .map(({ outcome }) => describeOutcome(outcome))
      .filter((answer) => answer !== "201");
    expect(notCreated).toEqual([]);
    // Answered while stopping, each closes its connection, so none holds the exit open.
    const keptOpen = results.filter(
      ({ outcome, afterSignal }) =>
        afterSignal && outcome.kind === "answered" && outcome.connection !== "close",
    );
    expect(keptOpen).toEqual([]);
    expect(await exited).toBe(0);

    const restarted = await startServer(env, port, log);
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
      `SIGTERM with ${inFlight - answeredBeforeSignal} of ${inFlight} sign-ups still in flight: ` +
        `all answered 201 and all log in after a restart; ${afterSignal} sent after the signal were refused ` +
        `(${JSON.stringify(lateCounts)}) and created nothing; exit code 0`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
