import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type linkRequestKinds, mailOutbox } from "../db/schema.ts";
import type { Delivery, MailKind, MailQueue, QueuedMail } from "../mail/mail-queue.ts";
import type { AccountLinks, LinkPurpose } from "./account-links.ts";
import type { DataRequests } from "./data-requests.ts";

type LinkRequestKind = (typeof linkRequestKinds)[number];

/** The links an address may ask for by itself: not a change of address's, which need the password. */
export type RequestedPurpose = Extract<
  LinkPurpose,
  "verify_email" | "reset_password" | "your_data"
>;

const kindOf = {
  verify_email: "verify-email-request",
  reset_password: "reset-password-request",
  your_data: "your-data-request",
} as const satisfies Record<RequestedPurpose, LinkRequestKind>;

const purposeOf = Object.fromEntries(
  Object.entries(kindOf).map(([purpose, kind]) => [kind, purpose as RequestedPurpose]),
) as Record<LinkRequestKind, RequestedPurpose>;

/** Whether a row of the mail queue is a link request to handle rather than a message to send. */
export const isLinkRequest = (kind: MailKind): kind is LinkRequestKind => kind in purposeOf;

export type LinkRequests = ReturnType<typeof createLinkRequests>;

/**
 * A link asked for by address (to confirm it, to reset the password, to see the account's data)
 * tells nobody whether the address has an account, by its answer or by its time. The request
 * only queues itself, one row in mail_outbox for any address, and is answered; the mail worker
 * then looks the address up and makes the link and its message for an account that gets one.
 *
 * Made by the request, after its answer, the link (and its message, sent at once) took the
 * event loop and the in-process database from the next request on the same connection: that one
 * answered in 16 to 50 ms after an address with an account against 2 to 8 ms after one without
 * (medians of 30 to 40, npm run bench -- --only=link-timing, on two cores shared with other
 * work). Now the two read alike within the machine's noise (2.3 against 2.4 ms, 2.6 against 2.6).
 */
export function createLinkRequests(
  db: Db,
  queue: MailQueue,
  links: Pick<AccountLinks, "requested">,
  requests: Pick<DataRequests, "record">,
) {
  return {
    /**
     * All the request does, the same for every address: one row, whose id it returns. The
     * worker is not woken for it, unlike for a message: woken, it ran at once, while the next
     * request waited (above). It finds the row at its next poll, within 500 ms, when its work
     * no longer follows any one request's answer.
     */
    ask: (purpose: RequestedPurpose, email: string): Promise<string> =>
      queue.enqueue(db, { kind: kindOf[purpose], toAddress: email, nonce: null }),

    /**
     * The worker's part, in one transaction: the request marked handled and its address cleared,
     * and for an account that gets a link, the link and its message (sent in the same drain of the
     * queue). A data link's request is recorded for staff either way, the address as an HMAC
     * (data-requests.ts). A database that fails is tried again, as a message's SMTP server is.
     */
    async handle(id: string, mail: QueuedMail): Promise<Delivery> {
      const purpose = purposeOf[mail.kind as LinkRequestKind];
      const email = mail.toAddress;
      if (!purpose || !email) return { outcome: "give-up", reason: "Not a link request" };
      try {
        const made = await db.transaction(async (tx) => {
          // Marked first, and by one instance only: one whose lease ran out while it worked
          // waits here for the other's transaction, then finds the row handled and makes none.
          const [open] = await tx
            .update(mailOutbox)
            .set({ sentAt: sql`now()`, toAddress: null })
            .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)))
            .returning({ id: mailOutbox.id });
          if (!open) return false;
          const linked = await links.requested(tx, email, purpose);
          if (purpose === "your_data")
            await requests.record(
              "link",
              email,
              { outcome: linked ? "link sent" : "no account" },
              tx,
            );
          return linked;
        });
        if (made) queue.wake();
        return { outcome: "sent" };
      } catch (error) {
        return { outcome: "retry", reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
