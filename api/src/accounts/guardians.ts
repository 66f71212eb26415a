import { policyVersions } from "@ysp/content/legal/versions";
import {
  dataRightsLifetimes,
  dataRightsPages,
  type GuardianConsentState,
  guardianRequestsPerAccount,
  type LinkProblem,
} from "@ysp/contract";
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

/** A parent's answer as recorded: which, and when. */
export type RecordedAnswer = { decision: "granted" | "refused"; at: Date };

/**
 * What a parent's link opens: the request and the student's name; once answered, the latest
 * answer given by this link, and after a refusal the day the account goes, while no permission
 * has come since (null then).
 */
export type OpenedRequest =
  | {
      ok: true;
      requestId: string;
      userId: string;
      childName: string;
      answer: RecordedAnswer | null;
      erasureAt: Date | null;
    }
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
 * request it answers. A refusal flags the account for erasure after 30 days (personal-data.ts,
 * eraseRefused). A link once answered keeps showing its answer for as long as the account lasts,
 * past its 14 days, and a refusal on it may become permission: a new record, never an edit.
 */
export function createGuardians(
  db: Db,
  queue: MailQueue,
  tokens: LinkTokens,
  requests: DataRequests,
  now: () => number,
) {
  const lifetimeMs = dataRightsLifetimes.guardianConsent.seconds * 1000;
  const erasureAfterMs = dataRightsLifetimes.erasureAfterRefusal.seconds * 1000;
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

  /** The latest answer given by one request's link, if any. */
  async function answerOf(tx: Tx | Db, requestId: string): Promise<RecordedAnswer | null> {
    const [latest] = await tx
      .select({ kind: consentRecords.kind, at: consentRecords.createdAt })
      .from(consentRecords)
      .where(
        and(
          eq(consentRecords.guardianRequestId, requestId),
          inArray(consentRecords.kind, decisions),
        ),
      )
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    if (!latest) return null;
    return { decision: latest.kind === "guardian_granted" ? "granted" : "refused", at: latest.at };
  }

  /**
   * The account's latest answer from any parent, and its latest refusal: the erasure is due 30
   * days after that refusal while the latest answer is one (eraseRefused asks the same).
   */
  async function erasureAt(tx: Tx | Db, userId: string): Promise<Date | null> {
    const [latest] = await tx
      .select({ kind: consentRecords.kind })
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), inArray(consentRecords.kind, decisions)))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    if (latest?.kind !== "guardian_refused") return null;
    const [refusal] = await tx
      .select({ at: consentRecords.createdAt })
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), eq(consentRecords.kind, "guardian_refused")))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    return refusal ? new Date(refusal.at.getTime() + erasureAfterMs) : null;
  }

  /**
   * The request a link opens. Unanswered, it works until it is replaced or runs out; answered,
   * for as long as the account lasts (erasing it deletes the request), to show the answer.
   */
  const open = async (tx: Tx | Db, token: string, lock: boolean): Promise<OpenedRequest> => {
    const query = tx
      .select({ request: guardianRequests, firstName: users.firstName, lastName: users.lastName })
      .from(guardianRequests)
      .innerJoin(users, eq(users.id, guardianRequests.userId))
      .where(eq(guardianRequests.tokenHash, hashToken(token)));
    const [row] = await (lock ? query.for("update", { of: guardianRequests }) : query);
    if (!row) return { ok: false, problem: "link_invalid" };
    const { request } = row;
    const answer = request.answeredAt ? await answerOf(tx, request.id) : null;
    if (request.answeredAt && !answer) return { ok: false, problem: "link_used" };
    if (!answer && request.replacedAt) return { ok: false, problem: "link_replaced" };
    if (!answer && request.expiresAt.getTime() <= now())
      return { ok: false, problem: "link_expired" };
    return {
      ok: true,
      requestId: request.id,
      userId: request.userId,
      childName: `${row.firstName} ${row.lastName}`,
      answer,
      erasureAt: answer?.decision === "refused" ? await erasureAt(tx, request.userId) : null,
    };
  };

  /**
   * Whether the link may take this answer: any, while unanswered; after a refusal, permission
   * (a parent who changed their mind); after permission, nothing (it is withdrawn by writing
   * to us, as the consent page says).
   */
  const mayAnswer = (opened: OpenedRequest & { ok: true }, answer: GuardianAnswer) =>
    opened.answer === null || (opened.answer.decision === "refused" && answer.decision === "grant");

  /**
   * When to record an answer: now, or just after the account's latest answer if the clock has
   * not moved past it, so "the latest answer" is always one row (two in one millisecond tie).
   */
  async function answerTime(tx: Tx, userId: string): Promise<Date> {
    const [latest] = await tx
      .select({ at: consentRecords.createdAt })
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), inArray(consentRecords.kind, decisions)))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    return new Date(Math.max(now(), (latest?.at.getTime() ?? 0) + 1));
  }

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

    /** The request a link opens, with the student's name and any answer, without answering it. */
    view: (token: string) => open(db, token, false),

    /** The address of the account's newest request to a parent, as the student typed it. */
    async latestAddress(userId: string): Promise<string | undefined> {
      const [newest] = await db
        .select({ email: guardianRequests.guardianEmail })
        .from(guardianRequests)
        .where(and(eq(guardianRequests.userId, userId), isNull(guardianRequests.replacedAt)))
        .orderBy(desc(guardianRequests.createdAt))
        .limit(1);
      return newest?.email;
    },

    /**
     * Records the guardian's answer: once, or after a refusal, permission. A refusal tells the
     * student and starts the 30 days after which the account is erased; permission given later
     * stops that. The account is locked first, then the request, as eraseRefused and request()
     * lock them, so an answer and the erasure wait for each other instead of deadlocking: an
     * answer after the erasure finds no link.
     */
    async answer(token: string, answer: GuardianAnswer): Promise<OpenedRequest> {
      const opened = await db.transaction(async (tx): Promise<OpenedRequest> => {
        const [found] = await tx
          .select({ userId: guardianRequests.userId })
          .from(guardianRequests)
          .where(eq(guardianRequests.tokenHash, hashToken(token)));
        const student = found && (await lockStudent(tx, found.userId));
        if (!student) return { ok: false, problem: "link_invalid" };
        const request = await open(tx, token, true);
        if (!request.ok) return request;
        if (!mayAnswer(request, answer)) return { ok: false, problem: "link_used" };
        const at = await answerTime(tx, request.userId);
        if (!request.answer)
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
