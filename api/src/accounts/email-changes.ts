import { emailChangeLifetimes, type LinkProblem } from "@ysp/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { AccountLinks } from "./account-links.ts";
import { endCredentials, endLinks, endSessions } from "./credentials.ts";
import { isEmailTaken, removeAccount, reservation } from "./students.ts";

/** Why a confirm or an undo did nothing: its link, or its address now another account's. */
export type EmailChangeProblem = LinkProblem | "email_taken";
export type EmailChangeAnswer = { ok: true } | { ok: false; problem: EmailChangeProblem };

export type EmailChanges = ReturnType<typeof createEmailChanges>;

/** Another account that logs in with `email`, and whether that address is confirmed. */
async function ownerOf(tx: Tx, email: string, besides: string) {
  const [owner] = await tx
    .select({ id: users.id, referredBy: users.referredBy, confirmedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, besides)));
  return owner;
}

/** Whether another account's way back holds `email` at `at` (students.ts reservation). */
async function reservedFor(tx: Tx, email: string, besides: string, at: Date) {
  const [held] = await queryRows<{ user_id: string }>(tx, reservation(email, at));
  return held !== undefined && held.user_id !== besides;
}

/**
 * Whether `email` is another account's at `at`, as a login or as an address its way back
 * holds: no account but its own may then be given it (a change, a correction).
 */
export const heldByAnother = async (tx: Tx, email: string, besides: string, at: Date) =>
  (await ownerOf(tx, email, besides)) !== undefined || (await reservedFor(tx, email, besides, at));

/**
 * Changing the address an account logs in with. The new address proves itself by its link
 * before anything changes (the change never commits on a request alone: Supabase's issues #1820
 * and #2600); the old address is then told, with a link that puts it back, sent only where the
 * old address was confirmed, since an address never confirmed was never shown to be the
 * student's (a typo such as ada@gmial.com is someone else's mailbox, and its owner must not get
 * the power to take the account). While that way back can be used, its address is reserved: no
 * other account may sign up with it or change to it, so the undo can always give it back. Times
 * come from the app's clock (`now`), as links' do.
 */
export function createEmailChanges(
  db: Db,
  links: AccountLinks,
  queue: MailQueue,
  now: () => number,
) {
  /** Makes `email` the account's login, confirmed now (its link reached it): the time it did. */
  async function logInWith(tx: Tx, userId: string, email: string): Promise<Date> {
    const at = new Date(now());
    await tx.update(users).set({ email, emailVerifiedAt: at }).where(eq(users.id, userId));
    return at;
  }

  /** Runs a change of the account's address; a write another account's address refuses is `email_taken`. */
  async function changing(
    work: (tx: Tx) => Promise<EmailChangeAnswer>,
  ): Promise<EmailChangeAnswer> {
    try {
      const answer = await db.transaction(work);
      if (answer.ok) queue.wake();
      return answer;
    } catch (error) {
      // Signed up with, or changed to, by another account between our look and our write: the
      // transaction is rolled back, its link unused.
      if (isEmailTaken(error)) return { ok: false, problem: "email_taken" };
      throw error;
    }
  }

  return {
    /**
     * Asks to change `userId`'s address to `newEmail` (normalized, and not the account's own):
     * one pending change per account, so any earlier link stops working. When another account
     * has the address, no link is made and that account's owner is told instead; when another
     * account's way back holds it, no link is made and nobody is told (that account's login is
     * now whoever changed it). The caller answers the same either way.
     */
    async request(userId: string, newEmail: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Locked, so two requests at once end each other's links and one link works.
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!user) return;
        const owner = await ownerOf(tx, newEmail, userId);
        if (owner || (await reservedFor(tx, newEmail, userId, new Date(now())))) {
          await links.replaceUnused(tx, userId, "change_email", new Date(now()));
          if (owner)
            await queue.enqueue(tx, { kind: "email-change-taken", userId: owner.id, nonce: null });
        } else
          await links.issue(tx, userId, "change_email", { email: newEmail, toAddress: newEmail });
      });
      queue.wake();
    },

    /**
     * The new address's link, used once: it becomes the login, counted as confirmed; every
     * session ends (the app logs in again with the new address) and every unused link sent to
     * the old address stops working; the old address, if it was confirmed, gets the way back.
     * Refused, its link unused, while another account has the new address or holds it.
     */
    confirm: (token: string) =>
      changing(async (tx) => {
        const taken = await links.take(tx, token, "change_email", async ({ userId, email }) =>
          email !== null && (await heldByAnother(tx, email, userId, new Date(now())))
            ? "email_taken"
            : undefined,
        );
        if (!taken.ok) return taken;
        if (!taken.email) throw new Error("A change of address without its address");
        const [user] = await tx
          .select({ email: users.email, confirmedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, taken.userId))
          .for("update");
        if (!user) return { ok: false, problem: "link_invalid" };
        const at = await logInWith(tx, taken.userId, taken.email);
        await endSessions(tx, taken.userId, at);
        await endLinks(tx, taken.userId, at);
        // Each old address keeps its own way back: a second change must not end the first's.
        if (user.confirmedAt)
          await links.issue(tx, taken.userId, "undo_email_change", {
            email: user.email,
            toAddress: user.email,
            keepOthers: true,
          });
        return { ok: true };
      }),

    /**
     * The old address's link, used once: it is the login again, and only its mailbox is left in
     * charge. Every power issued since ends (sessions, links, a parent's pending request, other
     * ways back); the password stops logging in, since whoever changed the address knew it, and
     * so no change of address can be asked for either; a link to choose a new password goes to
     * the address, and only a reset or another undo ends that link. An account made on the
     * address since, never confirmed, is deleted: its maker never held the mailbox. Refused,
     * its link unused, while a confirmed account has the address.
     */
    undo: (token: string) =>
      changing(async (tx) => {
        const taken = await links.take(tx, token, "undo_email_change", async (link) => {
          const standing = link.email ? await ownerOf(tx, link.email, link.userId) : undefined;
          if (standing?.confirmedAt) return "email_taken";
          if (standing) await removeAccount(tx, standing);
          return undefined;
        });
        if (!taken.ok) return taken;
        if (!taken.email) throw new Error("A way back without its address");
        const at = await logInWith(tx, taken.userId, taken.email);
        await endCredentials(tx, taken.userId, at);
        await links.replaceUnused(tx, taken.userId, "undo_email_change", at);
        await tx.update(users).set({ passwordHash: null }).where(eq(users.id, taken.userId));
        await links.issue(tx, taken.userId, "reset_password", {
          kind: "email-change-undone",
          email: taken.email,
          lifetimeMs: emailChangeLifetimes.resetAfterUndo.seconds * 1000,
        });
        return { ok: true };
      }),
  };
}
