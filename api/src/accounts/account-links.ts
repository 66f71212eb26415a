import {
  dataRightsLifetimes,
  emailChangeLifetimes,
  googleSignIn,
  type LinkProblem,
  linkLifetimes,
} from "@ysp/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { TokenHolder } from "../auth/tokens.ts";
import type { Db, Tx } from "../db/client.ts";
import { accountLinks, users } from "../db/schema.ts";
import { hashToken, type LinkTokens } from "../mail/link-tokens.ts";
import type { MailKind, MailQueue } from "../mail/mail-queue.ts";
import { endCredentials, endSessions } from "./credentials.ts";
import { lockStudentByEmail } from "./students.ts";

export type LinkPurpose = (typeof accountLinks.$inferSelect)["purpose"];

const lifetimeMs: Record<LinkPurpose, number> = {
  verify_email: linkLifetimes.verifyEmail.seconds * 1000,
  reset_password: linkLifetimes.resetPassword.seconds * 1000,
  your_data: dataRightsLifetimes.yourData.seconds * 1000,
  change_email: emailChangeLifetimes.confirm.seconds * 1000,
  undo_email_change: emailChangeLifetimes.undo.seconds * 1000,
  link_google: googleSignIn.linkLifetime.seconds * 1000,
};

const mailKind = {
  verify_email: "verify-email",
  reset_password: "reset-password",
  your_data: "your-data",
  change_email: "email-change-confirm",
  undo_email_change: "email-changed",
  link_google: "google-link",
} as const satisfies Record<LinkPurpose, MailKind>;

/** A link about to be written, with the message that carries it. */
export type NewLink = {
  purpose: LinkPurpose;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  mail: { kind: MailKind; nonce: string };
};

/** A link that works names its account and the account's credentials epoch now. */
export type OpenedLink = { ok: true } & TokenHolder;
export type LinkAnswer = OpenedLink | { ok: false; problem: LinkProblem };
/**
 * A link used, with the address it is about (a change of address's, or the identity's a Google
 * link adds; null for the others), and that identity.
 */
export type TakenLink =
  | (OpenedLink & { email: string | null; identity: LinkedIdentity | null })
  | { ok: false; problem: LinkProblem };

/**
 * What a link may carry besides its purpose: the address it is about, where its message goes,
 * and whether the account's other unused links of its purpose still work (`keepOthers`).
 */
/** The provider's account a "link_google" link adds to its account. */
export type LinkedIdentity = { issuer: string; subject: string };

