import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { databasesForFile, makeApp, makeLoggingApp, post } from "../../test/harness.ts";
import { type Database, queryRows } from "../db/client.ts";
import { createSharedLimits } from "./rate-limit-store.ts";

const postgres = databasesForFile().find((db) => db.name === "postgres");

const signup = "/api/v1/auth/signup/";
const login = "/api/v1/auth/login/";

/** Runs `use`, then closes the apps before their databases. */
async function closing(
  apps: FastifyInstance[],
  databases: Database[],
  use: () => Promise<void>,
): Promise<void> {
  try {
    await use();
  } finally {
    for (const app of apps) await app.close();
    for (const database of new Set(databases)) await database.close();
  }
}

const statusesOf = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);

/** What the rate-limit plugin calls on a store: one per route, and a count per request. */
type RouteStore = {
  incr: (
    key: string,
    cb: (e: Error | null, r?: { current: number }) => void,
    windowMs: number,
    max: number,
  ) => void;
};

/** The store for one route, as the plugin makes it from one instance's shared limits. */
function routeStore({ Store }: ReturnType<typeof createSharedLimits>, url: string): RouteStore {
  const root = new Store({} as never) as unknown as { child: (options: object) => RouteStore };
  return root.child({ routeInfo: { method: "POST", url } });
}

/** Asks a store for `times` counts of `key` at once: the counts it answered, in order. */
const countsOf = (store: RouteStore, key: string, times: number): Promise<number[]> =>
  Promise.all(
    Array.from(
      { length: times },
      () =>
        new Promise<number>((resolve, reject) =>
          store.incr(
            key,
            (error, result) => (error ? reject(error) : resolve(result?.current ?? -1)),
            60_000,
            100,
          ),
        ),
    ),
  );

describe.skipIf(!postgres)("rate limits with two instances on one PostgreSQL", () => {
  it("allow together what one instance allows, counted at once from both", async () => {
    if (!postgres) return;
    const databases = await postgres.openTwice();
    const limits = { rateLimits: { signupPerMinute: 4, loginPerEmailPerMinute: 3 } };
    const apps = await Promise.all(databases.map((database) => makeApp(database, limits)));
    await closing(apps, databases, async () => {
      const signups = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(apps[i % 2] as FastifyInstance, signup, makeStudent()),
        ),
      );
      const statuses = statusesOf(signups);
      expect(statuses.filter((s) => s === 201)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8);

      // Each route counts apart: the logins from the same address are not refused by the
      // sign-ups' count, only by their own limit per email.
      const email = makeStudent().email;
      const logins = [];
      for (let i = 0; i < 4; i++)
        logins.push(
          await post(apps[i % 2] as FastifyInstance, login, { email, password: "whatever1" }),
        );
      expect(statusesOf(logins)).toEqual([401, 401, 401, 429]);
    });
  });

  it("give each of many counts asked at once its own place, across instances and keys", async () => {
    if (!postgres) return;
    const databases = await postgres.openTwice();
    const quiet = { warn: () => {}, info: () => {} };
    const limits = databases.map((database) =>
      createSharedLimits(database.db, quiet, "test-secret-test-secret-test-secret-0123456789"),
    );
    try {
      const [first, second] = limits.map((shared) => routeStore(shared, "/api/v1/newsletter/"));
      if (!first || !second) throw new Error("two instances expected");
      const [a, b, other] = await Promise.all([
        countsOf(first, "203.0.113.7", 25),
        countsOf(second, "203.0.113.7", 25),
        countsOf(first, "203.0.113.8", 3),
      ]);
      expect([...a, ...b].sort((x, y) => x - y)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect(other).toEqual([1, 2, 3]);
      // Another route's limit for the same address counts apart.
      const logins = routeStore(limits[0] as (typeof limits)[0], "/api/v1/auth/login/");
      expect(await countsOf(logins, "203.0.113.7", 1)).toEqual([1]);
    } finally {
      for (const { stop } of limits) stop();
      for (const database of databases) await database.close();
    }
  });

  it("count in memory, and say so, while PostgreSQL cannot count; then in PostgreSQL again", async () => {
    if (!postgres) return;
    const database = await postgres.open();
    const { app, lines } = await makeLoggingApp(database, undefined, {
      rateLimits: { signupPerMinute: 2 },
    });
    await closing([app], [database], async () => {
      // The counters' table gone is, to the store, PostgreSQL failing to count.
      await database.db.execute(sql`alter table rate_limit_counters rename to counters_away`);
      const inMemory = [];
      for (let i = 0; i < 3; i++) inMemory.push(await post(app, signup, makeStudent()));
      expect(statusesOf(inMemory)).toEqual([201, 201, 429]);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: "rate limits: PostgreSQL cannot count them; counting in this instance's memory meanwhile",
        }),
      );

      await database.db.execute(sql`alter table counters_away rename to rate_limit_counters`);
      // Past the second in which the store leaves PostgreSQL alone after a failure.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await post(app, signup, makeStudent());
      expect(again.statusCode, "a new count in PostgreSQL, which saw none of the three").toBe(201);
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 30,
          msg: "rate limits: counted in PostgreSQL again, shared by every instance",
        }),
      );
      const rows = await queryRows<{ hits: number }>(
        database.db,
        sql`select hits from rate_limit_counters`,
      );
      expect(rows, "one count, of the sign-up just made").toEqual([{ hits: 1 }]);
    });
  });
});
