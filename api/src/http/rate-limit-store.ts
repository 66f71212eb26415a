import { createRequire } from "node:module";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import { keyedHmac } from "../auth/keyed-hmac.ts";
import { type Db, queryRows } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** One request's count: its answer from PostgreSQL, or the same counted in memory. */
type Asker = { counted: (counted: Counted) => void; inMemory: () => void };

/** The plugin's own store, in this process's memory: what counts while PostgreSQL cannot. */
const MemoryStore = createRequire(import.meta.url)("@fastify/rate-limit/store/LocalStore") as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

/**
 * After PostgreSQL failed a count, requests are counted in memory for this long before it is
 * asked again: while it is down, each request would otherwise wait on a connection attempt.
 */
const memoryAfterFailureMs = 1000;
/** Each instance removes expired counters this often; the longest window is an hour. */
const sweepEveryMs = 10 * 60_000;

type StoreLog = {
  warn: (fields: Record<string, unknown>, line: string) => void;
  info: (line: string) => void;
};

/**
 * Rate limits counted in PostgreSQL, so that N instances on one database together allow what
 * one allows: an upsert counts each request, in a fixed window per key as the plugin's own
 * store keeps it, timed by the database's clock so instances agree on when a window ends. Why a
 * table and not Redis: docs/architecture.md, "Several instances, and bad days".
 *
 * Keys name a client's address or an email address, so the table holds only a keyed hash of
 * each (under a key derived from JWT_SECRET): no personal data to download or erase.
 *
 * When the database cannot count, the request is counted in this instance's memory instead,
 * and the log says so once, and once more when the database counts again.
 */
/**
 * The plugin passes a child store its merged options, with the route as `routeInfo` (not what
 * its types say), and the route's `groupId`.
 */
type ChildOptions = { groupId?: unknown; routeInfo?: { method?: unknown; url?: unknown } };

/**
 * What a limit is counted under: its operation's name (`groupId`, rate-limits.ts), so every
 * route of one operation shares one count; a route without one apart from every other route,
 * as the plugin's own store counts it; a limit a handler checks (createRateLimit, no route)
 * names itself in its keys.
 */
function limitName({ groupId, routeInfo: route }: ChildOptions): string {
  if (typeof groupId === "string") return `${groupId} `;
  return route?.method && route.url ? `${String(route.method)} ${String(route.url)} ` : "";
}

/** One store in this process's memory per limit name: the routes of one operation share it. */
function memoryByLimit() {
  const stores = new Map<string, FastifyRateLimitStore>();
  return (name: string) => {
    let store = stores.get(name);
    if (!store) {
      store = new MemoryStore(false, false);
      stores.set(name, store);
    }
    return store;
  };
}

/**
 * Limits counted in this process's memory, for PGlite, which one process opens: the plugin's
 * own store, shared by the routes of one operation as the PostgreSQL store shares them.
 */
export function createMemoryLimits(): FastifyRateLimitStoreCtor {
  const memory = memoryByLimit();
  class MemoryLimits {
    readonly #store: FastifyRateLimitStore;
    constructor(name?: unknown) {
      this.#store = memory(typeof name === "string" ? name : "");
    }
    incr(key: string, callback: Callback, windowMs: number, max: number) {
      this.#store.incr(key, callback, windowMs, max);
    }
    child(options: ChildOptions) {
      return new MemoryLimits(limitName(options));
    }
  }
  return MemoryLimits as unknown as FastifyRateLimitStoreCtor;
}

