import { and, eq, isNull } from "drizzle-orm";
import { keyedHmac } from "../auth/keyed-hmac.ts";
import type { Db, Tx } from "../db/client.ts";
import { dataRequests } from "../db/schema.ts";

export type DataRequestKind = (typeof dataRequests.$inferSelect)["kind"];

export type DataRequests = ReturnType<typeof createDataRequests>;

/** How a request's address is kept: an HMAC, under a key derived from JWT_SECRET. */
export function addressHasher(secret: string): (email: string) => string {
  const hmac = keyedHmac(secret, "ysp data request addresses");
  return (email) => hmac(email.trim().toLowerCase());
}

/**
 * The record of every request about a person's data, which staff list with npm run
 * data-requests. It holds no personal data: the address only as an HMAC under a key derived from
 * JWT_SECRET (the salt), so a row can be matched to an address someone gives, and to nothing
 * else. Rotating JWT_SECRET ends that matching for older rows, not the list.
 */
export function createDataRequests(db: Db, secret: string, now: () => number) {
  const emailHash = addressHasher(secret);

  return {
    emailHash,
    /**
     * Records a request, in `tx` when it is part of one; `done` says it was carried out at once,
     * `outcome` how it ended.
     */
    async record(
      kind: DataRequestKind,
      email: string,
      { done = true, outcome = null }: { done?: boolean; outcome?: string | null } = {},
      tx: Tx | Db = db,
    ): Promise<void> {
      const at = new Date(now());
      await tx.insert(dataRequests).values({
        kind,
        emailHash: emailHash(email),
        askedAt: at,
        doneAt: done ? at : null,
        outcome,
      });
    },
    /** Ends the unfinished requests of this kind for the address, saying how. */
    async finish(tx: Tx, kind: DataRequestKind, email: string, outcome: string): Promise<void> {
      await tx
        .update(dataRequests)
        .set({ doneAt: new Date(now()), outcome })
        .where(
          and(
            eq(dataRequests.kind, kind),
            eq(dataRequests.emailHash, emailHash(email)),
            isNull(dataRequests.doneAt),
          ),
        );
    },
  };
}
