import { randomBytes } from "node:crypto";
import { staffLifetimes } from "@ysp/contract/staff";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { staffMembers, staffSessions } from "../db/schema.ts";
import { hashToken } from "../mail/link-tokens.ts";
import type { StaffMember } from "./members.ts";

const idleMs = staffLifetimes.idle.seconds * 1000;
const sessionMs = staffLifetimes.session.seconds * 1000;
/**
 * A request moves the session's last request on only when the one on record is a minute old: a
 * dashboard's page and its CSV links then cost one write a minute, and idleness is still
 * measured to the minute of 30.
 */
const touchEveryMs = 60_000;

/**
 * Staff logins. The cookie holds 256 random bits; the row keeps only their SHA-256, so a copy of
 * the database opens no session. A session is live while it has not ended, its member is not
 * removed, its last request is under 30 minutes old and its login under 12 hours.
 */
export function createStaffSessions(db: Db, now: () => number = Date.now) {
  return {
    async start(memberId: string): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const at = new Date(now());
      await db.insert(staffSessions).values({
        staffMemberId: memberId,
        tokenHash: hashToken(token),
        createdAt: at,
        lastSeenAt: at,
      });
      return token;
    },

    /** The member of a live session, which this request keeps alive. */
    async memberOf(token: string): Promise<StaffMember | undefined> {
      const at = now();
      const [row] = await db
        .select({
          id: staffMembers.id,
          email: staffMembers.email,
          role: staffMembers.role,
          sessionId: staffSessions.id,
          lastSeenAt: staffSessions.lastSeenAt,
        })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffMemberId))
        .where(
          and(
            eq(staffSessions.tokenHash, hashToken(token)),
            isNull(staffSessions.endedAt),
            isNull(staffMembers.removedAt),
            gt(staffSessions.lastSeenAt, new Date(at - idleMs)),
            gt(staffSessions.createdAt, new Date(at - sessionMs)),
          ),
        );
      if (!row) return undefined;
      if (at - row.lastSeenAt.getTime() >= touchEveryMs)
        await db
          .update(staffSessions)
          .set({ lastSeenAt: new Date(at) })
          .where(
            and(eq(staffSessions.id, row.sessionId), lt(staffSessions.lastSeenAt, new Date(at))),
          );
      return { id: row.id, email: row.email, role: row.role };
    },

    async end(token: string) {
      await db
        .update(staffSessions)
        .set({ endedAt: new Date(now()) })
        .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.endedAt)));
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