export function createSharedLimits(db: Db, log: StoreLog, secret: string) {
  const keyed = keyedHmac(secret, "ysp rate limit keys");
  let countingInMemoryUntil = 0;
  let failing = false;

  /**
   * Counts asked for and not yet sent, by hashed key; each key has one window (its route's).
   * Each asker is answered with its count, or counted in memory if the statement fails.
   */
  let waiting = new Map<string, { windowMs: number; askers: Asker[] }>();
  let sending = false;

  /**
   * Counts everything asked since the last statement in one statement, so under load one
   * round trip serves many requests: a statement each cost the refresh path 45% of its
   * throughput on PostgreSQL, this 12% (docs/architecture.md). A key asked n times gets n more
   * hits, and each asker its own place among them, so the counts are what one statement each
   * would have made. Keys are locked in order, so two instances' statements cannot deadlock.
   */
  const send = async () => {
    if (sending || waiting.size === 0) return;
    const batch = waiting;
    waiting = new Map();
    const inMemory = () => {
      for (const { askers } of batch.values()) for (const asker of askers) asker.inMemory();
    };
    // Asked while the statement before failed, perhaps after waiting out the bound: not again.
    if (Date.now() < countingInMemoryUntil) return inMemory();
    sending = true;
    const asked = [...batch].map(([key, { windowMs, askers }]) => ({
      k: key,
      n: askers.length,
      w: windowMs,
    }));
    try {
      const rows = await queryRows<{ key: string; hits: number; ttl: number }>(
        db,
        sql`insert into ${rateLimitCounters} as c (key, hits, expires_at)
            select k, n, now() + w * interval '1 millisecond'
            from json_to_recordset(${JSON.stringify(asked)}::json) as t(k text, n int, w int)
            order by k
            on conflict (key) do update set
              hits = case when c.expires_at <= now() then excluded.hits else c.hits + excluded.hits end,
              expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
            returning key, hits, ceil(extract(epoch from c.expires_at - now()) * 1000)::int as ttl`,
      );
      if (rows.length !== batch.size)
        throw new Error(`Counting ${batch.size} rate-limit keys returned ${rows.length} rows`);
      if (failing) {
        failing = false;
        log.info("rate limits: counted in PostgreSQL again, shared by every instance");
      }
      for (const row of rows) {
        const askers = batch.get(row.key)?.askers ?? [];
        for (const [i, asker] of askers.entries())
          asker.counted({ current: row.hits - askers.length + 1 + i, ttl: row.ttl });
      }
    } catch (error) {
      if (!failing) {
        failing = true;
        log.warn(
          { err: error },
          "rate limits: PostgreSQL cannot count them; counting in this instance's memory meanwhile",
        );
      }
      countingInMemoryUntil = Date.now() + memoryAfterFailureMs;
      inMemory();
    } finally {
      sending = false;
      void send();
    }
  };

  const memory = memoryByLimit();

  class SharedStore {
    readonly #namespace: string;
    readonly #memory: FastifyRateLimitStore;

    /** The plugin makes the first store with its own options; children are made with a name. */
    constructor(namespace?: unknown) {
      this.#namespace = typeof namespace === "string" ? namespace : "";
      this.#memory = memory(this.#namespace);
    }

    incr(key: string, callback: Callback, windowMs: number, max: number) {
      const inMemory = () => this.#memory.incr(key, callback, windowMs, max);
      if (Date.now() < countingInMemoryUntil) return inMemory();
      const hashed = keyed(this.#namespace + key);
      const entry = waiting.get(hashed) ?? { windowMs, askers: [] };
      entry.askers.push({ counted: (counted) => callback(null, counted), inMemory });
      waiting.set(hashed, entry);
      // After the requests read in this turn of the event loop have asked too.
      if (!sending && waiting.size === 1 && entry.askers.length === 1) setImmediate(send);
    }

    child(options: ChildOptions) {
      return new SharedStore(limitName(options));
    }
  }

  const sweep = setInterval(() => {
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.expiresAt, sql`now()`))
      .catch((error: unknown) =>
        log.warn({ err: error }, "rate limits: could not remove expired counters"),
      );
  }, sweepEveryMs);
  sweep.unref();

  return {
    Store: SharedStore as unknown as FastifyRateLimitStoreCtor,
    stop: () => clearInterval(sweep),
    /** True while PostgreSQL cannot count and this instance counts in its own memory. */
    countingInMemory: () => failing,
  };
}
