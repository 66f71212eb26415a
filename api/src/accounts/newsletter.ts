import { timingSafeEqual } from "node:crypto";
import { policyVersions } from "@ysp/content/legal/versions";
import {
  dataRightsLifetimes,
  dataRightsPages,
  type LinkProblem,
  linkTokenShape,
  type NewsletterState,
  subscriptionIdShape,
} from "@ysp/contract";
import { and, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { consentRecords, newsletterSubscriptions } from "../db/schema.ts";
import { hashToken, type LinkTokens } from "../mail/link-tokens.ts";
import type { MailQueue } from "../mail/mail-queue.ts";

export type Newsletter = ReturnType<typeof createNewsletter>;

/** An unsubscribe token: the subscription's id, a dot, and the id's MAC. */
const unsubscribeToken = new RegExp(`^(${subscriptionIdShape})\\.(${linkTokenShape})$`);

/** The subscription of an address, in any case. */
export const byLowerEmail = (email: string) =>
  eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase());

/**
 * The newsletter, with double opt-in: asking sends a confirmation link, and
 * only an address whose link was opened is subscribed. Every ask, confirmation
 * and withdrawal is a consent record. Unsubscribing takes one click from any
 * newsletter message (RFC 8058), with a token that needs no row to check.
 */
export function createNewsletter(db: Db, queue: MailQueue, tokens: LinkTokens, now: () => number) {
  // Under the links' key, over a string no nonce can be (nonces are base64url, with no space).
  const mac = (id: string) => tokens.token(`unsubscribe ${id}`);
  const lifetimeMs = dataRightsLifetimes.newsletterConfirm.seconds * 1000;

  /** Ends the subscriptions `where` selects, each with a withdrawal on record. */
  async function withdraw(tx: Tx, where: SQL | undefined, sourcePage: string): Promise<void> {
    const ended = await tx
      .update(newsletterSubscriptions)
      .set({ confirmedAt: null, confirmTokenHash: null, unsubscribedAt: new Date(now()) })
      .where(
        and(
          where,
          or(
            isNotNull(newsletterSubscriptions.confirmedAt),
            isNotNull(newsletterSubscriptions.confirmTokenHash),
          ),
        ),
      )
      .returning({ id: newsletterSubscriptions.id });
    for (const { id } of ended)
      await tx
        .insert(consentRecords)
        .values({ kind: "newsletter_withdrawn", subscriptionId: id, sourcePage });
  }

  /** The subscription an unsubscribe token names, when the token is ours. */
  function subscriptionOf(token: string): string | undefined {
    const match = unsubscribeToken.exec(token);
    if (!match?.[1] || !match[2]) return undefined;
    const [id, given] = [match[1], Buffer.from(match[2])];
    const expected = Buffer.from(mac(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  return {
    withdraw,

    /**
     * Whether a good unsubscribe token's subscription already gets nothing: unsubscribed, never
     * confirmed, or gone with its data. False for a token that is not ours.
     */
    async unsubscribed(token: string): Promise<boolean> {
      const id = subscriptionOf(token);
      if (!id) return false;
      const [row] = await db
        .select({ confirmedAt: newsletterSubscriptions.confirmedAt })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.id, id));
      return !row?.confirmedAt;
    },

    /**
     * Asks for a subscription: a new row, or a new confirmation link for an address not
     * subscribed (never confirmed, or unsubscribed since); nothing for an address subscribed.
     * `created` tells the 201 from the 200.
     */
    async subscribe(email: string, sourcePage: string | null): Promise<{ created: boolean }> {
      const created = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(newsletterSubscriptions)
          .values({ email, sourcePage })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscriptions.id });
        const [row] = await tx
          .select()
          .from(newsletterSubscriptions)
          .where(byLowerEmail(email))
          .for("update");
        if (!row) throw new Error("A newsletter row vanished inside its transaction");
        if (row.confirmedAt) return inserted.length > 0;
        await tx
          .insert(consentRecords)
          .values({ kind: "newsletter_subscribed", subscriptionId: row.id, sourcePage });
        const { nonce, tokenHash } = tokens.issue();
        await tx
          .update(newsletterSubscriptions)
          .set({ confirmTokenHash: tokenHash, confirmExpiresAt: new Date(now() + lifetimeMs) })
          .where(eq(newsletterSubscriptions.id, row.id));
        await queue.enqueue(tx, { kind: "newsletter-confirm", subscriptionId: row.id, nonce });
        return inserted.length > 0;
      });
      queue.wake();
      return { created };
    },

    /** Opens a confirmation link: subscribed from now on. Opening it again says the same. */
    async confirm(token: string): Promise<{ ok: true } | { ok: false; problem: LinkProblem }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)))
          .for("update");
        if (!row) return { ok: false, problem: "link_invalid" };
        if (row.confirmedAt) return { ok: true };
        if (!row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= now())
          return { ok: false, problem: "link_expired" };
        await tx
          .update(newsletterSubscriptions)
          .set({ confirmedAt: new Date(now()), unsubscribedAt: null })
          .where(eq(newsletterSubscriptions.id, row.id));
        await tx.insert(consentRecords).values({
          kind: "newsletter_confirmed",
          subscriptionId: row.id,
          sourcePage: dataRightsPages.newsletterConfirm,
          privacyVersion: policyVersions.privacy,
          termsVersion: policyVersions.terms,
        });
        return { ok: true };
      });
    },

    /** Where an address's newsletter stands, as "Manage your data" shows it. */
    async state(email: string): Promise<NewsletterState> {
      const [row] = await db
        .select({
          confirmedAt: newsletterSubscriptions.confirmedAt,
          asked: newsletterSubscriptions.confirmTokenHash,
          expiresAt: newsletterSubscriptions.confirmExpiresAt,
        })
        .from(newsletterSubscriptions)
        .where(byLowerEmail(email));
      if (row?.confirmedAt) return "subscribed";
      if (row?.asked && row.expiresAt && row.expiresAt.getTime() > now()) return "unconfirmed";
      return "none";
    },

    /** The token of a subscription's unsubscribe link: its id and a MAC of it, so no row is needed to check it. */
    unsubscribeToken: (id: string) => `${id}.${mac(id)}`,

    /**
     * Ends the subscription a token names; true for any good token, whatever the row's state
     * (already unsubscribed, or deleted with its account), so a link works every time.
     */
    async unsubscribe(token: string): Promise<boolean> {
      const id = subscriptionOf(token);
      if (!id) return false;
      await db.transaction((tx) =>
        withdraw(tx, eq(newsletterSubscriptions.id, id), dataRightsPages.unsubscribe),
      );
      return true;
    },
  };
}
