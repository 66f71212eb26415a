import { staffReasonLength, staffStudentsWords } from "@ysp/content/staff-students";
import { emailRule, normalizeEmail, staffPages } from "@ysp/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  consentRows,
  dataRequestRows,
  guardianRequestRows,
  newsletterRowsOf,
  sessionRows,
  signInProviderRows,
  studentsInvited,
} from "../accounts/personal-data.ts";
import { deviceName } from "../auth/devices.ts";
import { refreshTokenSeconds } from "../auth/tokens.ts";
import type { Db, Tx } from "../db/client.ts";
import { staffAudit, staffMembers, type User, users } from "../db/schema.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { momentWords } from "../pages/lagos-time.ts";
import { recordHtml } from "../pages/record-html.ts";

const words = staffStudentsWords;

/** What is wrong with the form's input, under the field it is about. */
export type LookUpError = { field: "email" | "reason"; message: string };

export type LookUpRequest = { memberId: string; email: string; reason: string };

export type StudentLookup = {
  /** The audit row this look wrote. */
  recorded: { id: string; at: Date };
  parts: LookUpParts;
};

/**
 * What a look comes to: the account's state, on record; no account with the address, or a
 * member who may not look (not an admin, or removed since their page loaded), with nothing
 * written; or what is wrong with the input.
 */
export type LookUpOutcome =
  | StudentLookup
  | { notFound: true }
  | { notAllowed: true }
  | { error: LookUpError };

type LookUpParts = Awaited<ReturnType<typeof readParts>>;
type Part = keyof LookUpParts;

/**
 * Every part of a look has a heading and a name for each of its fields: a part or a field added
 * without its words fails the typecheck here.
 */
const sections: {
  [K in Part]: {
    title: string;
    fields: Record<
      keyof (LookUpParts[K] extends readonly (infer Row)[] ? Row : LookUpParts[K]),
      string
    >;
  };
} = words.account.sections;

/** The parts a look shows, in the order its page shows them: what its audit row names. */
const shownParts = Object.keys(sections) as Part[];

// Control characters (other than tab and line breaks) are no part of a reason a person types,
// and PostgreSQL's text cannot hold NUL.
const notText = /[^\P{Cc}\t\n\r]/u;

function emailError(raw: string): string | null {
  if (raw.trim() === "") return words.problems.emailRequired;
  return emailRule.keeps(raw) ? null : words.problems.emailInvalid;
}

/** What is wrong with a reason, trimmed and composed as it is kept, or null. */
function reasonError(reason: string): string | null {
  const length = [...reason].length;
  if (length === 0) return words.problems.reasonRequired;
  if (length < staffReasonLength.min) return words.problems.reasonShort;
  if (length > staffReasonLength.max) return words.problems.reasonLong;
  return notText.test(reason) ? words.problems.reasonNotText : null;
}

/** Whether the member is an admin still on the staff, held so until the look's row is written. */
async function mayLook(tx: Tx, memberId: string): Promise<boolean> {
  const [member] = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.id, memberId),
        eq(staffMembers.role, "admin"),
        isNull(staffMembers.removedAt),
      ),
    )
    .for("share");
  return member !== undefined;
}

/** The account with this address, normalised as the sign-up keeps it. */
async function accountByEmail(tx: Tx, email: string): Promise<User | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)));
  return user;
}

/**
 * The account's logins as support asks about them: on how many phones or computers it is logged
 * in now (not logged out, and used within a refresh token's 7 days, as the sessions list
 * counts), when it last logged in, and the names of those phones and computers.
 */
async function sessionsOf(tx: Tx, userId: string, now: number) {
  const sessions = await sessionRows(tx, userId);
  const since = now - refreshTokenSeconds * 1000;
  const live = sessions.filter(
    (session) =>
      session.ended_at === null &&
      (session.last_refreshed_at ?? session.created_at).getTime() > since,
  );
  return {
    live: live.length,
    last_login: sessions.at(-1)?.created_at ?? null,
    devices: [...new Set(live.map((session) => deviceName(session.device)))],
  };
}

/** The newsletter of the account's address: when it was asked for, confirmed and stopped. */
async function newsletterOf(tx: Tx, email: string) {
  const [row] = await newsletterRowsOf(tx, email);
  return {
    asked_at: row?.asked_at ?? null,
    confirmed_at: row?.confirmed_at ?? null,
    unsubscribed_at: row?.unsubscribed_at ?? null,
  };
}

/** The account's state, part by part, read in the look's transaction. */
async function readParts(tx: Tx, user: User, emailHash: string, now: number) {
  const providers = await signInProviderRows(tx, user.id);
  return {
    account: {
      id: user.id,
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      created_at: user.createdAt,
      email_confirmed_at: user.emailVerifiedAt,
    },
    signed_up_from: {
      utm_source: user.utmSource,
      utm_medium: user.utmMedium,
      utm_campaign: user.utmCampaign,
      referrer: user.referrerDomain,
    },
    invites: {
      referral_code: user.referralCode,
      invited_by_another_student: user.referredBy !== null,
      students_invited: await studentsInvited(tx, user),
    },
    google_sign_in: { linked: providers.length > 0, linked_at: providers[0]?.linked_at ?? null },
    guardian_requests: await guardianRequestRows(tx, user.id),
    consent_records: (await consentRows(tx, user)).map(({ kind, at }) => ({ kind, at })),
    sessions: await sessionsOf(tx, user.id, now),
    newsletter: await newsletterOf(tx, user.email),
    data_requests: await dataRequestRows(tx, emailHash),
  };
}

