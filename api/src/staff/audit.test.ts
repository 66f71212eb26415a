import { staffStudentsWords } from "@ysp/content/staff-students";
import { staffPages } from "@ysp/contract";
import { uniqueTag } from "@ysp/testing/students";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseOn, databasesForFile } from "../../test/harness.ts";
import { type Db, pgErrorCode, queryRows } from "../db/client.ts";
import { staffAudit, staffMembers } from "../db/schema.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { type AuditRow, auditHtml, createStaffAudit } from "./audit.ts";

const databases = databasesForFile();
const words = staffStudentsWords.audit;

/** A member of staff, as enrolment leaves one: their id and address. */
async function addMember(db: Db) {
  const [member] = await db
    .insert(staffMembers)
    .values({ email: `member.${uniqueTag()}@ysp.example`, role: "admin" })
    .returning({ id: staffMembers.id, email: staffMembers.email });
  if (!member) throw new Error("no member was written");
  return member;
}

/** A look on record at `at`, as a look writes it (student-lookup.ts). */
async function addLook(db: Db, memberId: string, studentId: string, at: Date, reason: string) {
  const [row] = await db
    .insert(staffAudit)
    .values({
      staffMemberId: memberId,
      action: "student_lookup",
      studentId,
      shown: "account,sessions",
      reason,
      createdAt: at,
    })
    .returning({ id: staffAudit.id });
  if (!row) throw new Error("no look was written");
  return row.id;
}

/** The message PostgreSQL refused `statement` with, through Drizzle's wrapper; none if it ran. */
async function refusal(db: Db, statement: SQL): Promise<string | undefined> {
  try {
    await db.execute(statement);
    return undefined;
  } catch (error) {
    let found: unknown = error;
    while (found instanceof Error && found.cause) found = found.cause;
    return found instanceof Error ? `${pgErrorCode(error)} ${found.message}` : String(found);
  }
}

describe.each(databases)("the audit of looks at students' data on $name", (testDb) => {
  const suite = databaseOn(testDb);
  // Far ahead of every other row of the file, so these are the newest.
  const base = Date.parse("2099-01-01T00:00:00Z");

  it("lists the looks newest first with who looked, page by page, and one student's oldest first", async () => {
    const audit = createStaffAudit(suite.database.db);
    const [ada, bola] = [await addMember(suite.database.db), await addMember(suite.database.db)];
    const student = crypto.randomUUID();
    const other = crypto.randomUUID();
    await addLook(suite.database.db, ada.id, student, new Date(base), "first");
    await addLook(suite.database.db, bola.id, other, new Date(base + 1000), "second");
    await addLook(suite.database.db, bola.id, student, new Date(base + 2000), "third");

    const newest = await audit.list({ limit: 2 });
    expect(newest.map((row) => [row.reason, row.memberEmail])).toEqual([
      ["third", bola.email],
      ["second", bola.email],
    ]);
    expect(newest[0]).toMatchObject({
      action: "student_lookup",
      studentId: student,
      shown: ["account", "sessions"],
      at: new Date(base + 2000),
    });
    const older = await audit.list({ limit: 2, before: newest.at(-1)?.at });
    expect(older[0]?.reason).toBe("first");
    expect((await audit.list()).length).toBeGreaterThanOrEqual(3);

    const looks = await audit.forStudent(student);
    expect(looks.map((row) => [row.reason, row.memberEmail])).toEqual([
      ["first", ada.email],
      ["third", bola.email],
    ]);
  });

  it("refuses UPDATE, DELETE and TRUNCATE at the database, and keeps every row", async () => {
    const member = await addMember(suite.database.db);
    const student = crypto.randomUUID();
    const id = await addLook(suite.database.db, member.id, student, new Date(base), "kept");
    const db = suite.database.db;
    for (const statement of [
      sql`update staff_audit set reason = 'changed' where id = ${id}`,
      sql`update staff_audit set student_id = gen_random_uuid()`,
      sql`delete from staff_audit where id = ${id}`,
      sql`delete from staff_audit`,
      sql`truncate staff_audit`,
      sql`truncate staff_audit cascade`,
    ])
      expect(await refusal(db, statement)).toMatch(/append-only/);
    // Removing the member does not take their looks with them either.
    expect(await refusal(db, sql`delete from staff_members where id = ${member.id}`)).toMatch(
      /^23503 /,
    );
    const rows = await queryRows<{ reason: string }>(
      db,
      sql`select reason from staff_audit where student_id = ${student}`,
    );
    expect(rows).toEqual([{ reason: "kept" }]);
  });
});

describe("the audit's HTML", () => {
  const row: AuditRow = {
    id: "3f9c2a10-7b4e-4d21-9a6f-0c8e5b1d2a74",
    // 06:52 UTC is 07:52 in Lagos (UTC+1 all year).
    at: new Date("2026-11-27T06:52:00Z"),
    memberEmail: "ngozi@ysp.example",
    action: "student_lookup",
    studentId: "8d0e6c7a-1b2c-4d3e-8f90-a1b2c3d4e5f6",
    shown: ["account", "sessions", "something-new"],
    reason: 'A parent asked <script>alert("x")</script>',
  };
  const sections = staffStudentsWords.account.sections;

  it("is a table of the looks, every value escaped, in Lagos time", () => {
    const html = auditHtml([row]);
    expect(html).toContain(`<h1>${escapeHtml(words.title)}</h1>`);
    for (const column of Object.values(words.columns))
      expect(html).toContain(`<th scope="col">${column}</th>`);
    expect(html).toContain(
      '<td><time datetime="2026-11-27T06:52:00.000Z">27 November 2026 at 07:52</time></td>',
    );
    expect(html).toContain("<td>ngozi@ysp.example</td>");
    expect(html).toContain(
      `<td>${sections.account.title}, ${sections.sessions.title}, something-new</td>`,
    );
    expect(html).toContain(
      "<td>A parent asked &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td>",
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(words.older);
  });

  it("links to older looks when there are more, and says when there are none", () => {
    expect(auditHtml([row], { hasOlder: true })).toContain(
      `<a href="${staffPages.audit}?before=2026-11-27T06%3A52%3A00.000Z">${words.older}</a>`,
    );
    expect(auditHtml([])).toContain(`<p>${escapeHtml(words.none)}</p>`);
  });
});
