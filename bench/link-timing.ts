import { Agent, request } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Two of the three requests that send a link to an address (the resend request is answered by
 * the same handler, and the mail worker makes its link as it makes these).
 */
export const linkRequestPaths = [
  "/api/v1/auth/password-reset/",
  "/api/v1/auth/your-data/link/",
] as const;

/** Requests for each path and each kind of address. */
const rounds = 40;
/**
 * Time between one probe's next request and the following probe: longer than the mail worker
 * takes to find a request (its poll, 500 ms) and make the link and message (about 50 ms on two
 * busy cores). With 100 ms, the worker's work for one probe fell into later probes' times, so
 * the medians moved by up to 1.5 ms whichever kind of address it was for, and each probe no
 * longer measured what followed its own request.
 */
const pauseMs = 750;

export type Medians = { knownMs: number; unknownMs: number };

export type LinkTiming = {
  path: string;
  /** Requests per kind of address. */
  rounds: number;
  /** The link request's own answer. */
  answer: Medians;
  /** The request sent right after that answer, on the same connection: GET /readyz. */
  next: Medians;
};

type Answer = { status: number; ms: number; socket: Socket };

/** One request on the agent's connection, timed from sending to the last byte of its answer. */
function timed(agent: Agent, url: string, method: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = request(
      url,
      {
        agent,
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            ms: performance.now() - started,
            socket: sent.socket as Socket,
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

const median = (values: number[]) =>
  Number((values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0).toFixed(2));

/**
 * What someone probing addresses one at a time sees, on one keep-alive connection: a link
 * request for an address with an account or one without, then at once another request
 * (GET /readyz, which asks the database). Work the server does for an account after answering
 * shows in that next request's time even when the answer itself is the same, so both are
 * measured. The kinds go in the order known, unknown, unknown, known, and again: each follows
 * each as often, so the machine's drift falls on both alike.
 */
export async function linkRequestTiming(
  url: string,
  path: string,
  known: string[],
): Promise<LinkTiming> {
  // One socket, kept open: a new connection per request would measure the handshake instead.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // As many addresses without an account, each asked for as often: the limit per address
  // counts both kinds alike.
  const addresses = {
    known,
    unknown: known.map((_, i) => `nobody-${i}-${Date.now()}@example.com`),
  };
  const answers = { known: [] as number[], unknown: [] as number[] };
  const next = { known: [] as number[], unknown: [] as number[] };
  let socket: Socket | undefined;
  try {
    for (let i = 0; i < rounds * 2; i++) {
      const kind = (Math.floor(i / 2) + i) % 2 === 0 ? "known" : "unknown";
      const email = addresses[kind][Math.floor(i / 2) % known.length] as string;
      const asked = await timed(agent, `${url}${path}`, "POST", JSON.stringify({ email }));
      const after = await timed(agent, `${url}/readyz`, "GET");
      if (asked.status !== 202 || after.status !== 200)
        throw new Error(`${path} answered ${asked.status}, then /readyz ${after.status}`);
      socket ??= asked.socket;
      if (asked.socket !== socket || after.socket !== socket)
        throw new Error(`${path}: the server closed the kept-alive connection`);
      answers[kind].push(asked.ms);
      next[kind].push(after.ms);
      await sleep(pauseMs);
    }
  } finally {
    agent.destroy();
  }
  return {
    path,
    rounds,
    answer: { knownMs: median(answers.known), unknownMs: median(answers.unknown) },
    next: { knownMs: median(next.known), unknownMs: median(next.unknown) },
  };
}
