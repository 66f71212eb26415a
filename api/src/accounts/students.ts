import { policyVersions } from "@ysp/content/legal/versions";
import {
  accountPages,
  type GuardianConsentState,
  type PublicUser,
  type SignupBody,
  type SignupSource,
  type SourceField,
} from "@ysp/contract";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { newReferralCode } from "../auth/referral-codes.ts";
import type { AccessHolder } from "../auth/tokens.ts";
import { type Db, pgErrorCode, queryRows, type Tx, uniqueViolation } from "../db/client.ts";
import {
  accountLinks,
  authSessions,
  consentRecords,
  mailOutbox,
  type User,
  users,
} from "../db/schema.ts";
import type { NewLink } from "./account-links.ts";

export function toPublicUser(user: User, guardianConsent: GuardianConsentState): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    user_type: "STUDENT",
    referral_code: user.referralCode,
    email_verified: user.emailVerifiedAt !== null,
    guardian_consent: guardianConsent,
  };
}

/**
 * The account's row, locked until `tx` ends: taken before a change that must not race another
 * to the same account (two links made at once, a deletion beside a request).
 */
export async function lockStudent(tx: Tx, id: string): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return user;
}

/** The account with this address, locked as lockStudent's is. */
export async function lockStudentByEmail(tx: Tx, email: string): Promise<User | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .for("update");
  return user;
}

/**
 * Deletes the account's row in `tx`, and everything hanging from it (foreign keys cascade); the
 * student who invited it keeps the count of their invitations.
 */
export async function removeAccount(tx: Tx, user: Pick<User, "id" | "referredBy">) {
  if (user.referredBy)
    await tx
      .update(users)
      .set({ deletedReferrals: sql`${users.deletedReferrals} + 1` })
      .where(eq(users.id, user.referredBy));
  await tx.delete(users).where(eq(users.id, user.id));
}

export type CreateStudentResult = { ok: true; id: string } | { ok: false; reason: "email_taken" };

export type NewStudent = Omit<
  SignupBody,
  "password" | "referral_code" | "user_type" | SourceField
> & {
  passwordHash: string;
  referredBy: string | null;
  source: SignupSource;
};

/** Draws of a new invite code before a clash with existing ones is taken as a fault. */
const referralCodeAttempts = 5;

const byLowerEmail = eq(sql`lower(${users.email})`, sql.placeholder("email"));

export type Students = ReturnType<typeof createStudents>;

/**
 * The queries on students' accounts. The reads are prepared once: building a
 * query costs more CPU than the database spends running it, and that CPU is
 * taken from password hashing when sign-ups peak. The insert writes four
 * tables in one statement, which is cheaper still than four in a transaction.
 */
export function createStudents(db: Db) {
  const userByEmail = db.select().from(users).where(byLowerEmail).prepare("user_by_email");
  const userByHolder = db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder("userId")),
        eq(users.credentialsEpoch, sql.placeholder("epoch")),
      ),
    )
    .prepare("user_by_holder");
  // The same row, only while the session the token was issued to is live: both rows by primary
  // key in one statement, so a per-session check costs no second round trip.
  const userBySession = db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(
      authSessions,
      and(
        eq(authSessions.id, sql.placeholder("sessionId")),
        eq(authSessions.userId, users.id),
        isNull(authSessions.revokedAt),
      ),
    )
    .where(
      and(
        eq(users.id, sql.placeholder("userId")),
        eq(users.credentialsEpoch, sql.placeholder("epoch")),
      ),
    )
    .prepare("user_by_session");
  // The database's clock, as created_at was written with it: an API host's clock may differ.
  const recentSignup = db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(byLowerEmail, sql`${users.createdAt} > now() - interval '10 minutes'`))
    .prepare("recent_signup");
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("user_by_id");
  const idByReferralCode = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, sql.placeholder("code")))
    .prepare("user_by_referral_code");
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await userByEmail.execute({ email: email.toLowerCase() });
      return user;
    },
    /**
     * The account a token speaks for, while the token's epoch is the account's and, for an
     * access token naming its session, while that session is live (logOut, endSession): the
     * one read a bearer token costs, one statement by primary keys.
     */
    async findHolder({ userId, epoch, sessionId }: AccessHolder): Promise<User | undefined> {
      const [user] = sessionId
        ? await userBySession.execute({ userId, epoch, sessionId })
        : await userByHolder.execute({ userId, epoch });
      return user;
    },
    /** The id and password hash of an account made with this email in the last ten minutes. */
    async recentSignup(email: string): Promise<{ id: string; passwordHash: string } | undefined> {
      const [user] = await recentSignup.execute({ email: email.toLowerCase() });
      return user?.passwordHash ? { id: user.id, passwordHash: user.passwordHash } : undefined;
    },
    /** The account with this id: one the browser's own sign-up named (http/signup-cookie.ts). */
    async findById(id: string): Promise<User | undefined> {
      const [user] = await userById.execute({ id });
      return user;
    },
    async idByReferralCode(code: string): Promise<string | undefined> {
      const [user] = await idByReferralCode.execute({ code });
      return user?.id;
    },
    /**
     * Creates the account with the record of the Terms and Privacy Policy it agreed to ("By
     * continuing you agree to…"), its first link (to confirm the address) and that link's
     * message, in one statement: all of it exists or none, at the cost of one query.
     */
    async createStudent(input: NewStudent, link: NewLink): Promise<CreateStudentResult> {
      return insertWithNewCode(async (code) => {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`with student as (
                insert into ${users} (email, first_name, last_name, password_hash, user_type, referral_code, referred_by,
                                      ${sourceColumnNames})
                select ${input.email}, ${input.first_name}, ${input.last_name}, ${input.passwordHash},
                       'STUDENT', ${code}, ${input.referredBy}, ${sourceColumnValues(input.source)}
                where not exists (${reservation(input.email, link.createdAt)})
                returning id),
              consent as (${termsAcceptedByStudent}),
              link as (
                insert into ${accountLinks} (user_id, purpose, token_hash, created_at, expires_at)
                select id, ${link.purpose}, ${link.tokenHash}, ${link.createdAt}, ${link.expiresAt} from student)
              insert into ${mailOutbox} (user_id, kind, nonce)
              select id, ${link.mail.kind}, ${link.mail.nonce} from student
              returning user_id as id`,
        );
        return row;
      });
    },
  };
}

