import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasesForFile } from "../../test/harness.ts";
import type { Database } from "../db/client.ts";
import { authSessions, users } from "../db/schema.ts";
import { createTokenRotations } from "./token-rotations.ts";

const databases = databasesForFile();
const at = Date.now();

describe.each(databases)("token rotations on $name", (testDb) => {
  let database: Database;
  let userId = "";
  beforeAll(async () => {
    database = await testDb.open();
    const [user] = await database.db
      .insert(users)
      .values({
        email: `${randomUUID()}@example.com`,
        firstName: "Ada",
        lastName: "Obi",
        passwordHash: "not a real hash",
        referralCode: randomUUID().slice(0, 8),
      })
      .returning({ id: users.id });
    userId = user?.id ?? "";
  }, 60_000);
  afterAll(() => database.close());

  async function newSession() {
    const session = { id: randomUUID(), userId, currentJti: randomUUID() };
    await database.db.insert(authSessions).values(session);
    return session;
  }
  const currentJti = async (id: string) =>
    (await database.db.select().from(authSessions).where(eq(authSessions.id, id)))[0]?.currentJti;

  it("rotates many sessions in one statement, each only from its current token", async () => {
    const rotations = createTokenRotations(database.db);
    const sessions = await Promise.all(Array.from({ length: 50 }, newSession));
    const stale = await newSession();
    const revoked = await newSession();
    await database.db
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(authSessions.id, revoked.id));

    const next = sessions.map(() => randomUUID());
    const results = await Promise.all([
      ...sessions.map((s, i) =>
        rotations.rotate({ at, id: s.id, userId, jti: s.currentJti, next: next[i] ?? "" }),
      ),
      rotations.rotate({ at, id: stale.id, userId, jti: randomUUID(), next: randomUUID() }),
      rotations.rotate({
        at,
        id: revoked.id,
        userId,
        jti: revoked.currentJti,
        next: randomUUID(),
      }),
      rotations.rotate({
        at,
        id: sessions[0]?.id ?? "",
        userId: randomUUID(),
        jti: sessions[0]?.currentJti ?? "",
        next: randomUUID(),
      }),
    ]);
    expect(results).toEqual([...sessions.map(() => true), false, false, false]);
    expect(await Promise.all(sessions.map((s) => currentJti(s.id)))).toEqual(next);
    // The token each rotated from is kept, for a retry whose answer was lost.
    const [first] = await database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessions[0]?.id ?? ""));
    expect(first?.previousJti).toBe(sessions[0]?.currentJti);
    expect(first?.rotatedAt?.getTime()).toBe(at);
    expect(await currentJti(stale.id)).toBe(stale.currentJti);
  });

  it("of many uses of one token at once, exactly one rotates it", async () => {
    const rotations = createTokenRotations(database.db);
    const session = await newSession();
    const next = Array.from({ length: 20 }, () => randomUUID());
    const results = await Promise.all(
      next.map((n) =>
        rotations.rotate({ at, id: session.id, userId, jti: session.currentJti, next: n }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await currentJti(session.id)).toBe(next[results.indexOf(true)]);
  });
});
