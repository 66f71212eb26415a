/**
 * Vitest's globalSetup for the API tests: the databases every test file copies instead of
 * migrating its own. A fresh PGlite runs initdb and every migration: 8 to 27 s on these 2-core
 * machines, against 2 to 3 s to open a copy of a migrated folder. On PostgreSQL one server serves
 * the whole run (5 s to start, where each file started its own), and a database made with
 * `CREATE DATABASE … TEMPLATE` of a migrated one takes 0.1 s against 0.7 s to create and migrate.
 * Both are made here once, before any worker starts, and handed over in the environment.
 */
import { join } from "node:path";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import pg from "pg";
import { openDatabase } from "../src/db/client.ts";

/** The migrated PGlite folder a test copies (harness.ts reads it). */
export const pgliteTemplateEnv = "YSP_TEST_PGLITE_TEMPLATE";
/** The URL of the run's PostgreSQL server, on its `postgres` database (harness.ts reads it). */
export const postgresUrlEnv = "YSP_TEST_POSTGRES_URL";
/** The migrated database every test database on that server is made from. */
export const postgresTemplate = "ysp_template";

async function migratedPglite(): Promise<string> {
  // TMPDIR is the run's folder by now (testing/temporary-root.ts runs first).
  const dir = join(process.env.TMPDIR ?? "/tmp", "pglite-template");
  await (await openDatabase({ kind: "pglite", dataDir: dir })).close();
  return dir;
}

async function migratedPostgres() {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${postgresTemplate}`);
  } finally {
    await admin.end();
  }
  const url = server.url.replace(/\/postgres$/, `/${postgresTemplate}`);
  // Closed at once: PostgreSQL copies a template only while nobody is connected to it.
  await (await openDatabase({ kind: "postgres", url, poolSize: 1 })).close();
  return server;
}

export default async function setup(): Promise<() => Promise<void>> {
  const [pgliteDir, server] = await Promise.all([
    migratedPglite(),
    postgresBinDir() ? migratedPostgres() : null,
  ]);
  process.env[pgliteTemplateEnv] = pgliteDir;
  if (server) process.env[postgresUrlEnv] = server.url;
  return async () => {
    await server?.stop();
  };
}
