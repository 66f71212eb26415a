import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { emailProblem, normalizeEmail } from "@ysp/contract/email";
import { hostileAddresses } from "@ysp/testing/addresses";
import { postgresBinDir } from "@ysp/testing/postgres";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresDatabase } from "../../test/harness.ts";
import { type DatabaseOptions, type Db, openDatabase } from "./client.ts";
import * as schema from "./schema.ts";
import { newsletterSubscriptions } from "./schema.ts";

/**
 * Migration 0007 counts the stored addresses that today's address rule (contract/email.ts)
 * refuses, and openDatabase tells whoever migrates, on either database. Its pattern is SQL,
 * so it is held here to the rule itself, address by address.
 */
const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The migrations before `tag`, as a folder of their own: the schema an older API had. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "ysp-older-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, `${tag} in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Place = {
  options: DatabaseOptions;
  /** Brings the database to the older schema and stores what `store` writes. */
  older: (folder: string, store: (db: Db) => Promise<void>) => Promise<void>;
  done: () => Promise<void>;
};

const kinds: { name: string; place: () => Promise<Place> }[] = [
  {
    name: "pglite",
    place: async () => {
      const dir = mkdtempSync(join(tmpdir(), "ysp-notices-"));
      const dataDir = join(dir, "pglite");
      return {
        options: { kind: "pglite", dataDir },
        older: async (folder, store) => {
          const client = await PGlite.create(dataDir);
          const db = drizzlePglite({ client, schema });
          await migratePglite(db, { migrationsFolder: folder });
          await store(db as unknown as Db);
          await client.close();
        },
        done: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  ...(postgresBinDir()
    ? [
        {
          name: "postgres",
          place: async (): Promise<Place> => {
            const empty = await postgresDatabase({ migrated: false });
            return {
              options: { kind: "postgres", url: empty.url, poolSize: 2 },
              older: async (folder, store) => {
                const pool = new pg.Pool({ connectionString: empty.url });
                const db = drizzleNodePg(pool, { schema });
                await migrateNodePg(db, { migrationsFolder: folder });
                await store(db as unknown as Db);
                await pool.end();
              },
              done: empty.drop,
            };
          },
        },
      ]
    : []),
];

/** Addresses as an older API may have stored them: the rule's refusals, and good ones. */
const stored = [
  ...new Set(
    [
      ...hostileAddresses,
      "adaeze@example.com",
      "o'brien+{school}@mail.example.ng",
      "a@gmail..com",
      "a..b@example.com",
      "a@b",
      "a@2.7",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`,
      `${"a".repeat(65)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`,
      ...fc.sample(fc.emailAddress(), { numRuns: 200, seed: 30 }),
      ...fc.sample(
        fc.string({ unit: fc.constantFrom(..."ab1.-_+@'\"<>,;()[]\\é\u212a"), minLength: 3 }),
        { numRuns: 200, seed: 30 },
      ),
    ].map(normalizeEmail),
  ),
].filter((email) => email !== "");

const refused = stored.filter((email) => emailProblem(email) !== null).length;

describe.each(kinds)("migration notices on $name", ({ place }) => {
  it("count the stored addresses the rule refuses, said once to whoever migrates", async () => {
    const { options, older, done } = await place();
    const folder = migrationsBefore("0007_stored_addresses_the_rule_refuses");
    try {
      await older(folder, async (db) => {
        // The columns named: today's schema has columns that a database before 0007 has not.
        const rows = stored.map((email, i) => sql`(${email}, 'Ada', 'Obi', 'x', ${`CODE${i}`})`);
        await db.execute(
          sql`insert into users (email, first_name, last_name, password_hash, referral_code)
              values ${sql.join(rows, sql`, `)}`,
        );
        await db.insert(newsletterSubscriptions).values(stored.map((email) => ({ email })));
      });
      const said: string[] = [];
      const report = { reportNotice: (message: string) => said.push(message) };
      await (await openDatabase(options, report)).close();
      expect(refused).toBeGreaterThan(30);
      expect(refused).toBeLessThan(stored.length - 100);
      expect(said).toEqual([
        `0007: ${refused} account(s) and ${refused} newsletter subscription(s) hold an address that today's address rule refuses (docs/data-rights.md, "Email addresses"). They are kept, and the accounts still log in.`,
      ]);
      // Said once: opened again, nothing more, PostgreSQL's own "already exists" notes included.
      await (await openDatabase(options, report)).close();
      expect(said).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await done();
    }
  }, 120_000);
});
