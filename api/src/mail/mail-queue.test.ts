import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasesForFile } from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox, users } from "../db/schema.ts";
import { type ClaimedMail, createMailQueue } from "./mail-queue.ts";

const databases = databasesForFile();
const quiet = { warn: () => {}, info: () => {} };

describe.each(databases)("the mail queue on $name", (testDb) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDb.open();
  }, 60_000);
  afterAll(() => database.close());

  const newStudent = async (firstName: string) => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: `${randomUUID()}@example.com`,
        firstName,
        lastName: "Obi",
        passwordHash: "not a real hash",
        referralCode: randomUUID().slice(0, 8),
      })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new Error("no student made");
    return user;
  };

  it("claims each message with its account's address and first name, read in the claim", async () => {
    // The tests before may have left rows: this one sends its own only.
    await database.db.delete(mailOutbox);
    const student = await newStudent("Adaeze");
    const queue = createMailQueue(database.db, quiet);
    const toStudent = await queue.enqueue(database.db, {
      kind: "verify-email",
      userId: student.id,
      nonce: "n1",
    });
    const deleted = await queue.enqueue(database.db, {
      kind: "account-deleted",
      nonce: null,
      toAddress: "left@example.com",
    });
    // Renamed after the message was queued: the words are the account's as it is when sent.
    await database.db.update(users).set({ firstName: "Ada" }).where(eq(users.id, student.id));

    const claimed = new Map<string, ClaimedMail>();
    queue.work(
      async (id, mail) => {
        claimed.set(id, mail);
        return { outcome: "sent" };
      },
      () => false,
    );
    try {
      await until(() => claimed.size === 2, "both messages claimed");
    } finally {
      await queue.stop();
    }
    expect(claimed.get(toStudent)).toMatchObject({
      kind: "verify-email",
      userId: student.id,
      nonce: "n1",
      student: { email: student.email, firstName: "Ada" },
    });
    // A deleted account's own rows go with it (on delete cascade): its last message names no account.
    expect(claimed.get(deleted)).toMatchObject({ toAddress: "left@example.com", student: null });
  });
});
