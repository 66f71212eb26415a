import { staffReasonLength, staffStudentsWords } from "@ysp/content/staff-students";
import { staffPages, yourDataApi } from "@ysp/contract";
import { makeStudent, uniqueTag } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appWithMailOn,
  bearer,
  databasesForFile,
  logIn,
  makeConfig,
  openDataLink,
  post,
  signUp,
} from "../../test/harness.ts";
import { userAgents } from "../../test/user-agents.ts";
import { addressHasher } from "../accounts/data-requests.ts";
import { deviceName } from "../auth/devices.ts";
import { type Db, queryRows } from "../db/client.ts";
import { staffMembers } from "../db/schema.ts";
import {
  createStudentLookup,
  type LookUpOutcome,
  type StudentLookup,
  studentLookupFormHtml,
  studentLookupHtml,
} from "./student-lookup.ts";

const databases = databasesForFile();
const problems = staffStudentsWords.problems;

/** Every part a look shows, as its audit row names them. */
const allParts =
  "account,signed_up_from,invites,google_sign_in,guardian_requests,consent_records,sessions,newsletter,data_requests";

/** A member of staff, as enrolment leaves one: their id and address. */
async function addMember(
  db: Db,
  { role = "admin", removed = false }: { role?: "admin" | "staff"; removed?: boolean } = {},
) {
  const [member] = await db
    .insert(staffMembers)
    .values({
      email: `member.${uniqueTag()}@ysp.example`,
      role,
      removedAt: removed ? new Date() : null,
    })
    .returning({ id: staffMembers.id, email: staffMembers.email });
  if (!member) throw new Error("no member was written");
  return member;
}

type AuditRecord = { staff_member_id: string; action: string; shown: string; reason: string };

/** The audit rows about one account, oldest first. */
const rowsAbout = (db: Db, studentId: string) =>
  queryRows<AuditRecord>(
    db,
    sql`select staff_member_id, action, shown, reason from staff_audit
        where student_id = ${studentId} order by created_at`,
  );

