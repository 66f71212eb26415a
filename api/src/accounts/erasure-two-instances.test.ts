import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databasesForFile, makeApp, post } from "../../test/harness.ts";
import { queryRows } from "../db/client.ts";

const postgres = databasesForFile().find((db) => db.name === "postgres");

describe.skipIf(!postgres)("the erasure after a guardian's refusal, with two instances", () => {
  it("erases each account once, with one last message, when both sweep at the same moment", async () => {
    if (!postgres) return;
    const databases = await postgres.openTwice();
    const apps = await Promise.all(databases.map((database) => makeApp(database)));
    const [first, second] = apps;
    if (!first || !second) throw new Error("two apps expected");
    try {
      const students = Array.from({ length: 12 }, () => makeStudent());
      for (const student of students)
        expect((await post(first, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      // Each refused 31 days ago: due for erasure (30 days) at the next sweep of either instance.
      await databases[0].db.execute(
        sql`insert into consent_records (user_id, kind, created_at)
            select id, 'guardian_refused', now() - interval '31 days' from users`,
      );

      const [byFirst, bySecond] = await Promise.all([
        first.eraseRefusedAccounts(),
        second.eraseRefusedAccounts(),
      ]);
      expect(byFirst + bySecond).toBe(students.length);
      const [left] = await queryRows<{ users: number; last: number }>(
        databases[0].db,
        sql`select (select count(*)::int from users) as users,
                   (select count(*)::int from mail_outbox where kind = 'account-deleted') as last`,
      );
      expect(left).toEqual({ users: 0, last: students.length });
      expect(await second.eraseRefusedAccounts()).toBe(0);
    } finally {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
    }
  });
});
