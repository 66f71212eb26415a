import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtSite, makeConfig, testDatabases } from "../../test/harness.ts";
import { buildServer } from "../server.ts";
import type { Database } from "./client.ts";

const databases = testDatabases();
const postgres = databases.find((d) => d.name === "postgres");
afterAll(async () => {
  for (const db of databases) await db.stop();
});

/** Resolves once `check` holds, or fails after `ms`. */
async function eventually(check: () => boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!postgres)("a PostgreSQL connection closed by the server", () => {
  const lines: Record<string, unknown>[] = [];
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).open();
    app = await buildServer({
      config: makeConfig({ logLevel: "info" }),
      database,
      site: await builtSite(),
      logger: { stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("is logged as a warning, and the service keeps answering", { timeout: 15_000 }, async () => {
    // Two queries at once leave two idle connections in the pool; one then ends the other.
    const slow = sql`select pg_sleep(0.1)`;
    await Promise.all([database.db.execute(slow), database.db.execute(slow)]);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const isLostLine = (line: Record<string, unknown>) => line.level === 40;
    await eventually(() => lines.some(isLostLine));
    expect(lines.find(isLostLine)).toMatchObject({
      msg: "PostgreSQL closed an idle connection; a new one opens when needed",
      err: { message: expect.stringMatching(/terminating connection due to administrator/) },
    });

    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    await Promise.all([database.db.execute(slow), database.db.execute(slow)]);
  });
});