/** Where the student came from, as the account's columns keep it: null where none, all replaced. */
export const sourceColumns = (source: SignupSource) => ({
  utmSource: source.utm_source ?? null,
  utmMedium: source.utm_medium ?? null,
  utmCampaign: source.utm_campaign ?? null,
  referrerDomain: source.referrer ?? null,
});

/** The same columns, in an insert's list and in its values, in one order. */
export const sourceColumnNames = sql`utm_source, utm_medium, utm_campaign, referrer_domain`;
export const sourceColumnValues = (source: SignupSource) => {
  const { utmSource, utmMedium, utmCampaign, referrerDomain } = sourceColumns(source);
  return sql`${utmSource}, ${utmMedium}, ${utmCampaign}, ${referrerDomain}`;
};

/**
 * The record of the Terms and Privacy Policy a new account agreed to ("By continuing you agree
 * to…" on the sign-up page), as a statement on the `student` the same query inserts.
 */
export const termsAcceptedByStudent = sql`insert into ${consentRecords} (user_id, kind, terms_version, privacy_version, source_page)
  select id, 'terms_accepted', ${policyVersions.terms}, ${policyVersions.privacy}, ${accountPages.join} from student`;

/**
 * Inserts a new account by `insert`, which writes `code` as its invite code: codes are random,
 * and on the rare clash with another account's a new one is drawn. No row back, or the address
 * index broken, is a taken address (no row: a way back holds it, `reservation`); another unique
 * index the insert names in `alsoTaken` is that reason; anything else is thrown.
 */
export async function insertWithNewCode<Reason extends string = never>(
  insert: (code: string) => Promise<{ id: string } | undefined>,
  alsoTaken: Record<string, Reason> = {},
): Promise<{ ok: true; id: string } | { ok: false; reason: "email_taken" | Reason }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await insert(newReferralCode());
      return row ? { ok: true, id: row.id } : { ok: false, reason: "email_taken" };
    } catch (error) {
      if (pgErrorCode(error) !== uniqueViolation) throw error;
      const constraint = constraintName(error) ?? "";
      if (constraint === "users_email_lower_key") return { ok: false, reason: "email_taken" };
      const reason = alsoTaken[constraint];
      if (reason) return { ok: false, reason };
      if (constraint !== "users_referral_code_key" || attempt >= referralCodeAttempts) throw error;
    }
  }
}

/**
 * The link that reserves `email` at `at`, as a subquery: a way back to an address (an undo of a
 * change of address) that can still be used. Until it is used or expires, no other account may
 * take the address, by sign-up or by a change, so the undo can always give it back.
 */
export const reservation = (email: string, at: Date) =>
  sql`select ${accountLinks.userId} as user_id from ${accountLinks}
      where ${accountLinks.purpose} = 'undo_email_change'
        and lower(${accountLinks.email}) = ${email.toLowerCase()}
        and ${accountLinks.usedAt} is null and ${accountLinks.replacedAt} is null
        and ${accountLinks.expiresAt} > ${at}`;

/** Whether a failed statement wrote an address another account already logs in with. */
export const isEmailTaken = (error: unknown) =>
  pgErrorCode(error) === uniqueViolation && constraintName(error) === "users_email_lower_key";

/** The unique index a failed statement broke, as PostgreSQL and PGlite name it. */
function constraintName(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string") {
      const match = /unique constraint "([^"]+)"/.exec(message);
      if (match) return match[1];
    }
  }
  return undefined;
}
