import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasesForFile, makeLoggingApp } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import type { Database } from "./client.ts";

const databases = databasesForFile();
const postgres = databases.find((d) => d.name === "postgres");

describe.skipIf(!postgres)("a PostgreSQL connection closed by the server", () => {
  let lines: Record<string, unknown>[];
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).open();
    ({ app, lines } = await makeLoggingApp(database));
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
    await until(() => lines.some(isLostLine), "the warning", 5_000);
    expect(lines.find(isLostLine)).toMatchObject({
      msg: "PostgreSQL closed an idle connection; a new one opens when needed",
      err: { message: expect.stringMatching(/terminating connection due to administrator/) },
    });

    const health = await app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    await Promise.all([database.db.execute(slow), database.db.execute(slow)]);
  });
});
