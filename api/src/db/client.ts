import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  type ParserOptions,
  PGlite,
  type QueryOptions,
  type Transaction,
  types,
} from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockFolder } from "./folder-lock.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction on our database, as Drizzle's `db.transaction` hands it over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /**
   * Where to report an idle connection that PostgreSQL closed (a restart, a
   * failover, an administrator); until a listener is set, it goes to stderr.
   */
  onConnectionLost: (listener: (error: Error) => void) => void;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any number may be chosen; it only has to be the same in every instance of the API. */
export const migrationLockKey = 7_202_611;

/**
 * The parsers Drizzle passes with every PGlite query (drizzle-orm/pglite's
 * session): timestamps, dates, intervals and arrays of them, and numeric
 * arrays, stay text, for Drizzle to map itself.
 */
export const drizzleParsers: ParserOptions = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231, // numeric[]
    1115, // timestamp[]
    1185, // timestamptz[]
    1187, // interval[]
    1182, // date[]
  ].map((oid) => [oid, (value: string) => value]),
);

/**
 * PGlite merges per-query parsers into a copy of its table of 300-odd
 * parsers on every query, which doubles the cost of a short one (about
 * 0.2 ms). The client is made with Drizzle's parsers already in that table,
 * so queries whose parsers are for those types alone go without them; any others are
 * passed on untouched.
 */
export function withoutRepeatedParsers(client: PGlite): PGlite {
  const query: PGlite["query"] = (text, params, queryOptions) => {
    const parsers = queryOptions?.parsers;
    const repeated =
      parsers !== undefined &&
      Object.keys(parsers).every((oid) => Object.hasOwn(drizzleParsers, oid));
    return client.query(
      text,
      params,
      repeated ? { ...queryOptions, parsers: undefined } : queryOptions,
    );
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target);
      // PGlite's methods use private fields, so they must run on the client itself.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * What a migration says to whoever runs it: its own RAISE NOTICE (SQLSTATE 00000), such as
 * 0007's count of stored addresses the address rule now refuses; not PostgreSQL's "already
 * exists, skipping" (42P06, 42P07), which the migrator's setup draws on every start.
 */
function reportRaised(report: (message: string) => void) {
  return (notice: { code?: string; message?: string }) => {
    if (notice.code === "00000" && notice.message) report(notice.message);
  };
}

/** A client whose queries pass a migration's notices to `report`, in transactions too. */
function withNotices(client: PGlite, report: (message: string) => void): PGlite {
  const onNotice: QueryOptions["onNotice"] = reportRaised(report);
  const noticing = <Q extends PGlite | Transaction>(target: Q, more: object = {}): Q => {
    const queries = {
      query: (text: string, params?: unknown[], options?: QueryOptions) =>
        target.query(text, params, { ...options, onNotice }),
      exec: (text: string, options?: QueryOptions) => target.exec(text, { ...options, onNotice }),
      ...more,
    };
    return new Proxy(target, {
      get(held, property) {
        if (Object.hasOwn(queries, property)) return queries[property as keyof typeof queries];
        const value = Reflect.get(held, property, held);
        // PGlite's methods use private fields, so they must run on the client itself.
        return typeof value === "function" ? value.bind(held) : value;
      },
    });
  };
  return noticing(client, {
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback(noticing(tx))),
  });
}

/** Where a migration's notices go unless the caller says: stderr, once, as it runs. */
const noticesToStderr = (message: string) => console.warn(`ysp: migration: ${message}`);

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string }
  | {
      kind: "postgres";
      url: string;
      poolSize: number;
      /**
       * The longest one statement may run, and the longest a request waits for a connection
       * (DATABASE_STATEMENT_TIMEOUT_MS); past it the statement fails, and the request is
       * answered 503 (db/unavailable.ts). Without it, neither is bounded (staff commands, tests).
       */
      timeoutMs?: number;
    };

/**
 * Opens the database and brings its schema up to date. PGlite keeps its
 * files in a folder of ours; PostgreSQL is shared by every API instance, so
 * migrations run under an advisory lock and only one instance applies them.
 */
export async function openDatabase(
  options: DatabaseOptions,
  { reportNotice = noticesToStderr }: { reportNotice?: (message: string) => void } = {},
): Promise<Database> {
  return options.kind === "pglite"
    ? openPglite(options, reportNotice)
    : openPostgres(options, reportNotice);
}

/** PGlite in a folder of ours, locked so that no second process opens it. */
async function openPglite(
  options: Extract<DatabaseOptions, { kind: "pglite" }>,
  reportNotice: (message: string) => void,
): Promise<Database> {
  await mkdir(options.dataDir, { recursive: true });
  const lock = lockFolder(options.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir, {
      parsers: drizzleParsers,
      // In Node, PGlite writes through to the data folder as PostgreSQL writes; its
      // after-query sync to storage does nothing, and this only stops each query waiting for it.
      relaxedDurability: true,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  const db = drizzlePglite({ client: withoutRepeatedParsers(client), schema });
  try {
    await migratePglite(drizzlePglite({ client: withNotices(client, reportNotice), schema }), {
      migrationsFolder,
    });
  } catch (error) {
    await client.close();
    lock.release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // PGlite runs inside this process: it has no connection to lose.
    onConnectionLost: () => {},
    close: async () => {
      await client.close();
      lock.release();
    },
  };
}

/** A pool of connections to PostgreSQL, which the instances migrate one at a time under a lock. */
async function openPostgres(
  options: Extract<DatabaseOptions, { kind: "postgres" }>,
  reportNotice: (message: string) => void,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    // PostgreSQL cancels the statement itself, so a lock it waits on is let go and the
    // transaction rolls back; a timer of the client's own would leave the connection mid-query.
    statement_timeout: options.timeoutMs,
    connectionTimeoutMillis: options.timeoutMs,
    // A server that vanished without closing its connections is noticed by TCP in minutes, not hours.
    keepAlive: true,
  });
  // Without a listener, the pool's error event for a closed idle connection would end the
  // process. The pool has already dropped that connection and opens a new one when next needed.
  let reportLost = (error: Error) =>
    console.error(`ysp: PostgreSQL closed an idle connection: ${error.message}`);
  pool.on("error", (error) => reportLost(error));
  const db = drizzleNodePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    // Another instance may hold the lock while it migrates, for longer than any request's bound.
    await lockClient.query("set statement_timeout = 0");
    await lockClient.query("select pg_advisory_lock($1)", [migrationLockKey]);
    lockClient.on("notice", reportRaised(reportNotice));
    await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    // Closing this connection ends its session, which frees the advisory lock whatever happened.
    lockClient.release(true);
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    onConnectionLost: (listener) => {
      reportLost = listener;
    },
    close: () => pool.end(),
  };
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer with an object
 * holding `rows`; Drizzle's shared type for the two cannot say so.
 */
export async function queryRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const uniqueViolation = "23505";
