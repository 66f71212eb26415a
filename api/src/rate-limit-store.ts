import { createHmac, hkdfSync } from "node:crypto";
import { createRequire } from "node:module";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import { type Db, queryRows } from "./db/client.ts";
import { rateLimitCounters } from "./db/schema.ts";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

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
 * one allows. One upsert a counted request, a fixed window per key as the plugin's own store
 * keeps it, timed by the database's clock so instances agree on when a window ends. Why a
 * table and not Redis: docs/architecture.md, "Limits across instances".
 *
 * Keys name a client's address or an email address, so the table holds only a keyed hash of
 * each (under a key derived from JWT_SECRET): no personal data to download or erase.
 *
 * When the database cannot count, the request is counted in this instance's memory instead,
 * and the log says so once, and once more when the database counts again.
 */
export function createSharedLimits(db: Db, log: StoreLog, secret: string) {
  const hashKey = Buffer.from(hkdfSync("sha256", secret, "", "ysp rate limit keys", 32));
  const keyed = (key: string) => createHmac("sha256", hashKey).update(key).digest("base64url");
  let countingInMemoryUntil = 0;
  let failing = false;

  const countInDatabase = async (key: string, windowMs: number): Promise<Counted> => {
    const [row] = await queryRows<{ hits: number; ttl: number }>(
      db,
      sql`insert into ${rateLimitCounters} as c (key, hits, expires_at)
          values (${key}, 1, now() + ${windowMs}::int * interval '1 millisecond')
          on conflict (key) do update set
            hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
            expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
          returning hits, ceil(extract(epoch from c.expires_at - now()) * 1000)::int as ttl`,
    );
    if (!row) throw new Error("Counting a rate limit returned no row");
    return { current: row.hits, ttl: row.ttl };
  };

  class SharedStore {
    readonly #namespace: string;
    readonly #memory = new MemoryStore(false, false);

    /** The plugin makes the first store with its own options; children are made with a name. */
    constructor(namespace?: unknown) {
      this.#namespace = typeof namespace === "string" ? namespace : "";
    }

    incr(key: string, callback: Callback, windowMs: number, max: number) {
      const inMemory = () => this.#memory.incr(key, callback, windowMs, max);
      if (Date.now() < countingInMemoryUntil) return inMemory();
      countInDatabase(keyed(this.#namespace + key), windowMs).then(
        (counted) => {
          if (failing) {
            failing = false;
            log.info("rate limits: counted in PostgreSQL again, shared by every instance");
          }
          callback(null, counted);
        },
        (error: unknown) => {
          if (!failing) {
            failing = true;
            log.warn(
              { err: error },
              "rate limits: PostgreSQL cannot count them; counting in this instance's memory meanwhile",
            );
          }
          countingInMemoryUntil = Date.now() + memoryAfterFailureMs;
          inMemory();
        },
      );
    }

    /**
     * A route's limit is counted apart from every other route's, as the plugin's own store
     * counts it; a limit a handler checks (createRateLimit, no route) names itself in its keys.
     * The plugin passes its merged options, with the route as `routeInfo` (not what its types say).
     */
    child(options: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = options.routeInfo;
      return new SharedStore(
        route?.method && route.url ? `${String(route.method)} ${String(route.url)} ` : "",
      );
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
  };
}
