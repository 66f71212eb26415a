import { postgresBinDir } from "@ysp/testing/postgres";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresDatabase } from "../../test/harness.ts";
import { migrationLockKey, openDatabase, queryRows } from "./client.ts";

describe.skipIf(!postgresBinDir())("instances starting at once on an empty PostgreSQL", () => {
  it("apply the migrations once, waiting for each other past the statement timeout", async () => {
    const empty = await postgresDatabase({ migrated: false });
    // Another instance migrating, for longer than the bound below.
    const migrating = new pg.Client({ connectionString: empty.url });
    await migrating.connect();
    try {
      await migrating.query("select pg_advisory_lock($1)", [migrationLockKey]);
      // The bound is also the wait for a connection: 100 ms was too short for the first
      // connections to a new database on a busy machine.
      const options = { kind: "postgres", url: empty.url, poolSize: 2, timeoutMs: 1000 } as const;
      const opening = Promise.all([openDatabase(options), openDatabase(options)]);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await migrating.query("select pg_advisory_unlock($1)", [migrationLockKey]);
      const databases = await opening;
      try {
        const applied = await queryRows<{ hash: string }>(
          databases[0].db,
          sql`select hash from drizzle.__drizzle_migrations`,
        );
        expect(applied.length).toBeGreaterThanOrEqual(6);
        expect(new Set(applied.map((m) => m.hash)).size, "each applied once").toBe(applied.length);
      } finally {
        for (const database of databases) await database.close();
      }
    } finally {
      await migrating.end();
      await empty.drop();
    }
  });
});
