import {
  dataRightsLifetimes,
  dataRightsPages,
  type GuardianConsentState,
  guardianRequestsPerAccount,
  type LinkProblem,
} from "@ysp/contract";
import { policyVersions } from "@ysp/web/content/legal/versions";
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { consentRecords, guardianRequests, users } from "../db/schema.ts";
import { hashToken, type LinkTokens } from "../mail/link-tokens.ts";
import type { MailQueue } from "../mail/mail-queue.ts";
import type { DataRequests } from "./data-requests.ts";
import { lockStudent } from "./students.ts";

const decisions = ["guardian_granted", "guardian_refused"] as const;

export type GuardianAnswer =
  | { decision: "grant"; guardianName: string; relationship: string }
  | { decision: "refuse" };

export type OpenedRequest =
  | { ok: true; requestId: string; userId: string; childName: string }
  | { ok: false; problem: LinkProblem };

/** What asking a parent came to: sent, not needed, or over the account's limit until a time. */
export type GuardianRequestOutcome =
  | { outcome: "sent" }
  | { outcome: "granted" }
  | { outcome: "limited"; retryAfterSeconds: number };

export type Guardians = ReturnType<typeof createGuardians>;

/**
 * A parent's or guardian's permission for a student under 18 (Nigeria Data Protection Act 2023,
 * s. 31): the student sends a request to the parent's address, the parent answers on
 * /guardian-consent, and the answer is a consent record with the policies' versions and the
 * request it answers. A refusal flags the account for erasure after 30 days (personal-data.ts, eraseRefused).
 */
