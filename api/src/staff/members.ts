import { normalizeEmail } from "@ysp/contract/email";
import { type StaffRole, staffLifetimes } from "@ysp/contract/staff";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { storedDevice } from "../auth/devices.ts";
import { type Db, queryRows } from "../db/client.ts";
import { staffMembers, staffPasskeys, staffSessions } from "../db/schema.ts";
import { hashToken, type LinkTokens } from "../mail/link-tokens.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { StoredPasskey } from "./passkeys.ts";

/** A member of staff as the staff area reads them. */
export type StaffMember = { id: string; email: string; role: StaffRole };

const member = {
  id: staffMembers.id,
  email: staffMembers.email,
  role: staffMembers.role,
};

const enrolMs = staffLifetimes.enrol.seconds * 1000;

/**
 * The company's staff: who they are, their enrolment links and their passkeys. A member invited
 * again gets a new link (the old one stops working) and the role given; a removed member
 * invited again comes back. Removal is at once: every read below asks for a member who is not
 * removed.
 */
export function createStaffMembers(
  db: Db,
  { tokens, queue, now = Date.now }: { tokens: LinkTokens; queue: MailQueue; now?: () => number },
) {
  const active = isNull(staffMembers.removedAt);

  return {
    async invite(email: string, role: StaffRole, invitedBy: string | null): Promise<StaffMember> {
      const address = normalizeEmail(email);
      const { nonce, tokenHash } = tokens.issue();
      const enrolExpiresAt = new Date(now() + enrolMs);
      const invited = await db.transaction(async (tx) => {
        // On the address in lower case, as its unique index: Drizzle's onConflict takes columns only.
        const [row] = await queryRows<StaffMember>(
          tx,
          sql`insert into ${staffMembers} (email, role, invited_by, enrol_token_hash, enrol_expires_at)
              values (${address}, ${role}, ${invitedBy}, ${tokenHash}, ${enrolExpiresAt})
              on conflict (lower(email)) do update set role = excluded.role,
                enrol_token_hash = excluded.enrol_token_hash,
                enrol_expires_at = excluded.enrol_expires_at, removed_at = null
              returning id, email, role`,
        );
        if (!row) throw new Error(`Inviting ${address} returned no row`);
        await queue.enqueue(tx, { kind: "staff-enrol", staffMemberId: row.id, nonce });
        return row;
      });
      queue.wake();
      return invited;
    },

    /** The member an enrolment link is for, while it is unused, unexpired and they are not removed. */
    async byEnrolToken(token: string): Promise<StaffMember | undefined> {
      const [row] = await db
        .select(member)
        .from(staffMembers)
        .where(
          and(
            eq(staffMembers.enrolTokenHash, hashToken(token)),
            gt(staffMembers.enrolExpiresAt, new Date(now())),
            active,
          ),
        );
      return row;
    },

    /**
     * Registers a passkey with an enrolment link, which it uses up: of two registrations with one
     * link at once, the one whose update finds the link still there wins, and the other adds
     * nothing.
     */
    async enrol(token: string, passkey: StoredPasskey, userAgent?: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(staffMembers)
          .set({ enrolTokenHash: null, enrolExpiresAt: null })
          .where(
            and(
              eq(staffMembers.enrolTokenHash, hashToken(token)),
              gt(staffMembers.enrolExpiresAt, new Date(now())),
              active,
            ),
          )
          .returning({ id: staffMembers.id });
        if (!used) return false;
        await tx
          .insert(staffPasskeys)
          .values({ ...passkey, staffMemberId: used.id, device: storedDevice(userAgent) });
        return true;
      });
    },

    /** A passkey made by a member logged in, on the browser of `userAgent`. */
    async addPasskey(memberId: string, passkey: StoredPasskey, userAgent?: string) {
      await db
        .insert(staffPasskeys)
        .values({ ...passkey, staffMemberId: memberId, device: storedDevice(userAgent) });
    },

    /** A passkey and its member, when the member is not removed. */
    async passkey(
      id: string,
    ): Promise<{ passkey: StoredPasskey; member: StaffMember } | undefined> {
      const [row] = await db
        .select({
          passkey: {
            id: staffPasskeys.id,
            publicKey: staffPasskeys.publicKey,
            counter: staffPasskeys.counter,
            transports: staffPasskeys.transports,
          },
          member,
        })
        .from(staffPasskeys)
        .innerJoin(staffMembers, eq(staffMembers.id, staffPasskeys.staffMemberId))
        .where(and(eq(staffPasskeys.id, id), active));
      return row;
    },

    async passkeyUsed(id: string, counter: number) {
      await db
        .update(staffPasskeys)
        .set({ counter, lastUsedAt: new Date(now()) })
        .where(eq(staffPasskeys.id, id));
    },

    passkeysOf: (memberId: string) =>
      db
        .select({
          id: staffPasskeys.id,
          publicKey: staffPasskeys.publicKey,
          counter: staffPasskeys.counter,
          transports: staffPasskeys.transports,
          device: staffPasskeys.device,
          createdAt: staffPasskeys.createdAt,
          lastUsedAt: staffPasskeys.lastUsedAt,
        })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffMemberId, memberId))
        .orderBy(asc(staffPasskeys.createdAt)),

    /**
     * Removes one of a member's passkeys, but never their last: with none, they could not log in
     * again without a new invitation. False when it was their last or not theirs.
     */
    async removePasskey(memberId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(staffPasskeys)
        .where(
          and(
            eq(staffPasskeys.id, id),
            eq(staffPasskeys.staffMemberId, memberId),
            sql`(select count(*) from ${staffPasskeys} where staff_member_id = ${memberId}) > 1`,
          ),
        )
        .returning({ id: staffPasskeys.id });
      return removed.length === 1;
    },

    list: () =>
      db
        .select({ ...member, createdAt: staffMembers.createdAt, removedAt: staffMembers.removedAt })
        .from(staffMembers)
        .orderBy(asc(staffMembers.email)),

    /**
     * Removes a member and ends every session of theirs, in one transaction (a session's every
     * read also asks for a member not removed, so nothing of theirs opens even between the two).
     */
    remove: (memberId: string): Promise<void> =>
      db.transaction(async (tx) => {
        const at = new Date(now());
        await tx
          .update(staffMembers)
          .set({ removedAt: at, enrolTokenHash: null, enrolExpiresAt: null })
          .where(and(eq(staffMembers.id, memberId), active));
        await tx
          .update(staffSessions)
          .set({ endedAt: at })
          .where(and(eq(staffSessions.staffMemberId, memberId), isNull(staffSessions.endedAt)));
      }),
  };
}

export type StaffMembers = ReturnType<typeof createStaffMembers>;
