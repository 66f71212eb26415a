import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { drizzleParsers, withoutRepeatedParsers } from "./client.ts";
import * as schema from "./schema.ts";

/**
 * openDatabase's PGlite client leans on two libraries' insides: which parsers
 * drizzle-orm/pglite passes with each query, and PGlite applying the parsers
 * given at creation when a query brings none. An upgrade that changes either
 * fails here, by name, rather than slowing every query or mangling timestamps.
 */
describe("the PGlite client under Drizzle", () => {
  let client: PGlite;
  let wrapped: PGlite;
  let query: MockInstance<PGlite["query"]>;
  const db = () => drizzle({ client: wrapped, schema });

  beforeAll(async () => {
    client = await PGlite.create({ parsers: drizzleParsers, relaxedDurability: true });
    wrapped = withoutRepeatedParsers(client);
    await migrate(db(), {
      migrationsFolder: fileURLToPath(new URL("./migrations", import.meta.url)),
    });
    query = vi.spyOn(client, "query");
  }, 60_000);
  afterAll(() => client.close());

  it("names each of Drizzle's parsers by a type PGlite still exports", () => {
    expect(
      Object.keys(drizzleParsers).filter((oid) => !/^\d+$/.test(oid)),
      "a type constant of @electric-sql/pglite that db/client.ts names is gone",
    ).toEqual([]);
    expect(Object.keys(drizzleParsers)).toEqual(
      expect.arrayContaining(
        [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map(String),
      ),
    );
  });

  it("sends Drizzle's queries to PGlite without parsers of their own", async () => {
    query.mockClear();
    await db().select().from(schema.users);
    await db().execute(sql`select 1`);
    const passed = query.mock.calls.map(([, , options]) => Object.keys(options?.parsers ?? {}));
    expect(passed.length).toBeGreaterThan(0);
    expect(
      passed.filter((oids) => oids.length > 0),
      "drizzle-orm/pglite passes parsers that drizzleParsers in db/client.ts lacks: add them there, or each query pays again for PGlite's copy of its parser table",
    ).toEqual([]);
  });

  it("passes any other parsers on untouched", async () => {
    query.mockClear();
    const parsers = { [types.INT4]: (value: string) => `int ${value}` };
    const result = await wrapped.query<{ n: string }>("select 1::int4 as n", [], { parsers });
    expect(result.rows).toEqual([{ n: "int 1" }]);
    expect(query.mock.calls[0]?.[2]?.parsers).toBe(parsers);
  });

  it("still reads timestamps as Drizzle expects them: text from PGlite, a Date from Drizzle", async () => {
    const raw = await wrapped.query<{ at: unknown }>("select now() as at");
    expect(
      typeof raw.rows[0]?.at,
      "PGlite no longer applies the parsers given to PGlite.create when a query brings none: db/client.ts must stop dropping Drizzle's",
    ).toBe("string");
    const createdAt = new Date("2026-08-01T10:00:00.000Z");
    const [user] = await db()
      .insert(schema.users)
      .values({
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Obi",
        passwordHash: "x",
        referralCode: "PGLITE",
        createdAt,
      })
      .returning({ id: schema.users.id });
    const [read] = await db()
      .select({ createdAt: schema.users.createdAt })
      .from(schema.users)
      .where(eq(schema.users.id, user?.id ?? ""));
    expect(read?.createdAt).toEqual(createdAt);
  });

  it("runs PGlite's own methods, which use private fields, on the client itself", async () => {
    await expect(wrapped.exec("select 1")).resolves.toHaveLength(1);
    const inTransaction = await wrapped.transaction((tx) => tx.query("select 2 as n"));
    expect(inTransaction.rows).toEqual([{ n: 2 }]);
    expect(wrapped.closed).toBe(false);
  });
});