export type LinkExtras = {
  email?: string;
  identity?: LinkedIdentity;
  toAddress?: string;
  kind?: MailKind;
  keepOthers?: boolean;
  /** Instead of its purpose's lifetime. */
  lifetimeMs?: number;
};

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
  function newLink(purpose: LinkPurpose, lifetime = lifetimeMs[purpose]): NewLink {
    const createdAt = new Date(now());
    const { nonce, tokenHash } = tokens.issue();
    return {
      purpose,
      tokenHash,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + lifetime),
      mail: { kind: mailKind[purpose], nonce },
    };
  }

  /**
   * Ends the account's unused links of this purpose, so only the newest one works; but for the
   * reset an undone change of address sent (it names the address it gave back): a request for
   * another reset, which anyone may make for the address, must not end the student's way in.
   * Only a reset (endCredentials) or another undo ends it.
   */
  const replaceUnused = (tx: Tx, userId: string, purpose: LinkPurpose, at: Date) =>
    tx
      .update(accountLinks)
      .set({ replacedAt: at })
      .where(
        and(
          eq(accountLinks.userId, userId),
          eq(accountLinks.purpose, purpose),
          isNull(accountLinks.usedAt),
          isNull(accountLinks.replacedAt),
          purpose === "reset_password" ? isNull(accountLinks.email) : undefined,
        ),
      );

  /**
   * Ends the account's unused links of this purpose (unless `keepOthers`), makes a new one and
   * queues its message.
   */
  async function issue(
    tx: Tx,
    userId: string,
    purpose: LinkPurpose,
    { email, identity, toAddress, kind, keepOthers = false, lifetimeMs: lifetime }: LinkExtras = {},
  ): Promise<void> {
    const link = newLink(purpose, lifetime);
    if (!keepOthers) await replaceUnused(tx, userId, purpose, link.createdAt);
    const { mail, ...row } = link;
    await tx.insert(accountLinks).values({
      ...row,
      userId,
      email: email ?? null,
      issuer: identity?.issuer ?? null,
      subject: identity?.subject ?? null,
    });
    await queue.enqueue(tx, {
      ...mail,
      kind: kind ?? mail.kind,
      userId,
      toAddress: toAddress ?? null,
    });
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

  /** The link with its account's epoch; `lock` holds the link's row until the transaction ends. */
  const find = async (from: Db | Tx, token: string, purpose: LinkPurpose, lock: boolean) => {
    const query = from
      .select({ link: accountLinks, epoch: users.credentialsEpoch })
      .from(accountLinks)
      .innerJoin(users, eq(users.id, accountLinks.userId))
      .where(byToken(token, purpose));
    const [found] = await (lock ? query.for("update", { of: accountLinks }) : query);
    return found;
  };

  /**
   * Locks the link until `tx` ends, so two uses at once cannot both succeed, and uses it. A new
   * password ends the link by taking the same row lock (credentials.ts), so whichever commits
   * second sees the other: a token made from a link opened first names an epoch already past.
   * `first` runs on a good link before it is used: a problem it returns leaves the link unused,
   * so a link that cannot apply now still works once it can.
   */
  async function take<Problem extends string = never>(
    tx: Tx,
    token: string,
    purpose: LinkPurpose,
    first?: (link: Link) => Promise<Problem | undefined>,
  ): Promise<TakenLink | { ok: false; problem: Problem }> {
    const found = await find(tx, token, purpose, true);
    const problem = problemOf(found?.link);
    if (problem || !found) return { ok: false, problem: problem ?? "link_invalid" };
    const refused = await first?.(found.link);
    if (refused) return { ok: false, problem: refused };
    await tx
      .update(accountLinks)
      .set({ usedAt: new Date(now()) })
      .where(eq(accountLinks.id, found.link.id));
    const { userId, email, issuer, subject } = found.link;
    const identity = issuer !== null && subject !== null ? { issuer, subject } : null;
    return { ok: true, userId, epoch: found.epoch, email, identity };
  }

  /**
   * Counts the address as confirmed, if it was not yet: the account's epoch when this was its
   * first confirmation, undefined when it had been confirmed before.
   */
  const markVerified = async (tx: Tx, userId: string) => {
    const [first] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(now()) })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning({ epoch: users.credentialsEpoch });
    return first?.epoch;
  };

  return {
    /** A new account's first link: written with the account itself (students.createStudent). */
    newLink,
    /** For the other modules that make and use links in their own transactions (email-changes.ts). */
    issue,
    take,
    replaceUnused,
    /** A link's message was queued in a transaction that has committed: send it now. */
    wake: () => queue.wake(),

    /**
     * The link an address asked for, made in `tx` with its message queued beside it, when the
     * address has an account that gets one: a reset or data link for any account, a link to
     * confirm the address only while it is not confirmed. Whether one was made.
     */
    async requested(tx: Tx, email: string, purpose: LinkPurpose): Promise<boolean> {
      // Locked first: two requests at once would otherwise each end the links the other
      // cannot see yet, and both their links would work.
      const account = await lockStudentByEmail(tx, email);
      if (!account || (purpose === "verify_email" && account.emailVerifiedAt)) return false;
      await issue(tx, account.id, purpose);
      return true;
    },

    /** Uses a link to the account's data, once. */
    openYourData: (token: string): Promise<LinkAnswer> =>
      db.transaction((tx) => take(tx, token, "your_data")),

    /** Whether a token could be used now, without using it: a bad link is refused before any hashing. */
    async check(token: string, purpose: LinkPurpose): Promise<LinkAnswer> {
      const found = await find(db, token, purpose, false);
      const problem = problemOf(found?.link);
      return problem || !found
        ? { ok: false, problem: problem ?? "link_invalid" }
        : { ok: true, userId: found.link.userId, epoch: found.epoch };
    },

    /**
     * Uses the link and counts the address as confirmed. The first confirmation ends every
     * session issued before it: an account made on someone else's address keeps no power once
     * the address's owner, whom its message invited, confirms it. The answer names the epoch
     * after, so the data session the page opens is of it.
     */
    async verifyEmail(token: string): Promise<LinkAnswer> {
      return db.transaction(async (tx): Promise<LinkAnswer> => {
        const opened = await take(tx, token, "verify_email");
        if (!opened.ok) return opened;
        if ((await markVerified(tx, opened.userId)) === undefined) return opened;
        const epoch = await endSessions(tx, opened.userId, new Date(now()));
        return { ...opened, epoch: epoch ?? opened.epoch };
      });
    },

    /**
     * Sets the new password, ends every power issued before it (sessions, access and data
     * tokens, other links: credentials.ts), counts the address as confirmed (the link reached
     * it) and queues the notice: all or nothing.
     */
    async resetPassword(token: string, passwordHash: string): Promise<LinkAnswer> {
      const opened = await db.transaction(async (tx) => {
        const taken = await take(tx, token, "reset_password");
        if (!taken.ok) return taken;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, taken.userId));
        await markVerified(tx, taken.userId);
        await endCredentials(tx, taken.userId, new Date(now()));
        await queue.enqueue(tx, { kind: "password-changed", userId: taken.userId, nonce: null });
        return taken;
      });
      if (opened.ok) queue.wake();
      return opened;
    },
  };
}
