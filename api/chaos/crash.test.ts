import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, startServer } from "@ysp/testing/server-process";
import { describe, expect, it } from "vitest";
import { referralAlphabet, referralCodeLength } from "../src/auth/referral-codes.ts";
import { type DatabaseOptions, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema.ts";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { driveSignups, logIn, type Student } from "./students.ts";

const port = 3401;
const rounds = 3;
const senders = 32;

const referralCode = new RegExp(`^[${referralAlphabet}]{${referralCodeLength}}$`);
const argon2idHash = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

describe.each([
  { backend: "PGlite", postgres: false },
  { backend: "PostgreSQL", postgres: true },
])("kill -9 during sign-ups on $backend", ({ backend, postgres }) => {
  it.skipIf(postgres && !postgresBinDir())(
    `${rounds} times: every 201 survives and logs in, no row is half-written`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-crash-"));
      const pgServer = postgres ? await startPostgres() : null;
      const env = {
        ...raisedLimits,
        DATA_DIR: dir,
        LOG_LEVEL: "warn",
        // Room for every sender, so sign-ups are answered 201 or not at all.
        HASH_QUEUE_MAX: String(senders * 2),
        ...(pgServer ? { DATABASE_URL: pgServer.url } : {}),
      };
      const database: DatabaseOptions = pgServer
        ? { kind: "postgres", url: pgServer.url, poolSize: 2 }
        : { kind: "pglite", dataDir: join(dir, "pglite") };
      const sent = new Map<string, Student>();
      const created: Student[] = [];
      const unanswered: Student[] = [];
      const log = join(dir, "server.log");
      try {
        for (let round = 1; round <= rounds; round++) {
          const server = await startServer({ entry: mainEntry, env, port, logFile: log });
          // Each start after the first opens the data a kill left behind.
          const before = await logIn(server.url, created);
          expect(before.refused.map((s) => s.email)).toEqual([]);

          const load = driveSignups(server.url, `crash-${backend.toLowerCase()}-${round}`, senders);
          // A different point in the load each round.
          await until(() => load.created.length >= 30 * round, `${30 * round} sign-ups`);
          await server.kill();
          await load.stop();
          for (const [email, student] of load.sent) sent.set(email, student);
          created.push(...load.created);
          unanswered.push(...load.unanswered);
          console.log(
            `${backend} round ${round}: killed with kill -9 after ${load.created.length} sign-ups answered 201; ` +
              `answers ${JSON.stringify(load.statuses)}; ${before.loggedIn.length} earlier accounts logged in after the restart`,
          );
        }

        const server = await startServer({ entry: mainEntry, env, port, logFile: log });
        const after = await logIn(server.url, [...created, ...unanswered]);
        expect(await server.stop()).toBe(0);
        const loggedIn = new Set(after.loggedIn.map((s) => s.email));
        const lost = created.filter((s) => !loggedIn.has(s.email)).map((s) => s.email);
        expect(lost, "answered 201 but cannot log in").toEqual([]);

        // Opened here afresh: for PGlite this is the data folder the last kill left, reopened.
        const opened = await openDatabase(database);
        const rows = await opened.db.select().from(users);
        await opened.close();
        for (const row of rows) {
          const student = sent.get(row.email);
          expect(student, `a row nobody sent: ${row.email}`).toBeDefined();
          expect({ first: row.firstName, last: row.lastName, type: row.userType }).toEqual({
            first: student?.first_name,
            last: student?.last_name,
            type: "STUDENT",
          });
          expect(row.passwordHash).toMatch(argon2idHash);
          expect(row.referralCode).toMatch(referralCode);
          expect(loggedIn.has(row.email), `${row.email} has a row but cannot log in`).toBe(true);
        }
        expect(rows.length).toBe(loggedIn.size);
        console.log(
          `${backend} after ${rounds} kills: ${rows.length} rows = ${created.length} answered 201 + ` +
            `${rows.length - created.length} of ${unanswered.length} unanswered that were committed; ` +
            `0 lost, 0 half-written`,
        );
      } finally {
        await pgServer?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
