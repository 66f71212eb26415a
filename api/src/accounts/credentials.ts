import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { TokenHolder } from "../auth/tokens.ts";
import type { Db, Tx } from "../db/client.ts";
import { accountLinks, authSessions, guardianRequests, users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";

/**
 * Ends every session of the account inside `tx`, access tokens included: its credentials epoch
 * moves on (access and data tokens name the epoch they were issued in, and an older one is
 * refused where the account is read) and every session ends, so no refresh token mints a token
 * of the old epoch. Returns the new epoch, or undefined when the account's epoch was no longer
 * `from` (another change moved it first: its sessions are already ended).
 *
 * This alone is "log out everywhere": links by mail stay good, since they reach only the
 * mailbox, and a student who logs every phone out may be doing it because of a reset link they
 * have just asked for; a parent's pending request is the parent's to answer.
 *
 * Why a counter and not a time: two tokens signed in the same second as the change would be
 * told apart by nothing, and a counter costs the same single-row read on the paths that check it.
 */
export async function endSessions(
  tx: Tx,
  userId: string,
  at: Date,
  from?: number,
): Promise<number | undefined> {
  const [moved] = await tx
    .update(users)
    .set({ credentialsEpoch: sql`${users.credentialsEpoch} + 1` })
    .where(
      from === undefined
        ? eq(users.id, userId)
        : and(eq(users.id, userId), eq(users.credentialsEpoch, from)),
    )
    .returning({ epoch: users.credentialsEpoch });
  if (!moved) return undefined;
  await tx
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  return moved.epoch;
}

/**
 * Ends every power issued to the account before now, inside `tx`: every session and token
 * (endSessions), and its unused links, those sent to the student and a request pending with a
 * parent. Called by a new password (a reset, or a change while logged in): whoever held the old
 * password may have asked for them. A deleted account needs none of it, since its row and
 * everything hanging from it are gone.
 */
export async function endCredentials(tx: Tx, userId: string, at: Date): Promise<number> {
  const epoch = await endSessions(tx, userId, at);
  if (epoch === undefined) throw new Error(`No account ${userId} to end the credentials of`);
  await endLinks(tx, userId, at);
  await tx
    .update(guardianRequests)
    .set({ replacedAt: at })
    .where(
      and(
        eq(guardianRequests.userId, userId),
        isNull(guardianRequests.answeredAt),
        isNull(guardianRequests.replacedAt),
      ),
    );
  return epoch;
}

/**
 * Ends every unused link the account was sent, inside `tx`, but the links that put an old address
 * back: those are the old address's power against whoever changed it, who may well be the one
 * changing the password or the address now (email-changes.ts).
 */
export const endLinks = (tx: Tx, userId: string, at: Date) =>
  tx
    .update(accountLinks)
    .set({ replacedAt: at })
    .where(
      and(
        eq(accountLinks.userId, userId),
        ne(accountLinks.purpose, "undo_email_change"),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.replacedAt),
      ),
    );

export type Credentials = ReturnType<typeof createCredentials>;

/**
 * What a logged-in student does to their own credentials: log out everywhere, and change the
 * password. Times come from the app's clock (`now`), as sessions' do.
 */
export function createCredentials(db: Db, queue: MailQueue, now: () => number) {
  return {
    /**
     * Ends every session of the account whose epoch `holder` names. Two at once move the epoch
     * once: the second finds it moved, and its sessions already ended.
     */
    logOutEverywhere: (holder: TokenHolder): Promise<void> =>
      db.transaction(async (tx) => {
        await endSessions(tx, holder.userId, new Date(now()), holder.epoch);
      }),

    /**
     * Replaces the password `oldHash`, checked against the current password, by `newHash`,
     * ends every power issued before (credentials.ts endCredentials) and queues "Your password
     * was changed": all or nothing. The new epoch; undefined when the password or the epoch
     * changed since `holder` was read (two changes at once: one wins, the other's token is old).
     */
    async changePassword(
      holder: TokenHolder,
      oldHash: string,
      newHash: string,
    ): Promise<number | undefined> {
      const epoch = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ passwordHash: newHash })
          .where(
            and(
              eq(users.id, holder.userId),
              eq(users.credentialsEpoch, holder.epoch),
              eq(users.passwordHash, oldHash),
            ),
          )
          .returning({ id: users.id });
        if (!changed) return undefined;
        const moved = await endCredentials(tx, holder.userId, new Date(now()));
        await queue.enqueue(tx, { kind: "password-changed", userId: holder.userId, nonce: null });
        return moved;
      });
      if (epoch !== undefined) queue.wake();
      return epoch;
    },
  };
}
