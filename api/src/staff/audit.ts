import { staffStudentsWords } from "@ysp/content/staff-students";
import { staffPages } from "@ysp/contract";
import { asc, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { staffAudit, staffMembers } from "../db/schema.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { momentWords } from "../pages/lagos-time.ts";

const words = staffStudentsWords.audit;
const partTitles: Readonly<Record<string, { title: string }>> = staffStudentsWords.account.sections;

/** A look at a student's data, as the audit lists it. */
export type AuditRow = {
  id: string;
  at: Date;
  /** The member who looked, by their address. */
  memberEmail: string;
  action: (typeof staffAudit.$inferSelect)["action"];
  /** The account looked at, by id alone: the row outlives an erased account (schema.ts). */
  studentId: string;
  /** The parts of the account that were shown, in the order shown. */
  shown: string[];
  reason: string;
};

export type StaffAudit = ReturnType<typeof createStaffAudit>;

/** The audit's rows with each member's address. */
const auditRows = (db: Db) =>
  db
    .select({
      id: staffAudit.id,
      at: staffAudit.createdAt,
      memberEmail: staffMembers.email,
      action: staffAudit.action,
      studentId: staffAudit.studentId,
      shown: staffAudit.shown,
      reason: staffAudit.reason,
    })
    .from(staffAudit)
    .innerJoin(staffMembers, eq(staffMembers.id, staffAudit.staffMemberId))
    .$dynamic();

const asAuditRow = (row: Omit<AuditRow, "shown"> & { shown: string }): AuditRow => ({
  ...row,
  shown: row.shown.split(","),
});

/**
 * Reading the record of every look by staff at a student's data. Rows are written only by the
 * look itself, in its transaction (student-lookup.ts), and never changed: no function here or
 * anywhere changes or deletes one, and the table's trigger refuses UPDATE, DELETE and TRUNCATE
 * to whoever tries (migration 0015).
 */
export function createStaffAudit(db: Db) {
  return {
    /** The newest looks first, `limit` of them, each before `before` when it is given. */
    async list({ limit = 100, before }: { limit?: number; before?: Date } = {}) {
      const rows = await auditRows(db)
        .where(before ? lt(staffAudit.createdAt, before) : undefined)
        .orderBy(desc(staffAudit.createdAt), desc(staffAudit.id))
        .limit(limit);
      return rows.map(asAuditRow);
    },

    /** Every look at one account, oldest first, as the student's own download lists them. */
    async forStudent(studentId: string): Promise<AuditRow[]> {
      const rows = await auditRows(db)
        .where(eq(staffAudit.studentId, studentId))
        .orderBy(asc(staffAudit.createdAt), asc(staffAudit.id));
      return rows.map(asAuditRow);
    },
  };
}

/** A moment in Lagos time, with its machine-readable form for whoever copies it. */
const timeHtml = (at: Date) =>
  `<time datetime="${at.toISOString()}">${escapeHtml(momentWords(at))}</time>`;

/** The parts a look showed, by the headings the look's page gave them. */
const shownWords = (shown: readonly string[]) =>
  shown.map((part) => partTitles[part]?.title ?? part).join(", ");

/** Each column's cell, by the columns' names in the content, so a column and its cells go together. */
const cellOf: Record<keyof typeof words.columns, (row: AuditRow) => string> = {
  at: (row) => timeHtml(row.at),
  member: (row) => escapeHtml(row.memberEmail),
  student: (row) => escapeHtml(row.studentId),
  shown: (row) => escapeHtml(shownWords(row.shown)),
  reason: (row) => escapeHtml(row.reason),
};
const columns = Object.keys(words.columns) as (keyof typeof words.columns)[];

const rowHtml = (row: AuditRow) =>
  `<tr>${columns.map((column) => `<td>${cellOf[column](row)}</td>`).join("")}</tr>`;

/**
 * /staff/audit's content: the looks as a table, newest first, every value escaped, and, when
 * there are more than the rows hold (`hasOlder`), a link to those before the last. The student
 * is named by account number, not address: this page is read without a reason on record, so
 * it shows no student's data.
 */
export function auditHtml(rows: readonly AuditRow[], { hasOlder = false } = {}): string {
  const intro = `<h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p>`;
  if (rows.length === 0) return `${intro}<p>${escapeHtml(words.none)}</p>`;
  const head = columns
    .map((column) => `<th scope="col">${escapeHtml(words.columns[column])}</th>`)
    .join("");
  const table = `<table><thead><tr>${head}</tr></thead><tbody>${rows.map(rowHtml).join("")}</tbody></table>`;
  const last = rows.at(-1);
  const older =
    hasOlder && last
      ? `<p><a href="${staffPages.audit}?before=${encodeURIComponent(last.at.toISOString())}">${escapeHtml(words.older)}</a></p>`
      : "";
  return intro + table + older;
}
