import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { accountLinks, authSessions, guardianRequests, users } from "../db/schema.ts";

/**
 * Ends every power issued to the account before now, inside `tx`: its credentials epoch moves on
 * (access and data tokens name the epoch they were issued in, and an older one is refused where
 * the account is read), every session ends (so no refresh token mints a token of the old epoch),
 * and its unused links, those sent to the student and a request pending with a parent, stop
 * working. Called by a new password (a reset today); a deleted account needs none of it, since
 * its row and everything hanging from it are gone.
 *
 * Why a counter and not a time: two tokens signed in the same second as the change would be
 * told apart by nothing, and a counter costs the same single-row read on the paths that check it.
 */
export async function endCredentials(tx: Tx, userId: string, at: Date): Promise<number> {
  const [moved] = await tx
    .update(users)
    .set({ credentialsEpoch: sql`${users.credentialsEpoch} + 1` })
    .where(eq(users.id, userId))
    .returning({ epoch: users.credentialsEpoch });
  if (!moved) throw new Error(`No account ${userId} to end the credentials of`);
  await tx
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await tx
    .update(accountLinks)
    .set({ replacedAt: at })
    .where(
      and(
        eq(accountLinks.userId, userId),
        isNull(accountLinks.usedAt),
        isNull(accountLinks.replacedAt),
      ),
    );
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
  return moved.epoch;
}
