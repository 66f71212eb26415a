import { hash } from "@node-rs/argon2";
import { authMessages } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../../test/expectations.ts";
import { countAccounts, databasesForFile, makeApp, post } from "../../test/harness.ts";
import { argon2Options } from "../auth/passwords.ts";
import { queryRows } from "../db/client.ts";
import { users } from "../db/schema.ts";

const signupApi = "/api/v1/auth/signup/";
const loginApi = "/api/v1/auth/login/";
const postgres = databasesForFile().find((testDb) => testDb.name === "postgres");

/**
 * A sign-up whose email is taken costs a second password check: is it the same
 * student's sign-up again? When the hashing pool has no room for that check, the
 * student must be told to try again, not that the email is taken.
 *
 * The moment is made certain on a real PostgreSQL server: a transaction that has
 * deleted the account's row, uncommitted, holds the repeated sign-up's insert
 * after its hash; a login against a deliberately slow hash then takes the pool's
 * one worker; the rollback lets the insert fail into the repeat check.
 */
describe.skipIf(!postgres)("the repeat check when password hashing is full", () => {
  it("answers 503 service_busy with Retry-After, makes no account, and the repeat succeeds once there is room", {
    timeout: 60_000,
  }, async () => {
    if (!postgres) throw new Error("needs a PostgreSQL server");
    const database = await postgres.open();
    const app = await makeApp(database, { hash: { workers: 1, maxQueued: 0, nice: 10 } });
    try {
      const student = makeStudent();
      expect((await post(app, signupApi, student)).statusCode).toBe(201);
      // Fifty times the service's work: seconds in the worker, against the milliseconds the repeat check needs to reach it.
      const slow = makeStudent();
      await database.db.insert(users).values({
        email: slow.email,
        firstName: slow.first_name,
        lastName: slow.last_name,
        passwordHash: await hash(slow.password, { ...argon2Options, timeCost: 100 }),
        referralCode: "SLOW42",
      });

      const deleted = Promise.withResolvers<void>();
      const released = Promise.withResolvers<void>();
      const holding = database.db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.email, student.email));
        deleted.resolve();
        await released.promise;
        tx.rollback();
      });
      await deleted.promise;

      const repeated = post(app, signupApi, student);
      const waitingOnLock = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )
        )[0]?.n;
      await vi.waitFor(async () => expect(await waitingOnLock()).toBe(1), {
        timeout: 20_000,
        interval: 10,
      });

      const slowLogin = post(app, loginApi, { email: slow.email, password: slow.password });
      // An unknown invite code is answered before any hashing: 503 only while the worker is taken.
      const probe = () =>
        post(app, signupApi, makeStudent({ referral_code: "NOPE99" })).then((a) => a.statusCode);
      await vi.waitFor(async () => expect(await probe()).toBe(503), {
        timeout: 20_000,
        interval: 5,
      });
      released.resolve();
      await expect(holding).rejects.toBeInstanceOf(TransactionRollbackError);

      const answer = await repeated;
      expectErrorShape(answer, 503, "repeat check with no room");
      expect(answer.json().errors).toEqual([
        { code: "service_busy", detail: authMessages.busy, attr: null },
      ]);
      expect(answer.headers["retry-after"]).toBe("1");
      expectSecurityHeaders(answer, "repeat check with no room");
      expect(await countAccounts(database, student.email)).toBe(1);

      expect((await slowLogin).statusCode).toBe(200);
      expect((await post(app, signupApi, student)).statusCode).toBe(201);
      expect(await countAccounts(database, student.email)).toBe(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