export function createGuardians(
  db: Db,
  queue: MailQueue,
  tokens: LinkTokens,
  requests: DataRequests,
  now: () => number,
) {
  const lifetimeMs = dataRightsLifetimes.guardianConsent.seconds * 1000;
  const limitWindowMs = guardianRequestsPerAccount.windowSeconds * 1000;

  /**
   * Seconds until the account may send another request, or 0 when it may now. Read under the
   * account's lock, so two requests at once cannot both take the last place.
   */
  async function waitForNext(tx: Tx, userId: string): Promise<number> {
    const recent = await tx
      .select({ createdAt: guardianRequests.createdAt })
      .from(guardianRequests)
      .where(
        and(
          eq(guardianRequests.userId, userId),
          gt(guardianRequests.createdAt, new Date(now() - limitWindowMs)),
        ),
      )
      .orderBy(desc(guardianRequests.createdAt))
      .limit(guardianRequestsPerAccount.max);
    const oldest = recent[guardianRequestsPerAccount.max - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.createdAt.getTime() + limitWindowMs - now()) / 1000));
  }

  async function state(tx: Tx | Db, userId: string): Promise<GuardianConsentState> {
    const [decision] = await tx
      .select({ kind: consentRecords.kind })
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), inArray(consentRecords.kind, decisions)))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    if (decision?.kind === "guardian_granted") return "granted";
    const [pending] = await tx
      .select({ id: guardianRequests.id })
      .from(guardianRequests)
      .where(
        and(
          eq(guardianRequests.userId, userId),
          isNull(guardianRequests.answeredAt),
          isNull(guardianRequests.replacedAt),
          gt(guardianRequests.expiresAt, new Date(now())),
        ),
      )
      .limit(1);
    if (pending) return "pending";
    return decision ? "refused" : "none";
  }

  type Request = typeof guardianRequests.$inferSelect;
  const problemOf = (request: Request | undefined): LinkProblem | null => {
    if (!request) return "link_invalid";
    if (request.answeredAt) return "link_used";
    if (request.replacedAt) return "link_replaced";
    if (request.expiresAt.getTime() <= now()) return "link_expired";
    return null;
  };

  const open = async (tx: Tx | Db, token: string, lock: boolean): Promise<OpenedRequest> => {
    const query = tx
      .select({ request: guardianRequests, firstName: users.firstName, lastName: users.lastName })
      .from(guardianRequests)
      .innerJoin(users, eq(users.id, guardianRequests.userId))
      .where(eq(guardianRequests.tokenHash, hashToken(token)));
    const [row] = await (lock ? query.for("update", { of: guardianRequests }) : query);
    const problem = problemOf(row?.request);
    if (problem || !row) return { ok: false, problem: problem ?? "link_invalid" };
    return {
      ok: true,
      requestId: row.request.id,
      userId: row.request.userId,
      childName: `${row.firstName} ${row.lastName}`,
    };
  };

  return {
    state: (userId: string) => state(db, userId),

    /**
     * Sends a request to the guardian's address, replacing the one pending (one per account):
     * "granted" when permission is already given, "limited" when the account has sent its
     * day's requests; then nothing is sent.
     */
    async request(userId: string, guardianEmail: string): Promise<GuardianRequestOutcome> {
      const outcome = await db.transaction(async (tx): Promise<GuardianRequestOutcome> => {
        await lockStudent(tx, userId);
        if ((await state(tx, userId)) === "granted") return { outcome: "granted" };
        const retryAfterSeconds = await waitForNext(tx, userId);
        if (retryAfterSeconds > 0) return { outcome: "limited", retryAfterSeconds };
        const createdAt = new Date(now());
        await tx
          .update(guardianRequests)
          .set({ replacedAt: createdAt })
          .where(
            and(
              eq(guardianRequests.userId, userId),
              isNull(guardianRequests.answeredAt),
              isNull(guardianRequests.replacedAt),
            ),
          );
        const { nonce, tokenHash } = tokens.issue();
        const [request] = await tx
          .insert(guardianRequests)
          .values({
            userId,
            guardianEmail,
            tokenHash,
            createdAt,
            expiresAt: new Date(createdAt.getTime() + lifetimeMs),
          })
          .returning({ id: guardianRequests.id });
        if (!request) throw new Error("Inserting a guardian request returned no row");
        await queue.enqueue(tx, { kind: "guardian-request", guardianRequestId: request.id, nonce });
        return { outcome: "sent" };
      });
      if (outcome.outcome === "sent") queue.wake();
      return outcome;
    },

    /** The request a link opens, with the student's name, without answering it. */
    view: (token: string) => open(db, token, false),

    /**
     * Records the guardian's answer once. A refusal tells the student and starts the 30 days
     * after which the account is erased; permission given later stops that.
     */
    async answer(token: string, answer: GuardianAnswer): Promise<OpenedRequest> {
      const opened = await db.transaction(async (tx) => {
        const request = await open(tx, token, true);
        if (!request.ok) return request;
        const at = new Date(now());
        await tx
          .update(guardianRequests)
          .set({ answeredAt: at })
          .where(eq(guardianRequests.id, request.requestId));
        await tx.insert(consentRecords).values({
          kind: answer.decision === "grant" ? "guardian_granted" : "guardian_refused",
          userId: request.userId,
          guardianRequestId: request.requestId,
          termsVersion: policyVersions.terms,
          privacyVersion: policyVersions.privacy,
          sourcePage: dataRightsPages.guardianConsent,
          guardianName: answer.decision === "grant" ? answer.guardianName : null,
          guardianRelationship: answer.decision === "grant" ? answer.relationship : null,
          createdAt: at,
        });
        const [student] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, request.userId));
        if (!student)
          throw new Error("A guardian request's account vanished inside its transaction");
        if (answer.decision === "refuse") {
          await requests.record("guardian_refusal_erasure", student.email, { done: false }, tx);
          await queue.enqueue(tx, {
            kind: "guardian-refused",
            userId: request.userId,
            nonce: null,
          });
        } else {
          await requests.finish(
            tx,
            "guardian_refusal_erasure",
            student.email,
            "not needed: a parent or guardian gave permission",
          );
        }
        return request;
      });
      if (opened.ok && answer.decision === "refuse") queue.wake();
      return opened;
    },
  };
}
