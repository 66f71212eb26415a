import type { LinkProblem, SignupSource } from "@ysp/contract";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { ProvidedIdentity } from "../auth/google.ts";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { federatedIdentities, type User, users } from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { AccountLinks } from "./account-links.ts";
import { endCredentials } from "./credentials.ts";
import {
  insertWithNewCode,
  lockStudent,
  lockStudentByEmail,
  reservation,
  sourceColumnNames,
  sourceColumns,
  sourceColumnValues,
  termsAcceptedByStudent,
} from "./students.ts";

type Names = { firstName: string; lastName: string };

/**
 * A new identity's sign-up: its names, already checked by the names rule (null: refused), the
 * invite's account, and where the student came from to the sign-up page.
 */
export type ProvidedStudent = {
  identity: ProvidedIdentity;
  names: Names | null;
  referredBy: string | null;
  source: SignupSource;
};

/**
 * What a new identity's sign-up did:
 * - `created`: a new account, with no password;
 * - `taken_over`: an account on the address that nobody had confirmed is now the identity's;
 * - `link_sent`: an account on the address was confirmed, so its mailbox is asked to add the
 *   identity ("Add Google sign-in to your YSP account?") and nothing else happens;
 * - `identity_taken`: the same person's other sign-in made or linked it a moment ago;
 * - `email_taken`: another account's way back holds the address (students.ts reservation);
 * - `name_refused`: an account was to be made or taken over, and the names rule refuses a name.
 */
export type IdentitySignUp =
  | { outcome: "created" | "taken_over"; id: string }
  | { outcome: "link_sent" | "identity_taken" | "email_taken" | "name_refused" };

export type IdentityLinkAnswer = { ok: true } | { ok: false; problem: LinkProblem };

/** What turning Google sign-in off did: an account with no password keeps it. */
export type IdentityRemoval = "removed" | "password_required";

export type Identities = ReturnType<typeof createIdentities>;

/**
 * The accounts that identity providers log in to, by the provider's issuer and subject. An
 * identity is never linked to an account by its address alone: the address's account gets it
 * only by a tap on a link mailed to that address, or, when nobody ever confirmed that address,
 * because the provider's proof of the mailbox outranks a sign-up nobody proved. Times come from
 * the app's clock (`now`), as links' do.
 */
