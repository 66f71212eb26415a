import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TokenHolder } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { authSessions, users } from "../db/schema.ts";
import { createTokenRotations } from "./token-rotations.ts";

/** A session of a student: `id` of `userId`. */
export type SessionIds = { id: string; userId: string };

/** The most sessions a list gives, the most recently used. */
export const listedSessions = 100;

/** How a session logged in: with the password, or with Google. */
export type LoggedInVia = (typeof authSessions.$inferSelect)["via"];

/** A live session as its account sees it: `device` is the User-Agent it logged in with. */
export type SessionRow = {
  id: string;
  device: string | null;
  via: LoggedInVia;
  createdAt: Date;
  lastUsedAt: Date;
};

export type SessionRecords = ReturnType<typeof createSessionRecords>;

/**
 * The live session's current token and when (ms) it replaced `jti`, its token just before: a
 * refresh sent again within the grace is answered from it (auth/sessions.ts).
 */
const rotatedFromStatement = (db: Db) =>
  db
    .select({
      currentJti: authSessions.currentJti,
      rotatedAt: sql<number>`round(extract(epoch from ${authSessions.rotatedAt}) * 1000)::float8`,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.id, sql.placeholder("id")),
        eq(authSessions.userId, sql.placeholder("userId")),
        eq(authSessions.previousJti, sql.placeholder("jti")),
        isNull(authSessions.revokedAt),
      ),
    )
    .prepare("find_rotated_from");

// A refresh moves `rotated_at`, so it is the session's last use; never refreshed, its login.
const lastUsed = sql<Date>`coalesce(${authSessions.rotatedAt}, ${authSessions.createdAt})`;

/** The account's live sessions at the asking token's epoch, the asking one first. */
const liveSessionsStatement = (db: Db) =>
  db
    .select({
      id: authSessions.id,
      device: authSessions.device,
      via: authSessions.via,
      createdAt: authSessions.createdAt,
      lastUsedAt: lastUsed.mapWith(authSessions.createdAt),
    })
    .from(authSessions)
    // Only while the account is at the epoch the asking token names: with the asking session
    // among the rows, this one statement is also the bearer token's check (routes/sessions.ts).
    .innerJoin(
      users,
      and(eq(users.id, authSessions.userId), eq(users.credentialsEpoch, sql.placeholder("epoch"))),
    )
    .where(
      and(
        eq(authSessions.userId, sql.placeholder("userId")),
        isNull(authSessions.revokedAt),
        sql`${lastUsed} > ${sql.placeholder("since")}`,
      ),
    )
    // The asking session first, so it is listed however many others were used since.
    .orderBy(
      sql`${authSessions.id} = ${sql.placeholder("current")} desc nulls last`,
      desc(lastUsed),
    )
    // Logins are limited to 10 a minute per address, which still allows some 100,000 sessions
    // a week: the answer is bounded, and a student has a few devices, not a hundred.
    .limit(listedSessions)
    .prepare("live_sessions");

/**
 * The rows behind login sessions. A session records the one refresh token
 * (`jti`) that may still be used; using it records its successor. The tokens
 * themselves are signed in auth/sessions.ts.
 */
export function createSessionRecords(db: Db) {
  const insertSession = db
    .insert(authSessions)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      currentJti: sql.placeholder("jti"),
      device: sql.placeholder("device"),
      via: sql.placeholder("via"),
      createdAt: sql.placeholder("createdAt"),
    })
    .prepare("insert_session");
  const rotations = createTokenRotations(db);
  const revokeSession = db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.id, sql.placeholder("id")),
        eq(authSessions.userId, sql.placeholder("userId")),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id })
    .prepare("revoke_session");
  const findRotatedFrom = rotatedFromStatement(db);
  const liveSessions = liveSessionsStatement(db);
  // Already ended is ended: the row is the account's either way, and the answer the same.
  const endOwnSession = db
    .update(authSessions)
    .set({ revokedAt: sql`coalesce(${authSessions.revokedAt}, now())` })
    .where(
      and(
        eq(authSessions.id, sql.placeholder("id")),
        eq(authSessions.userId, sql.placeholder("userId")),
      ),
    )
    .returning({ id: authSessions.id })
    .prepare("end_own_session");

  return {
    /**
     * Records a new session whose current token is `jti`, made at `createdAt` by the clock its
     * tokens are signed with, as its rotations are: its age and its tokens' agree.
     */
    async insert(
      session: SessionIds & {
        jti: string;
        device: string | null;
        via: LoggedInVia;
        createdAt: Date;
      },
    ): Promise<void> {
      await insertSession.execute(session);
    },
    /** Moves a live session from token `jti` to `next` at `at`; false when it did not hold `jti`. */
    rotate: rotations.rotate,
    /**
     * The live session's current token and when (ms) it replaced `jti`, when `jti` is the
     * token just before it; undefined otherwise.
     */
    async rotatedFrom(
      session: SessionIds & { jti: string },
    ): Promise<{ currentJti: string; rotatedAt: number } | undefined> {
      const [row] = await findRotatedFrom.execute(session);
      return row;
    },
    /**
     * The account's sessions still live, while it is at `holder`'s epoch: not ended, and used
     * since `since` (a refresh token unused for its lifetime has expired, and its session with
     * it). Session `current` first, then the most recently used, `listedSessions` at most.
     */
    async live(holder: TokenHolder, since: Date, current: string | null): Promise<SessionRow[]> {
      return liveSessions.execute({ ...holder, since, current });
    },
    /** Ends the account's session `id`, live or not; false when the account has no such session. */
    async end(ids: SessionIds): Promise<boolean> {
      const [ended] = await endOwnSession.execute(ids);
      return ended !== undefined;
    },
    /** Ends those of the sessions `ids` that are `userId`'s and live, in one statement. */
    async endMany(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(authSessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(authSessions.userId, userId),
            inArray(authSessions.id, ids),
            isNull(authSessions.revokedAt),
          ),
        );
    },
    /** Ends a live session; false when there was none to end. */
    async revoke(ids: SessionIds): Promise<boolean> {
      const [revoked] = await revokeSession.execute(ids);
      return revoked !== undefined;
    },
  };
}
