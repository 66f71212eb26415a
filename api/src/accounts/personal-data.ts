import { dataRightsLifetimes, dataRightsPages } from "@ysp/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { deviceName } from "../auth/devices.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  accountLinks,
  authSessions,
  consentRecords,
  dataRequests,
  federatedIdentities,
  guardianRequests,
  mailOutbox,
  newsletterSubscriptions,
  type User,
  users,
} from "../db/schema.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import { createStaffAudit } from "../staff/audit.ts";
import type { DataRequests } from "./data-requests.ts";
import { byLowerEmail, type Newsletter } from "./newsletter.ts";
import { lockStudent, removeAccount } from "./students.ts";

export type PersonalData = ReturnType<typeof createPersonalData>;

/**
 * Whose parent or guardian last answered no, at least 30 days before `before`'s day: permission
 * given since makes the latest answer a yes, and the account stays.
 */
const refusedBefore = (before: Date) =>
  sql`(select kind from ${consentRecords} c
       where c.user_id = ${users.id} and c.kind in ('guardian_granted', 'guardian_refused')
       order by c.created_at desc limit 1) = 'guardian_refused'
      and (select max(created_at) from ${consentRecords} c
       where c.user_id = ${users.id} and c.kind = 'guardian_refused') <= ${before}`;

/** The account's sessions, oldest first: when each began, was last refreshed and ended. */
export const sessionRows = (db: Db, userId: string) =>
  db
    .select({
      created_at: authSessions.createdAt,
      last_refreshed_at: authSessions.rotatedAt,
      ended_at: authSessions.revokedAt,
      via: authSessions.via,
      device: authSessions.device,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt));

/** The providers' accounts that log in to the account, oldest first. */
export const signInProviderRows = (db: Db, userId: string) =>
  db
    .select({
      issuer: federatedIdentities.issuer,
      subject: federatedIdentities.subject,
      email: federatedIdentities.email,
      linked_at: federatedIdentities.linkedAt,
    })
    .from(federatedIdentities)
    .where(eq(federatedIdentities.userId, userId))
    .orderBy(asc(federatedIdentities.linkedAt));

/** The links mailed for the account, oldest first, their tokens left out. */
const linkRows = (db: Db, userId: string) =>
  db
    .select({
      purpose: accountLinks.purpose,
      email: accountLinks.email,
      created_at: accountLinks.createdAt,
      expires_at: accountLinks.expiresAt,
      used_at: accountLinks.usedAt,
      replaced_at: accountLinks.replacedAt,
    })
    .from(accountLinks)
    .where(eq(accountLinks.userId, userId))
    .orderBy(asc(accountLinks.createdAt));

