import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { AccountLinks } from "./account-links.ts";
import { endCredentials } from "./credentials.ts";
import { heldByAnother } from "./email-changes.ts";
import { isEmailTaken, lockStudent } from "./students.ts";

/**
 * Why a correction did nothing: the account is gone, its password changed since it was checked,
 * its address was confirmed (so it was typed right), or the new address is another account's.
 */
export type CorrectionProblem = "unknown" | "password_changed" | "confirmed" | "email_taken";
export type CorrectionAnswer =
  | { ok: true; corrected: boolean }
  | { ok: false; problem: CorrectionProblem };

export type SignupCorrections = ReturnType<typeof createSignupCorrections>;

/**
 * Putting right the address a student mistyped at sign-up, before it is confirmed. Unlike a
 * change of address (email-changes.ts), the new address needs no link of its own first: the
 * old one was never shown to be the student's, so nothing is taken from its owner, and the
 * student proves the account with the password, from the browser that made it. The new address
 * still has to confirm itself, as every sign-up's does. Times come from the app's clock (`now`).
 */
export function createSignupCorrections(
  db: Db,
  links: Pick<AccountLinks, "issue">,
  queue: Pick<MailQueue, "withdrawLinks" | "wake">,
  now: () => number,
) {
  return {
    /**
     * Makes `newEmail` (normalized) the login of `userId`, while the account's address was
     * never confirmed and its password is still `passwordHash`, the one just checked. Every
     * power issued before ends (sessions, data tokens, links, a parent's pending request), since
     * whoever holds the mistyped mailbox may have asked for some; the links still queued to the
     * old address are withdrawn; a new link to confirm goes to the new address. The old address
     * is told nothing. The account's own address again changes nothing and sends nothing
     * (`corrected: false`): a second press finds the first one's work done. Under the account's
     * row lock, so two at once run one after the other and the later one's address stands.
     */
    async correct(userId: string, passwordHash: string, newEmail: string) {
      try {
        const answer = await db.transaction(async (tx): Promise<CorrectionAnswer> => {
          const user = await lockStudent(tx, userId);
          if (!user) return { ok: false, problem: "unknown" };
          if (user.passwordHash !== passwordHash) return { ok: false, problem: "password_changed" };
          if (user.emailVerifiedAt) return { ok: false, problem: "confirmed" };
          if (user.email.toLowerCase() === newEmail) return { ok: true, corrected: false };
          const at = new Date(now());
          if (await heldByAnother(tx, newEmail, userId, at))
            return { ok: false, problem: "email_taken" };
          await tx.update(users).set({ email: newEmail }).where(eq(users.id, userId));
          await endCredentials(tx, userId, at);
          await queue.withdrawLinks(tx, userId);
          await links.issue(tx, userId, "verify_email");
          return { ok: true, corrected: true };
        });
        if (answer.ok && answer.corrected) queue.wake();
        return answer;
      } catch (error) {
        // Signed up with, or changed to, by another account between our look and our write.
        if (isEmailTaken(error)) return { ok: false, problem: "email_taken" } as const;
        throw error;
      }
    },

    /**
     * A new link to confirm the account's address, while it is not confirmed: "Didn't get it?"
     * from the browser that signed up, which need not type the address again. Whether one was
     * made; the answer is the same either way.
     */
    async resend(userId: string): Promise<boolean> {
      const made = await db.transaction(async (tx) => {
        const user = await lockStudent(tx, userId);
        if (!user || user.emailVerifiedAt) return false;
        await links.issue(tx, userId, "verify_email");
        return true;
      });
      if (made) queue.wake();
      return made;
    },
  };
}
