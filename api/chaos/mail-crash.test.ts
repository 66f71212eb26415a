import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, type ServerProcess, startServer } from "@ysp/testing/server-process";
import { startSmtpServer } from "@ysp/testing/smtp";
import { describe, expect, it } from "vitest";
import { type DatabaseOptions, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema.ts";
import { mainEntry } from "../test/main-entry.ts";
import { until } from "../test/until.ts";
import { driveSignups, logIn, type SignupLoad } from "./students.ts";

const ports = [3411, 3412];
const senders = 16;

/**
 * Every account gets its "Confirm your email", once, whatever moment an
 * instance is killed at; no message goes to an address whose sign-up was not
 * committed. A message whose try was cut by the kill after the SMTP server took
 * it is sent again under the same Message-ID (no queue can know what a dead
 * process did last); the test counts those and requires one message per account.
 */
describe.each([
  { backend: "PGlite", instances: 1 },
  { backend: "PostgreSQL", instances: 2 },
])(
  "kill -9 while mail is sent, on $backend with $instances instance(s)",
  ({ backend, instances }) => {
    it.skipIf(backend === "PostgreSQL" && !postgresBinDir())(
      "every account committed gets one confirmation message, and no other address gets one",
      async () => {
        const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-mail-"));
        const smtp = await startSmtpServer();
        const pgServer = backend === "PostgreSQL" ? await startPostgres() : null;
        const env = {
          ...raisedLimits,
          DATA_DIR: dir,
          SMTP_URL: smtp.url,
          HASH_QUEUE_MAX: String(senders * 2),
          ...(pgServer ? { DATABASE_URL: pgServer.url } : {}),
        };
        const database: DatabaseOptions = pgServer
          ? { kind: "postgres", url: pgServer.url, poolSize: 2 }
          : { kind: "pglite", dataDir: join(dir, "pglite") };
        const start = (port: number) =>
          startServer({ entry: mainEntry, env, port, logFile: join(dir, `server-${port}.log`) });
        const servers: ServerProcess[] = [];
        try {
          // One after the other: each applies or checks the migrations and the queue's schema.
          for (const port of ports.slice(0, instances)) servers.push(await start(port));
          const loads: SignupLoad[] = servers.map((server, i) =>
            driveSignups(server.url, `mail-${backend.toLowerCase()}-${i}`, senders),
          );
          const created = () => loads.flatMap((load) => load.created);
          await until(() => created().length >= 60, "60 sign-ups");
          await servers[0]?.kill();
          await Promise.all(loads.map((load) => load.stop()));
          servers[0] = await start(ports[0] as number);

          // The accounts: every sign-up answered 201, and those cut off unanswered that committed.
          const unanswered = loads.flatMap((load) => load.unanswered);
          const committed = await logIn(servers[0].url, unanswered);
          const accounts = new Set([...created(), ...committed.loggedIn].map((s) => s.email));

          const confirmations = () =>
            smtp.received.filter((mail) => mail.subject === "Confirm your email");
          const messageIds = (email: string) =>
            new Set(
              confirmations()
                .filter((m) => m.to.includes(email))
                .map((m) => m.messageId),
            );
          const waiting = () => [...accounts].filter((email) => messageIds(email).size === 0);
          // A try cut by the kill waits for the queue to see its worker gone (10 s of missed
          // beats, found within 10 s), then for its first retry (15 to 30 s).
          await until(
            () => waiting().length === 0,
            `a message for each of ${accounts.size} accounts`,
            120_000,
          );
          for (const server of servers.splice(0)) expect(await server.stop()).toBe(0);

          // Opened once the servers are stopped: PGlite's folder is one process's at a time.
          const opened = await openDatabase(database);
          const rows = await opened.db.select({ email: users.email }).from(users);
          await opened.close();
          expect(new Set(rows.map((row) => row.email))).toEqual(accounts);
          for (const email of accounts)
            expect(messageIds(email).size, `distinct messages to ${email}`).toBe(1);
          const strangers = confirmations().filter((m) => !m.to.some((to) => accounts.has(to)));
          expect(
            strangers.map((m) => m.to),
            "messages to addresses with no account",
          ).toEqual([]);
          const repeats = confirmations().length - accounts.size;
          console.log(
            `${backend}, ${instances} instance(s): killed one after ${created().length} sign-ups answered 201; ` +
              `${accounts.size} accounts (${committed.loggedIn.length} of ${unanswered.length} unanswered committed), ` +
              `${confirmations().length} messages, ${repeats} sent again under the same Message-ID`,
          );
        } finally {
          for (const server of servers) await server.kill();
          await smtp.close();
          await pgServer?.stop();
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  },
);