export function createIdentities(db: Db, links: AccountLinks, queue: MailQueue, now: () => number) {
  const userByIdentity = db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(
      federatedIdentities,
      and(
        eq(federatedIdentities.userId, users.id),
        eq(federatedIdentities.issuer, sql.placeholder("issuer")),
        eq(federatedIdentities.subject, sql.placeholder("subject")),
      ),
    )
    .prepare("user_by_identity");

  const ownerOfIdentity = async (
    tx: Tx,
    { issuer, subject }: { issuer: string; subject: string },
  ) => {
    const [owner] = await tx
      .select({ userId: federatedIdentities.userId })
      .from(federatedIdentities)
      .where(and(eq(federatedIdentities.issuer, issuer), eq(federatedIdentities.subject, subject)));
    return owner?.userId;
  };

  /** One provider's account that logs in to this one, if any. */
  const anyIdentityOf = async (from: Db | Tx, userId: string) => {
    const [row] = await from
      .select({ id: federatedIdentities.id })
      .from(federatedIdentities)
      .where(eq(federatedIdentities.userId, userId))
      .limit(1);
    return row;
  };

  /**
   * Makes the account with no password, its address confirmed by the provider, the record of
   * the Terms and Privacy Policy it agreed to, and the identity, in one statement: all of it
   * exists or none. An address another account has, or a way back holds, is refused.
   */
  function createAccount({ identity, referredBy, source }: ProvidedStudent, names: Names) {
    // Two first sign-ins of one person at once: the other made the account.
    const sameIdentity = { federated_identities_issuer_subject_key: "identity_taken" } as const;
    // The app's clock, as the sign-up's and the ways back's: tests move it past a way back.
    const at = new Date(now());
    return insertWithNewCode(async (code) => {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`with student as (
              insert into ${users} (email, first_name, last_name, password_hash, user_type, referral_code, referred_by, email_verified_at,
                                    ${sourceColumnNames})
              select ${identity.email}, ${names.firstName}, ${names.lastName}, null,
                     'STUDENT', ${code}, ${referredBy}, ${at}, ${sourceColumnValues(source)}
              where not exists (${reservation(identity.email, at)})
              returning id),
            consent as (${termsAcceptedByStudent})
            insert into ${federatedIdentities} (user_id, issuer, subject, email)
            select id, ${identity.issuer}, ${identity.subject}, ${identity.email} from student
            returning user_id as id`,
      );
      return row;
    }, sameIdentity);
  }

  /**
   * The pre-registration attack's answer: an account made on this address and never confirmed
   * may be anyone's, since whoever typed the address never showed they hold it; the provider
   * just did. So the account becomes the identity's: its password goes, every session, link,
   * pending change of address and parent's request it had ends (credentials.ts), any other
   * identity goes, the names become the provider's, the person's agreement to the Terms is
   * recorded, and the address is told. Whoever made it keeps nothing.
   */
  async function takeOver(tx: Tx, owner: User, input: ProvidedStudent, names: Names) {
    const { identity } = input;
    const at = new Date(now());
    await endCredentials(tx, owner.id, at);
    await queue.withdrawLinks(tx, owner.id);
    await tx.delete(federatedIdentities).where(eq(federatedIdentities.userId, owner.id));
    // A student's own code is no invite: the earlier sign-up's inviter, if any, stays.
    const referredBy =
      input.referredBy && input.referredBy !== owner.id ? input.referredBy : owner.referredBy;
    await tx
      .update(users)
      .set({
        ...names,
        passwordHash: null,
        emailVerifiedAt: at,
        referredBy,
        ...sourceColumns(input.source),
      })
      .where(eq(users.id, owner.id));
    await tx.execute(
      sql`with student as (select ${owner.id}::uuid as id) ${termsAcceptedByStudent}`,
    );
    await tx.insert(federatedIdentities).values({
      userId: owner.id,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
    });
    await queue.enqueue(tx, { kind: "google-took-over", userId: owner.id, nonce: null });
  }

  /** An account already on the address: linked by mail, taken over, or null if there is none. */
  const withExistingAccount = (input: ProvidedStudent) =>
    db.transaction(async (tx): Promise<IdentitySignUp | null> => {
      const { identity } = input;
      const owner = await lockStudentByEmail(tx, identity.email);
      if (!owner) return null;
      // Locked behind the same person's other sign-in, which linked the identity meanwhile.
      if (await ownerOfIdentity(tx, identity)) return { outcome: "identity_taken" };
      if (owner.emailVerifiedAt) {
        await links.issue(tx, owner.id, "link_google", { email: identity.email, identity });
        return { outcome: "link_sent" };
      }
      if (!input.names) return { outcome: "name_refused" };
      await takeOver(tx, owner, input, input.names);
      return { outcome: "taken_over", id: owner.id };
    });

  return {
    /** Whether any provider's account logs in to this one ("Google sign-in: on"). */
    hasAny: async (userId: string): Promise<boolean> =>
      (await anyIdentityOf(db, userId)) !== undefined,

    /**
     * Unlinks every provider's account from this one, unless the account has no password: an
     * account has a password, an identity or both, never neither. The account's row is locked
     * first, so a takeover removing the password (takeOver) cannot slip between the two.
     */
    removeAll: (userId: string): Promise<IdentityRemoval> =>
      db.transaction(async (tx) => {
        const account = await lockStudent(tx, userId);
        // Nothing linked is already off.
        if (!(await anyIdentityOf(tx, userId))) return "removed";
        if (!account?.passwordHash) return "password_required";
        await tx.delete(federatedIdentities).where(eq(federatedIdentities.userId, userId));
        return "removed";
      }),

    /** The account this provider's person logs in to, whatever address either has now. */
    async findAccount({ issuer, subject }: ProvidedIdentity): Promise<User | undefined> {
      const [user] = await userByIdentity.execute({ issuer, subject });
      return user;
    },

    /**
     * A new identity with an address the provider vouches for: a new account, an unconfirmed
     * one taken over, or a link mailed to a confirmed one (IdentitySignUp).
     */
    async signUp(input: ProvidedStudent): Promise<IdentitySignUp> {
      const existing = await withExistingAccount(input);
      if (existing) {
        if (existing.outcome === "link_sent" || existing.outcome === "taken_over") queue.wake();
        return existing;
      }
      if (!input.names) return { outcome: "name_refused" };
      // An account made on the address between the look and this insert refuses it: the
      // student is told the address has an account, as a sign-up at that moment would be.
      const created = await createAccount(input, input.names);
      return created.ok ? { outcome: "created", id: created.id } : { outcome: created.reason };
    },

    /**
     * The tap on "Add Google sign-in to your YSP account?": adds the identity the link names to
     * the account it was mailed to, once, and ends nothing else. An identity another account has
     * by now leaves the link unused, so it works once that account lets the identity go.
     */
    addByLink: (token: string): Promise<IdentityLinkAnswer> =>
      db.transaction(async (tx): Promise<IdentityLinkAnswer> => {
        const taken = await links.take(tx, token, "link_google", async (link) => {
          const identity = { issuer: link.issuer ?? "", subject: link.subject ?? "" };
          const owner = await ownerOfIdentity(tx, identity);
          return owner !== undefined && owner !== link.userId ? "link_invalid" : undefined;
        });
        if (!taken.ok) return taken;
        if (!taken.identity || !taken.email)
          throw new Error("A link to add Google sign-in names no identity");
        await tx
          .insert(federatedIdentities)
          .values({ userId: taken.userId, ...taken.identity, email: taken.email })
          .onConflictDoNothing();
        return { ok: true };
      }),
  };
}
