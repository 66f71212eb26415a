import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databasesForFile, makeApp, makeConfig, post } from "../../test/harness.ts";
import { type Database, queryRows } from "../db/client.ts";
import { createLinkTokens } from "../mail/link-tokens.ts";
import { createMailQueue } from "../mail/mail-queue.ts";
import { createAccountLinks } from "./account-links.ts";
import { createDataRequests } from "./data-requests.ts";
import { createLinkRequests } from "./link-requests.ts";

const postgres = databasesForFile().find((db) => db.name === "postgres");
const silent = { warn: () => {}, info: () => {} };

/** What one instance's worker does with a link request, on its own handle to the database. */
function workerOn({ db }: Database) {
  const { jwtSecret } = makeConfig();
  const queue = createMailQueue(db, silent);
  const links = createAccountLinks(db, queue, createLinkTokens(jwtSecret), Date.now);
  return createLinkRequests(db, queue, links, createDataRequests(db, jwtSecret, Date.now));
}

describe.skipIf(!postgres)("a link request claimed by two instances", () => {
  // A lease runs out after a minute: an instance that took longer than that to handle a
  // request (a stalled database, a paused process) finds another handling it beside it.
  it("makes one link and one message, whichever finishes first", { timeout: 60_000 }, async () => {
    if (!postgres) return;
    const databases = await postgres.openTwice();
    const app = await makeApp(databases[0]);
    try {
      const student = makeStudent();
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const [first, second] = databases.map(workerOn);
      if (!first || !second) throw new Error("two workers expected");
      for (const [purpose, kind] of [
        ["reset_password", "reset-password-request"],
        ["your_data", "your-data-request"],
      ] as const) {
        const id = await first.ask(purpose, student.email);
        const mail = { kind, toAddress: student.email, nonce: null };
        const handled = await Promise.all([first.handle(id, mail), second.handle(id, mail)]);
        expect(handled).toEqual([{ outcome: "sent" }, { outcome: "sent" }]);
      }
      const [made] = await queryRows<Record<string, number>>(
        databases[0].db,
        sql`select
          (select count(*)::int from account_links where purpose = 'reset_password') as reset_links,
          (select count(*)::int from account_links where purpose = 'your_data') as data_links,
          (select count(*)::int from mail_outbox where kind = 'reset-password') as reset_mail,
          (select count(*)::int from mail_outbox where kind = 'your-data') as data_mail,
          (select count(*)::int from data_requests where kind = 'link') as recorded,
          (select count(*)::int from mail_outbox where to_address is not null) as addresses_kept`,
      );
      expect(made).toEqual({
        reset_links: 1,
        data_links: 1,
        reset_mail: 1,
        data_mail: 1,
        recorded: 1,
        addresses_kept: 0,
      });
    } finally {
      await app.close();
      for (const database of databases) await database.close();
    }
  });
});
