import { dataRightsLifetimes, type LinkProblem, linkLifetimes } from "@ysp/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { accountLinks, authSessions, users } from "../db/schema.ts";
import { hashToken, type LinkTokens } from "../mail/link-tokens.ts";
import type { MailKind, MailQueue } from "../mail/mail-queue.ts";
import { lockStudent } from "./students.ts";

export type LinkPurpose = (typeof accountLinks.$inferSelect)["purpose"];

const lifetimeMs: Record<LinkPurpose, number> = {
  verify_email: linkLifetimes.verifyEmail.seconds * 1000,
  reset_password: linkLifetimes.resetPassword.seconds * 1000,
  your_data: dataRightsLifetimes.yourData.seconds * 1000,
};

const mailKind = {
  verify_email: "verify-email",
  reset_password: "reset-password",
  your_data: "your-data",
} as const;

/** A link about to be written, with the message that carries it. */
export type NewLink = {
  purpose: LinkPurpose;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  mail: { kind: MailKind; nonce: string };
};

export type OpenedLink = { ok: true; userId: string } | { ok: false; problem: LinkProblem };

export type AccountLinks = ReturnType<typeof createAccountLinks>;

/**
 * The links sent by mail to confirm an address or reset a password: made in
 * the transaction of their cause with their message queued beside them, and
 * opened once. Times come from the app's clock (`now`), as sessions' do, so
 * tests can move it past a link's lifetime.
 */
export function createAccountLinks(
  db: Db,
  queue: MailQueue,
  tokens: LinkTokens,
  now: () => number,
) {
  function newLink(purpose: LinkPurpose): NewLink {
    const createdAt = new Date(now());
    const { nonce, tokenHash } = tokens.issue();
    return {
      purpose,
      tokenHash,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + lifetimeMs[purpose]),
      mail: { kind: mailKind[purpose], nonce },
    };
  }

  /** Ends the account's unused links of this purpose, makes a new one and queues its message. */
  async function issue(tx: Tx, userId: string, purpose: LinkPurpose): Promise<void> {
    const link = newLink(purpose);
    await tx
      .update(accountLinks)
      .set({ replacedAt: link.createdAt })
      .where(
        and(
          eq(accountLinks.userId, userId),
          eq(accountLinks.purpose, purpose),
          isNull(accountLinks.usedAt),
          isNull(accountLinks.replacedAt),
        ),
      );
    const { mail, ...row } = link;
    await tx.insert(accountLinks).values({ ...row, userId });
    await queue.enqueue(tx, { ...mail, userId });
  }

  type Link = typeof accountLinks.$inferSelect;
  const byToken = (token: string, purpose: LinkPurpose) =>
    and(eq(accountLinks.tokenHash, hashToken(token)), eq(accountLinks.purpose, purpose));

  const problemOf = (link: Link | undefined): LinkProblem | null => {
    if (!link) return "link_invalid";
    if (link.usedAt) return "link_used";
    if (link.replacedAt) return "link_replaced";
    if (link.expiresAt.getTime() <= now()) return "link_expired";
    return null;
  };

  /** Locks the link until `tx` ends, so two uses at once cannot both succeed, and uses it. */
  async function take(tx: Tx, token: string, purpose: LinkPurpose): Promise<OpenedLink> {
    const [link] = await tx
      .select()
      .from(accountLinks)
      .where(byToken(token, purpose))
      .for("update");
    const problem = problemOf(link);
    if (problem || !link) return { ok: false, problem: problem ?? "link_invalid" };
    await tx
      .update(accountLinks)
      .set({ usedAt: new Date(now()) })
      .where(eq(accountLinks.id, link.id));
    return { ok: true, userId: link.userId };
  }

  const markVerified = (tx: Tx, userId: string) =>
    tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${new Date(now())})` })
      .where(eq(users.id, userId));

  return {
    /** A new account's first link: written with the account itself (students.createStudent). */
    newLink,
    /** A link's message was queued in a transaction that has committed: send it now. */
    wake: () => queue.wake(),

    /** A link to confirm the address of an account not yet confirmed; nothing for any other. */
    async resendVerification(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked first: two requests at once would otherwise each end the links the other
        // cannot see yet, and both their links would work.
        const account = await lockStudent(tx, userId);
        if (account && !account.emailVerifiedAt) await issue(tx, userId, "verify_email");
      });
      queue.wake();
    },

    /** A link to reset the password, or (`your_data`) to see and manage the account's data. */
    async request(userId: string, purpose: "reset_password" | "your_data"): Promise<void> {
      await db.transaction(async (tx) => {
        if (await lockStudent(tx, userId)) await issue(tx, userId, purpose);
      });
      queue.wake();
    },

    /** Uses a link to the account's data, once. */
    openYourData: (token: string): Promise<OpenedLink> =>
      db.transaction((tx) => take(tx, token, "your_data")),

    /** Whether a token could be used now, without using it: a bad link is refused before any hashing. */
    async check(token: string, purpose: LinkPurpose): Promise<OpenedLink> {
      const [link] = await db.select().from(accountLinks).where(byToken(token, purpose));
      const problem = problemOf(link);
      return problem || !link
        ? { ok: false, problem: problem ?? "link_invalid" }
        : { ok: true, userId: link.userId };
    },

    async verifyEmail(token: string): Promise<OpenedLink> {
      return db.transaction(async (tx) => {
        const opened = await take(tx, token, "verify_email");
        if (opened.ok) await markVerified(tx, opened.userId);
        return opened;
      });
    },

    /**
     * Sets the new password, ends every session of the account (their refresh tokens stop
     * working at once), counts the address as confirmed (the link reached it) and queues the
     * notice: all or nothing.
     */
    async resetPassword(token: string, passwordHash: string): Promise<OpenedLink> {
      const opened = await db.transaction(async (tx) => {
        const taken = await take(tx, token, "reset_password");
        if (!taken.ok) return taken;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, taken.userId));
        await markVerified(tx, taken.userId);
        await tx
          .update(authSessions)
          .set({ revokedAt: new Date(now()) })
          .where(and(eq(authSessions.userId, taken.userId), isNull(authSessions.revokedAt)));
        await queue.enqueue(tx, { kind: "password-changed", userId: taken.userId, nonce: null });
        return taken;
      });
      if (opened.ok) queue.wake();
      return opened;
    },
  };
}