const allRows = async (db: Db) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from staff_audit`))[0]?.n;

function found(outcome: LookUpOutcome): StudentLookup {
  if (!("parts" in outcome)) throw new Error(`the look found nothing: ${JSON.stringify(outcome)}`);
  return outcome;
}

describe.each(databases)("a look at a student's account on $name", (testDb) => {
  const suite = appWithMailOn(testDb);
  const lookUps = () =>
    createStudentLookup(suite.database.db, addressHasher(makeConfig().jwtSecret), Date.now);

  it("shows the account's state and writes exactly one row: who, whose account, what, why", async () => {
    const student = await signUp(suite.app, makeStudent({ utm_campaign: "waec" }));
    await logIn(suite.app, student, userAgents.tecnoWebView);
    await post(suite.app, "/api/v1/newsletter/", { email: student.email, source: "/faqs" });
    // Asking for a data link is a data request, kept by the address's keyed hash.
    await openDataLink(suite.app, suite.smtp, student.email);
    const admin = await addMember(suite.database.db);

    const look = found(
      await lookUps().lookUp({
        memberId: admin.id,
        email: `  ${student.email.toUpperCase()} `,
        reason: "  Her parent called: the permission email never came.  ",
      }),
    );
    const { parts } = look;
    expect(parts.account).toMatchObject({
      email: student.email,
      name: `${student.first_name} ${student.last_name}`,
      email_confirmed_at: null,
    });
    expect(parts.signed_up_from.utm_campaign).toBe("waec");
    expect(parts.invites).toMatchObject({ invited_by_another_student: false, students_invited: 0 });
    expect(parts.google_sign_in).toEqual({ linked: false, linked_at: null });
    expect(parts.consent_records.map((record) => record.kind)).toContain("terms_accepted");
    expect(parts.sessions).toMatchObject({
      live: 1,
      devices: [deviceName(userAgents.tecnoWebView)],
    });
    expect(parts.sessions.last_login).toBeInstanceOf(Date);
    expect(parts.newsletter.asked_at).toBeInstanceOf(Date);
    expect(parts.data_requests.map((request) => request.kind)).toContain("link");

    expect(await rowsAbout(suite.database.db, parts.account.id)).toEqual([
      {
        staff_member_id: admin.id,
        action: "student_lookup",
        shown: allParts,
        reason: "Her parent called: the permission email never came.",
      },
    ]);
  });

  it("writes nothing for an unknown address, a missing or bad reason, a bad address or a member who may not look", async () => {
    const student = await signUp(suite.app);
    const admin = await addMember(suite.database.db);
    const before = await allRows(suite.database.db);
    const look = (email: string, reason: string, memberId = admin.id) =>
      lookUps().lookUp({ memberId, email, reason });
    const reasonError = (message: string) => ({ error: { field: "reason", message } });

    expect(await look(makeStudent().email, "A parent asked")).toEqual({ notFound: true });
    expect(await look(student.email, "")).toEqual(reasonError(problems.reasonRequired));
    expect(await look(student.email, "   \n ")).toEqual(reasonError(problems.reasonRequired));
    expect(await look(student.email, " ab ")).toEqual(reasonError(problems.reasonShort));
    expect(await look(student.email, "é".repeat(staffReasonLength.max + 1))).toEqual(
      reasonError(problems.reasonLong),
    );
    expect(await look(student.email, "A parent\u0000 asked")).toEqual(
      reasonError(problems.reasonNotText),
    );
    expect(await look("", "A parent asked")).toEqual({
      error: { field: "email", message: problems.emailRequired },
    });
    expect(await look("not an address", "A parent asked")).toEqual({
      error: { field: "email", message: problems.emailInvalid },
    });
    const staff = await addMember(suite.database.db, { role: "staff" });
    const removed = await addMember(suite.database.db, { removed: true });
    expect(await look(student.email, "A parent asked", staff.id)).toEqual({ notAllowed: true });
    expect(await look(student.email, "A parent asked", removed.id)).toEqual({ notAllowed: true });
    expect(await allRows(suite.database.db)).toBe(before);

    // At the limits, a reason is taken: 3 characters, and 500 (counted as a person counts them).
    found(await look(student.email, "abc"));
    found(await look(student.email, "é".repeat(staffReasonLength.max)));
    expect(await allRows(suite.database.db)).toBe((before ?? 0) + 2);
  });

  it("writes two rows for two looks at once", async () => {
    const student = await signUp(suite.app);
    const [first, second] = [
      await addMember(suite.database.db),
      await addMember(suite.database.db),
    ];
    const looks = await Promise.all(
      [first, second].map((member) =>
        lookUps().lookUp({
          memberId: member.id,
          email: student.email,
          reason: `Asked by ${member.email}`,
        }),
      ),
    );
    const studentId = found(looks[0] ?? { notFound: true }).parts.account.id;
    const rows = await rowsAbout(suite.database.db, studentId);
    expect(rows.map((row) => row.staff_member_id).sort()).toEqual([first.id, second.id].sort());
  });

  it("is in the student's own download, through its route: when and why, not who", async () => {
    const student = await signUp(suite.app);
    const admin = await addMember(suite.database.db);
    const look = found(
      await lookUps().lookUp({
        memberId: admin.id,
        email: student.email,
        reason: "The student wrote to support: they cannot log in.",
      }),
    );
    const { access } = await openDataLink(suite.app, suite.smtp, student.email);
    const answer = await suite.app.inject({ url: `${yourDataApi}/`, headers: bearer(access) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().staff_looks).toEqual([
      {
        at: look.recorded.at.toISOString(),
        reason: "The student wrote to support: they cannot log in.",
      },
    ]);
    expect(answer.body).not.toContain(admin.email);
    expect(answer.body).not.toContain(admin.id);
  });
});

describe("a look's HTML", () => {
  // 06:52 UTC is 07:52 in Lagos (UTC+1 all year).
  const at = new Date("2026-11-27T06:52:00Z");
  const look: StudentLookup = {
    recorded: { id: "3f9c2a10-7b4e-4d21-9a6f-0c8e5b1d2a74", at },
    parts: {
      account: {
        id: "8d0e6c7a-1b2c-4d3e-8f90-a1b2c3d4e5f6",
        name: "Ada <b>Obi</b>",
        email: "ada@example.ng",
        created_at: at,
        email_confirmed_at: null,
      },
      signed_up_from: {
        utm_source: "whatsapp",
        utm_medium: null,
        utm_campaign: null,
        referrer: null,
      },
      invites: { referral_code: "K7QX9M", invited_by_another_student: true, students_invited: 2 },
      google_sign_in: { linked: false, linked_at: null },
      guardian_requests: [],
      consent_records: [{ kind: "guardian_granted", at }],
      sessions: { live: 2, last_login: at, devices: ["iPhone", null] },
      newsletter: { asked_at: null, confirmed_at: null, unsubscribed_at: null },
      data_requests: [],
    },
  };
  const words = staffStudentsWords.account;

  it("is a section a part, in Lagos time, every value escaped", () => {
    const html = studentLookupHtml(look);
    expect(html.match(/<h2>/g)).toHaveLength(Object.keys(words.sections).length);
    expect(html).toContain("<h2>Account</h2>");
    expect(html).toContain(
      '<time datetime="2026-11-27T06:52:00.000Z">27 November 2026 at 07:52</time>',
    );
    expect(html).toContain("<dd>Ada &lt;b&gt;Obi&lt;/b&gt;</dd>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(`<dd>${words.values.guardian_granted}</dd>`);
    expect(html).toContain(`<dd>iPhone, ${words.unknownDevice}</dd>`);
    expect(html).toContain(`<p>${words.none}</p>`);
  });

  it("asks for the address and the reason, with a problem under its field and the field marked", () => {
    const form = studentLookupFormHtml({
      email: 'ada"@example.ng',
      reason: "<hm>",
      error: { field: "reason", message: problems.reasonShort },
    });
    expect(form).toContain(
      `<form method="post" action="${staffPages.students}" class="staff-form">`,
    );
    expect(form).toContain('<label for="look-email">');
    expect(form).toContain('<label for="look-reason">');
    expect(form).toContain('value="ada&quot;@example.ng"');
    expect(form).toContain(">&lt;hm&gt;</textarea>");
    expect(form).toMatch(
      /<textarea [^>]*aria-describedby="look-reason-hint look-reason-error" aria-invalid="true"/,
    );
    expect(form).toContain(
      `<p id="look-reason-error" class="field-error" role="alert">${problems.reasonShort}</p>`,
    );
    expect(form).not.toMatch(/<input [^>]*aria-invalid/);
    const missing = studentLookupFormHtml({ email: "Nobody@Example.ng", notFound: true });
    expect(missing).toContain(staffStudentsWords.lookUp.notFound("nobody@example.ng"));
    expect(missing).not.toContain('role="alert"');
  });
});