/**
 * An admin's look at one student's account, by address (/staff/students): the reason is
 * required, and the look and its audit row are one transaction, so nothing is shown that is not
 * on record and nothing is on record that was not shown. `emailHash` is how data requests keep
 * an address (data-requests.ts), to find the student's among them.
 */
export function createStudentLookup(
  db: Db,
  emailHash: (email: string) => string,
  now: () => number,
) {
  return {
    async lookUp({ memberId, email, reason: raw }: LookUpRequest): Promise<LookUpOutcome> {
      const reason = raw.trim().normalize("NFC");
      const emailMessage = emailError(email);
      if (emailMessage) return { error: { field: "email", message: emailMessage } };
      const reasonMessage = reasonError(reason);
      if (reasonMessage) return { error: { field: "reason", message: reasonMessage } };
      return db.transaction(async (tx): Promise<LookUpOutcome> => {
        if (!(await mayLook(tx, memberId))) return { notAllowed: true };
        const user = await accountByEmail(tx, email);
        if (!user) return { notFound: true };
        const at = new Date(now());
        const [row] = await tx
          .insert(staffAudit)
          .values({
            staffMemberId: memberId,
            action: "student_lookup",
            studentId: user.id,
            shown: shownParts.join(","),
            reason,
            createdAt: at,
          })
          .returning({ id: staffAudit.id });
        if (!row) throw new Error("The look's audit row was not written");
        const parts = await readParts(tx, user, emailHash(user.email), at.getTime());
        return { recorded: { id: row.id, at }, parts };
      });
    },
  };
}

const records = recordHtml({ ...words.account, unknownItem: words.account.unknownDevice });

const partHtml = (part: Part, value: unknown): string =>
  records.section(sections[part].title, sections[part].fields as Record<string, string>, value);

/**
 * A look's account as HTML for /staff/students: when it went on record, then a section a part,
 * a list of fields for a record and a numbered list of them for a table, every value escaped.
 */
export function studentLookupHtml({ recorded, parts }: StudentLookup): string {
  const onRecord = `<p>${escapeHtml(words.account.recorded)} <time datetime="${recorded.at.toISOString()}">${escapeHtml(momentWords(recorded.at))}</time>. ${escapeHtml(words.account.times)}</p>`;
  return onRecord + shownParts.map((part) => partHtml(part, parts[part])).join("");
}

/** What the look-up form shows: what was typed, what is wrong with it, or that no account has it. */
export type LookUpForm = {
  email?: string;
  reason?: string;
  error?: LookUpError;
  notFound?: boolean;
};

/** A field's error line, and the attributes that mark the field invalid and described by it. */
function fieldError(id: string, field: LookUpError["field"], error?: LookUpError) {
  if (error?.field !== field) return { line: "", invalid: "" };
  return {
    line: `<p id="${id}-error" class="field-error" role="alert">${escapeHtml(error.message)}</p>`,
    invalid: ` aria-invalid="true" autofocus`,
  };
}

/**
 * /staff/students' form, a plain POST that works without script: the student's address and the
 * reason, each labelled, the reason's hint read with it, and a problem under its field, which
 * is marked invalid and described by it. The browser checks what it can first (required,
 * lengths); the server checks it all again (lookUp).
 */
export function studentLookupFormHtml({ email = "", reason = "", error, notFound }: LookUpForm) {
  const form = words.lookUp;
  const emailProblem = fieldError("look-email", "email", error);
  const reasonProblem = fieldError("look-reason", "reason", error);
  const emailDescribed = emailProblem.line ? ` aria-describedby="look-email-error"` : "";
  const reasonDescribed = `look-reason-hint${reasonProblem.line ? " look-reason-error" : ""}`;
  const missing = notFound
    ? `<p role="status">${escapeHtml(form.notFound(normalizeEmail(email)))}</p>`
    : "";
  return `<h1>${escapeHtml(form.title)}</h1><p>${escapeHtml(form.text)}</p>${missing}<form method="post" action="${staffPages.students}" class="staff-form">
<div class="field"><label for="look-email">${escapeHtml(form.email)}</label><input id="look-email" name="email" type="email" autocomplete="off" spellcheck="false" required value="${escapeHtml(email)}"${emailProblem.invalid}${emailDescribed}>${emailProblem.line}</div>
<div class="field"><label for="look-reason">${escapeHtml(form.reason)}</label><textarea id="look-reason" name="reason" rows="3" required minlength="${staffReasonLength.min}" maxlength="${staffReasonLength.max}" aria-describedby="${reasonDescribed}"${reasonProblem.invalid}>${escapeHtml(reason)}</textarea><p id="look-reason-hint" class="hint">${escapeHtml(form.reasonHint)}</p>${reasonProblem.line}</div>
<button type="submit" class="button button-primary">${escapeHtml(form.submit)}</button>
</form>`;
}

export type StudentLookups = ReturnType<typeof createStudentLookup>;
