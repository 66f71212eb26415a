import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile, signUpAndLogIn } from "../../test/harness.ts";
import { accountLinks, users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import { createCredentials, endCredentials, endLinks } from "./credentials.ts";

/**
 * The credentials epoch's rules on the module itself: what the API's tests (credentials.test.ts,
 * the sessions tests) cannot see through a route, such as two log-outs of one epoch, or the queue
 * woken only when a change went through.
 */
const suite = appOnDatabase(pgliteForFile());
const at = new Date("2026-11-29T09:00:00Z");

/** A queue that records what it is asked: the change's message, and each wake. */
function recordingQueue() {
  const asked = { enqueued: 0, woken: 0 };
  const queue = {
    enqueue: async () => {
      asked.enqueued++;
      return randomUUID();
    },
    wake: () => {
      asked.woken++;
    },
  } as unknown as MailQueue;
  return { queue, asked };
}

/** A new account: its id, and its row's epoch and password hash. */
async function account() {
  const userId = (await signUpAndLogIn(suite.app)).json().user.id as string;
  const [row] = await suite.database.db
    .select({ epoch: users.credentialsEpoch, hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.hash) throw new Error("the new account has no password");
  return { userId, epoch: row.epoch, hash: row.hash };
}

const epochOf = async (userId: string) =>
  (
    await suite.database.db
      .select({ epoch: users.credentialsEpoch })
      .from(users)
      .where(eq(users.id, userId))
  )[0]?.epoch;

describe("the credentials epoch", () => {
  it("moves once for two log-outs of the same epoch", async () => {
    const { userId, epoch } = await account();
    const credentials = createCredentials(suite.database.db, recordingQueue().queue, () => +at);
    await credentials.logOutEverywhere({ userId, epoch });
    await credentials.logOutEverywhere({ userId, epoch });
    expect(await epochOf(userId)).toBe(epoch + 1);
  });

  it("wakes the mail queue after a change of password, and not after one that lost", async () => {
    const { userId, epoch, hash } = await account();
    const { queue, asked } = recordingQueue();
    const credentials = createCredentials(suite.database.db, queue, () => +at);
    expect(await credentials.changePassword({ userId, epoch }, hash, "new-hash")).toBe(epoch + 1);
    expect(asked).toEqual({ enqueued: 1, woken: 1 });
    // The same change again: the password and the epoch have moved, so nothing happens.
    expect(await credentials.changePassword({ userId, epoch }, hash, "newer-hash")).toBeUndefined();
    expect(asked).toEqual({ enqueued: 1, woken: 1 });
  });

  it("cannot end the credentials of an account that is not there", async () => {
    const missing = randomUUID();
    await expect(
      suite.database.db.transaction((tx) => endCredentials(tx, missing, at)),
    ).rejects.toThrow(`No account ${missing} to end the credentials of`);
  });

  it("ends every unused link but the way back to an old address", async () => {
    const { userId } = await account();
    const link = (purpose: "reset_password" | "undo_email_change") => ({
      userId,
      purpose,
      tokenHash: randomUUID(),
      expiresAt: new Date(+at + 3_600_000),
    });
    await suite.database.db
      .insert(accountLinks)
      .values([link("reset_password"), link("undo_email_change")]);
    await suite.database.db.transaction((tx) => endLinks(tx, userId, at));
    const rows = await suite.database.db
      .select({ purpose: accountLinks.purpose, replacedAt: accountLinks.replacedAt })
      .from(accountLinks)
      .where(eq(accountLinks.userId, userId));
    const ended = Object.fromEntries(rows.map((row) => [row.purpose, row.replacedAt !== null]));
    expect(ended).toMatchObject({ reset_password: true, undo_email_change: false });
  });
});
