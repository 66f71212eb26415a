import type { LinkProblem } from "@ysp/contract";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { AccountLinks } from "./account-links.ts";
import { endCredentials, endLinks, endSessions } from "./credentials.ts";
import { isEmailTaken } from "./students.ts";

/** Why a confirm or an undo did nothing: its link, or its address now another account's. */
export type EmailChangeProblem = LinkProblem | "email_taken";
export type EmailChangeAnswer = { ok: true } | { ok: false; problem: EmailChangeProblem };

export type EmailChanges = ReturnType<typeof createEmailChanges>;

/**
 * Changing the address an account logs in with. The new address proves itself by its link
 * before anything changes (the change never commits on a request alone: Supabase's issues #1820
 * and #2600); the old address is then told, with a link that puts it back, sent only where the
 * old address was confirmed, since an address never confirmed was never shown to be the
 * student's (a typo such as ada@gmial.com is someone else's mailbox, and its owner must not get
 * the power to take the account). Times come from the app's clock (`now`), as links' do.
 */
export function createEmailChanges(
  db: Db,
  links: AccountLinks,
  queue: MailQueue,
  now: () => number,
) {
  /** Another account that logs in with `email`. */
  const ownerOf = async (tx: Tx, email: string, besides: string) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, besides)));
    return owner?.id;
  };

  /**
   * Makes `email` the account's login, confirmed now (its link reached it): the time it did, or
   * undefined when another account has the address.
   */
  async function logInWith(tx: Tx, userId: string, email: string): Promise<Date | undefined> {
    if (await ownerOf(tx, email, userId)) return undefined;
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
      // Signed up with, or changed to, by another account between our look and our write.
      if (isEmailTaken(error)) return { ok: false, problem: "email_taken" };
      throw error;
    }
  }

  return {
    /**
     * Asks to change `userId`'s address to `newEmail` (normalized, and not the account's own):
     * one pending change per account, so any earlier link stops working. When another account
     * has the address, no link is made and that account's owner is told instead; the caller
     * answers the same either way, and the work is the same but for the message.
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
        if (owner) {
          await links.replaceUnused(tx, userId, "change_email", new Date(now()));
          await queue.enqueue(tx, { kind: "email-change-taken", userId: owner, nonce: null });
        } else
          await links.issue(tx, userId, "change_email", { email: newEmail, toAddress: newEmail });
      });
      queue.wake();
    },

    /**
     * The new address's link, used once: it becomes the login, counted as confirmed; every
     * session ends (the app logs in again with the new address) and every unused link sent to
     * the old address stops working; the old address, if it was confirmed, gets the way back.
     */
    confirm: (token: string) =>
      changing(async (tx) => {
        const taken = await links.take(tx, token, "change_email");
        if (!taken.ok) return taken;
        if (!taken.email) throw new Error("A change of address without its address");
        const [user] = await tx
          .select({ email: users.email, confirmedAt: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, taken.userId))
          .for("update");
        if (!user) return { ok: false, problem: "link_invalid" };
        const at = await logInWith(tx, taken.userId, taken.email);
        if (!at) return { ok: false, problem: "email_taken" };
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
     * The old address's link, used once: it is the login again, every power issued since ends
     * (sessions, links, a parent's pending request, other ways back), and a link to choose a
     * new password goes to it, since whoever changed the address knew the password.
     */
    undo: (token: string) =>
      changing(async (tx) => {
        const taken = await links.take(tx, token, "undo_email_change");
        if (!taken.ok) return taken;
        if (!taken.email) throw new Error("A way back without its address");
        const at = await logInWith(tx, taken.userId, taken.email);
        if (!at) return { ok: false, problem: "email_taken" };
        await endCredentials(tx, taken.userId, at);
        await links.replaceUnused(tx, taken.userId, "undo_email_change", at);
        await links.issue(tx, taken.userId, "reset_password", { kind: "email-change-undone" });
        return { ok: true };
      }),
  };
}