/** The messages queued for the account, oldest first: what kind, and what became of each. */
const mailRows = (db: Db, userId: string) =>
  db
    .select({
      kind: mailOutbox.kind,
      queued_at: mailOutbox.createdAt,
      sent_at: mailOutbox.sentAt,
      failed_at: mailOutbox.failedAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(asc(mailOutbox.createdAt));

/** The consents recorded for the account, and for its address's newsletter row, oldest first. */
export const consentRows = (db: Db, user: User) =>
  db
    .select({
      kind: consentRecords.kind,
      at: consentRecords.createdAt,
      terms_version: consentRecords.termsVersion,
      privacy_version: consentRecords.privacyVersion,
      source_page: consentRecords.sourcePage,
      guardian_name: consentRecords.guardianName,
      guardian_relationship: consentRecords.guardianRelationship,
    })
    .from(consentRecords)
    .where(
      sql`${consentRecords.userId} = ${user.id} or ${consentRecords.subscriptionId} in (
              select id from ${newsletterSubscriptions} where lower(email) = ${user.email.toLowerCase()})`,
    )
    .orderBy(asc(consentRecords.createdAt));

/** The requests for a parent's permission, oldest first, their tokens left out. */
export const guardianRequestRows = (db: Db, userId: string) =>
  db
    .select({
      guardian_email: guardianRequests.guardianEmail,
      sent_at: guardianRequests.createdAt,
      expires_at: guardianRequests.expiresAt,
      replaced_at: guardianRequests.replacedAt,
      answered_at: guardianRequests.answeredAt,
    })
    .from(guardianRequests)
    .where(eq(guardianRequests.userId, userId))
    .orderBy(asc(guardianRequests.createdAt));

/** The newsletter row of the account's address, however its case is written. */
export const newsletterRowsOf = (db: Db, email: string) =>
  db
    .select({
      email: newsletterSubscriptions.email,
      asked_at: newsletterSubscriptions.createdAt,
      from_page: newsletterSubscriptions.sourcePage,
      confirmed_at: newsletterSubscriptions.confirmedAt,
      unsubscribed_at: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(byLowerEmail(email));

/** How many students the account invited: those whose accounts exist, and those since deleted. */
export async function studentsInvited(db: Db, user: User): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, user.id));
  return (row?.n ?? 0) + user.deletedReferrals;
}

/** The requests about the address's data (data-requests.ts), by its hash, oldest first. */
export const dataRequestRows = (db: Db, emailHash: string) =>
  db
    .select({
      kind: dataRequests.kind,
      asked_at: dataRequests.askedAt,
      done_at: dataRequests.doneAt,
      outcome: dataRequests.outcome,
    })
    .from(dataRequests)
    .where(eq(dataRequests.emailHash, emailHash))
    .orderBy(asc(dataRequests.askedAt));

/**
 * What a person can do with their own data once they have shown they hold the
 * mailbox (routes/your-data.ts): see all of it, correct their name, stop
 * marketing mail, delete the account. Every request is recorded (data-requests.ts).
 */
export function createPersonalData(
  db: Db,
  queue: MailQueue,
  requests: DataRequests,
  newsletter: Newsletter,
  now: () => number,
) {
  const audit = createStaffAudit(db);

  /**
   * Everything held about the account, table by table (the test of this checks every table
   * of the schema): secrets (password hash, token hashes, nonces) left out, as they describe
   * nothing about the person and would only help someone who stole the file.
   */
  async function exportFor(user: User) {
    const [
      sessions,
      links,
      mail,
      consents,
      guardians,
      newsletterRows,
      invited,
      asked,
      providers,
      looks,
    ] = await Promise.all([
      sessionRows(db, user.id),
      linkRows(db, user.id),
      mailRows(db, user.id),
      consentRows(db, user),
      guardianRequestRows(db, user.id),
      newsletterRowsOf(db, user.email),
      studentsInvited(db, user),
      dataRequestRows(db, requests.emailHash(user.email)),
      signInProviderRows(db, user.id),
      audit.forStudent(user.id),
    ]);
    return {
      exported_at: new Date(now()).toISOString(),
      account: {
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        user_type: user.userType,
        referral_code: user.referralCode,
        invited_by_another_student: user.referredBy !== null,
        created_at: user.createdAt,
        email_confirmed_at: user.emailVerifiedAt,
      },
      /** Counts only: the students you invited are people of their own. */
      referrals: { students_invited: invited },
      signed_up_from: {
        utm_source: user.utmSource,
        utm_medium: user.utmMedium,
        utm_campaign: user.utmCampaign,
        referrer: user.referrerDomain,
      },
      // The device by the name listSessions gives it, beside the User-Agent it was read from.
      sessions: sessions.map(({ device, ...session }) => ({
        ...session,
        device_name: deviceName(device),
        device,
      })),
      links_sent_by_email: links,
      emails: mail,
      consent_records: consents,
      guardian_requests: guardians,
      newsletter: newsletterRows,
      data_requests: asked,
      sign_in_providers: providers,
      // When and why, not who: a member looks on the company's behalf and the company answers
      // for it; their address is theirs, not the student's, and the reason is what the student
      // and their parent need to know.
      staff_looks: looks.map(({ at, reason }) => ({ at, reason })),
    };
  }

  /**
   * Removes the account and everything about it in `tx`: its rows in every table go with it
   * (foreign keys cascade), its newsletter row by address, and the student who invited it keeps
   * the count. The last message is queued with the address alone, cleared once it is sent.
   */
  async function erase(tx: Tx, user: User): Promise<void> {
    await tx.delete(newsletterSubscriptions).where(byLowerEmail(user.email));
    await removeAccount(tx, user);
    await queue.enqueue(tx, { kind: "account-deleted", toAddress: user.email, nonce: null });
  }

  return {
    async download(user: User) {
      const data = await exportFor(user);
      await requests.record("download", user.email);
      return data;
    },

    async correctName(user: User, firstName: string, lastName: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ firstName, lastName }).where(eq(users.id, user.id));
        await requests.record("correct", user.email, {}, tx);
      });
    },

    async stopMarketing(user: User): Promise<void> {
      await db.transaction(async (tx) => {
        await newsletter.withdraw(tx, byLowerEmail(user.email), dataRightsPages.manageYourData);
        await requests.record("stop_marketing", user.email, {}, tx);
      });
    },

    /** Deletes the account now; false when it was already gone. */
    async delete(userId: string): Promise<boolean> {
      const deleted = await db.transaction(async (tx) => {
        const user = await lockStudent(tx, userId);
        if (!user) return false;
        await erase(tx, user);
        await requests.record("delete", user.email, {}, tx);
        return true;
      });
      if (deleted) queue.wake();
      return deleted;
    },

    /**
     * Erases the accounts whose parent or guardian refused at least 30 days ago and has not
     * given permission since: each in its own transaction, skipping one another instance holds.
     */
    async eraseRefused(): Promise<number> {
      const before = new Date(now() - dataRightsLifetimes.erasureAfterRefusal.seconds * 1000);
      const due = await db.select({ id: users.id }).from(users).where(refusedBefore(before));
      let erased = 0;
      for (const { id } of due) {
        const done = await db.transaction(async (tx) => {
          // Asked again under the lock: permission may have come since the look.
          const [user] = await tx
            .select()
            .from(users)
            .where(and(eq(users.id, id), refusedBefore(before)))
            .for("update", { skipLocked: true });
          if (!user) return false;
          await erase(tx, user);
          await requests.finish(tx, "guardian_refusal_erasure", user.email, "erased");
          return true;
        });
        if (done) erased++;
      }
      if (erased > 0) queue.wake();
      return erased;
    },
  };
}
