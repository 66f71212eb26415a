import { availableParallelism } from "node:os";
import { hash } from "@node-rs/argon2";
import { argon2Options } from "@ysp/api/auth/passwords";
import { makeStudent } from "@ysp/testing/students";
import autocannon from "autocannon";

export type LoadResult = {
  name: string;
  offeredPerSecond: number | null;
  seconds: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
};

/** The most argon2id hashes per second this machine can do with the service's parameters, on every core. */
export async function hashCeiling(seconds: number): Promise<number> {
  const workers = availableParallelism();
  const end = Date.now() + seconds * 1000;
  let count = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < end) {
        await hash("bench-password-123", argon2Options);
        count++;
      }
    }),
  );
  return count / ((Date.now() - started) / 1000);
}

const json = { "content-type": "application/json" };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

type Instance = { delayMs?: number; options: autocannon.Options };

/**
 * Runs autocannon instances side by side and merges what they saw. Every
 * response is recorded as it arrives, so status counts and percentiles are
 * exact over all instances.
 */
async function load(
  name: string,
  offered: number | null,
  seconds: number,
  instances: Instance[],
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const count = (key: string, n = 1) => {
    statuses[key] = (statuses[key] ?? 0) + n;
  };
  await Promise.all(
    instances.map(async ({ delayMs = 0, options }) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { duration: seconds, timeout: 30, ...options },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on("response", (_client, status, _bytes, ms) => {
          latencies.push(ms);
          count(String(status));
        });
      });
      // autocannon counts a timeout as an error too.
      if (result.errors > result.timeouts) count("error", result.errors - result.timeouts);
      if (result.timeouts > 0) count("timeout", result.timeouts);
    }),
  );
  latencies.sort((a, b) => a - b);
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    name,
    offeredPerSecond: offered,
    seconds,
    requests,
    perSecond: Number((requests / seconds).toFixed(1)),
    p50Ms: Math.round(percentile(latencies, 0.5)),
    p99Ms: Math.round(percentile(latencies, 0.99)),
    statuses,
  };
}

/**
 * Sign-ups with unique emails, offered at a steady rate. autocannon paces
 * each connection per whole second, so one instance would send its whole
 * second's requests in one burst; `waves` instances started evenly through
 * the first second spread the arrivals out, as real students' taps are.
 */
export function signupLoad(url: string, name: string, rate: number, seconds: number) {
  const waves = 20;
  // autocannon writes a fresh id into `[<id>]` for every request: an email no other sign-up uses.
  const body = JSON.stringify(
    makeStudent({
      email: "bench-[<id>]@example.com",
      password: "bench-password-123",
      first_name: "Bench",
      last_name: "Student",
    }),
  );
  const instances: Instance[] = [];
  for (let wave = 0; wave < waves; wave++) {
    const perSecond = Math.floor(((wave + 1) * rate) / waves) - Math.floor((wave * rate) / waves);
    if (perSecond === 0) continue;
    instances.push({
      delayMs: (wave * 1000) / waves,
      options: {
        url: `${url}/api/v1/auth/signup/`,
        method: "POST",
        headers: json,
        body,
        idReplacement: true,
        connections: perSecond,
        overallRate: perSecond,
      },
    });
  }
  return load(name, rate, seconds, instances);
}

/** A light, steady probe of /healthz, run beside an overload. */
export function healthProbe(url: string, seconds: number) {
  return load("healthz during overload", 20, seconds, [
    { options: { url: `${url}/healthz`, connections: 2, overallRate: 20 } },
  ]);
}

/** Home as phones ask for it (brotli), as fast as the server answers: every one a counted view. */
export function pageLoad(url: string, seconds: number) {
  return load("home page", null, seconds, [
    {
      options: {
        url: `${url}/`,
        connections: 10,
        headers: {
          "accept-encoding": "br",
          "user-agent":
            "Mozilla/5.0 (Linux; Android 11; Infinix X6812B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
        },
      },
    },
  ]);
}

export function newsletterLoad(url: string, seconds: number) {
  return load("newsletter", null, seconds, [
    {
      options: {
        url: `${url}/api/v1/newsletter/`,
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "reader-[<id>]@example.com", source: "/faqs" }),
        idReplacement: true,
        connections: 10,
      },
    },
  ]);
}

/**
 * Password resets asked for as fast as the server answers, one connection per address: for
 * accounts that exist, each queues a "Reset your password", so the run leaves the mail queue a
 * backlog to send.
 */
export function passwordResetLoad(url: string, emails: string[], seconds: number) {
  return load(
    "password reset, known addresses (queues mail)",
    null,
    seconds,
    emails.map((email) => ({
      options: {
        url: `${url}/api/v1/auth/password-reset/`,
        method: "POST",
        headers: json,
        body: JSON.stringify({ email }),
        connections: 1,
      },
    })),
  );
}

export function loginLoad(
  url: string,
  accounts: { email: string; password: string }[],
  seconds: number,
) {
  // One connection per account: autocannon shares request objects between a
  // instance's connections, so per-request bodies need an instance each.
  return load(
    "login",
    null,
    seconds,
    accounts.map((account) => ({
      options: {
        url: `${url}/api/v1/auth/login/`,
        method: "POST",
        headers: json,
        body: JSON.stringify(account),
        connections: 1,
      },
    })),
  );
}

/**
 * Each session refreshes in turn as the app does: every answer's new refresh
 * token is the next request's. A refresh token is good for one use, so each
 * session needs its own instance and connection (autocannon shares request
 * objects between an instance's connections).
 */
export function refreshLoad(url: string, refreshTokens: string[], seconds: number, name: string) {
  return load(
    name,
    null,
    seconds,
    refreshTokens.map((first) => {
      let current = first;
      return {
        options: {
          url,
          connections: 1,
          requests: [
            {
              method: "POST",
              path: "/auth/refresh/",
              headers: json,
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({ refresh: current }),
              }),
              onResponse: (status, body) => {
                if (status === 200) current = (JSON.parse(body) as { refresh: string }).refresh;
              },
            },
          ],
        },
      };
    }),
  );
}

/**
 * The app's account screen, listing its sessions: one connection per logged-in session, each
 * sending its own access token (autocannon shares request objects between an instance's
 * connections). A list is one statement, the bearer token's check included, and hashes nothing.
 */
export function listSessionsLoad(url: string, accessTokens: string[], seconds: number) {
  return load(
    "listSessions",
    null,
    seconds,
    accessTokens.map((access) => ({
      options: {
        url: `${url}/api/v1/auth/sessions/`,
        headers: { authorization: `Bearer ${access}` },
        connections: 1,
      },
    })),
  );
}

/**
 * Log out, again and again for each session: the first ends it, and each repeat is answered
 * 204 as RFC 7009 asks, after the same work (two tokens checked, one UPDATE by primary key
 * that finds the session already ended). A new session for every request would need a login,
 * and its password hash, each time: the run would measure hashing.
 */
export function logOutLoad(
  url: string,
  pairs: { access: string; refresh: string }[],
  seconds: number,
) {
  return load(
    "logOut",
    null,
    seconds,
    pairs.map(({ access, refresh }) => ({
      options: {
        url: `${url}/api/v1/auth/logout/`,
        method: "POST",
        headers: { ...json, authorization: `Bearer ${access}` },
        body: JSON.stringify({ refresh }),
        connections: 1,
      },
    })),
  );
}
