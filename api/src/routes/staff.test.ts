import type { StaffRole } from "@ysp/contract/staff";
import { staffCeremonies, staffLifetimes, staffPages } from "@ysp/contract/staff";
import { sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  appOnDatabase,
  appWithMailOn,
  bearer,
  databasesForFile,
  formHeaders,
  makeConfig,
  pgliteForFile,
  signUp,
  signUpAndLogIn,
  testCookies,
  testPublicUrl,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import {
  type PasskeyAuthenticator,
  passkeyAuthenticator,
  type Tampering,
} from "../../test/passkey-authenticator.ts";
import { type Database, queryRows } from "../db/client.ts";
import { createLinkTokens, hashToken } from "../mail/link-tokens.ts";
import { createMailQueue } from "../mail/mail-queue.ts";
import { createStaffMembers } from "../staff/members.ts";

const sessionCookie = testCookies.staff.name;
const challengeCookie = testCookies.staffChallenge.name;

/** `name=value` of the cookie an answer set, when it set one of that name with a value. */
function cookieSet(answer: LightMyRequestResponse, name: string): string | undefined {
  const headers = [answer.headers["set-cookie"] ?? []].flat();
  const line = headers.find((one) => one.startsWith(`${name}=`) && !one.startsWith(`${name}=;`));
  return line?.split(";")[0];
}

const json = (app: FastifyInstance, url: string, payload: unknown, cookie = "") =>
  app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

/** The app's clock, which the session tests move on. */
let clock = Date.parse("2026-11-30T09:00:00Z");

describe.each(databasesForFile())("the staff area on $name", (testDb) => {
  const suite = appWithMailOn(testDb, {}, () => clock);

  /** Invites `email` as `npm run staff -- invite` does, and answers with its mailed link's token. */
  async function invite(email: string, role: StaffRole): Promise<string> {
    const { database, app } = suite;
    const members = createStaffMembers(database.db, {
      tokens: createLinkTokens(makeConfig().jwtSecret),
      queue: createMailQueue(database.db, app.log),
      now: () => clock,
    });
    await members.invite(email, role, null);
    return tokenIn(await mailTo(suite.smtp, email, "Your YSP staff access"), staffPages.enrol);
  }

  /** Makes a passkey with an enrolment link: the session cookie it starts, or the refusal. */
  async function enrol(token: string, authenticator: PasskeyAuthenticator, tampering?: Tampering) {
    const { app } = suite;
    const options = await json(app, staffCeremonies.enrolOptions, { token });
    if (options.statusCode !== 200) return { answer: options };
    const challenge = cookieSet(options, challengeCookie) ?? "";
    const response = authenticator.create(options.json(), tampering);
    const answer = await json(app, staffCeremonies.enrol, { token, response }, challenge);
    return { answer, session: cookieSet(answer, sessionCookie) };
  }

  async function logIn(authenticator: PasskeyAuthenticator, tampering?: Tampering) {
    const { app } = suite;
    const options = await json(app, staffCeremonies.loginOptions, {});
    const challenge = cookieSet(options, challengeCookie) ?? "";
    const response = authenticator.get(options.json(), tampering);
    const answer = await json(app, staffCeremonies.login, { response }, challenge);
    return { answer, session: cookieSet(answer, sessionCookie) };
  }

  const open = (path: string, cookie = "") =>
    suite.app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });

  /** A new member with a passkey and a session. */
  async function member(role: StaffRole) {
    const email = `${role}-${crypto.randomUUID().slice(0, 8)}@ysp.example`;
    const authenticator = passkeyAuthenticator(testPublicUrl);
    const { session } = await enrol(await invite(email, role), authenticator);
    if (!session) throw new Error(`${email} could not enrol`);
    return { email, authenticator, session };
  }

  it("an invitation makes one passkey, once, and starts a session", async () => {
    const token = await invite("ada.staff@ysp.example", "admin");
    const page = await open(`${staffPages.enrol}?token=${token}`);
    expect(page.body).toContain('<div id="staff-enrol-expired" hidden="">');
    const authenticator = passkeyAuthenticator(testPublicUrl);
    const { answer, session } = await enrol(token, authenticator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ next: staffPages.home });
    expect(answer.headers["set-cookie"]).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${sessionCookie}=[\\w-]{43}; Path=/; Max-Age=${staffLifetimes.session.seconds}; HttpOnly; SameSite=Strict; Secure$`,
        ),
      ),
    );
    const home = await open(staffPages.home, session);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("ada.staff@ysp.example");
    expect(home.headers["cache-control"]).toBe("no-store");
    expect(home.headers["x-robots-tag"]).toBe("noindex, nofollow");

    // Used: the page says so, and neither post takes it again.
    expect((await open(`${staffPages.enrol}?token=${token}`)).body).toContain(
      '<div id="staff-enrol-form" hidden="">',
    );
    expect((await enrol(token, passkeyAuthenticator(testPublicUrl))).answer.statusCode).toBe(401);
  });

  it("an invitation's link works for 24 hours", async () => {
    const token = await invite("late.staff@ysp.example", "staff");
    const expired = '<div id="staff-enrol-expired" hidden="">';
    clock += staffLifetimes.enrol.seconds * 1000 - 60_000;
    expect((await open(`${staffPages.enrol}?token=${token}`)).body).toContain(expired);
    clock += 120_000;
    expect((await open(`${staffPages.enrol}?token=${token}`)).body).not.toContain(expired);
    expect((await enrol(token, passkeyAuthenticator(testPublicUrl))).answer.statusCode).toBe(401);
  });

  it("two enrolments with one link at once make one passkey", async () => {
    const token = await invite("twice.staff@ysp.example", "staff");
    const [one, other] = await Promise.all([
      enrol(token, passkeyAuthenticator(testPublicUrl)),
      enrol(token, passkeyAuthenticator(testPublicUrl)),
    ]);
    expect([one.answer.statusCode, other.answer.statusCode].sort()).toEqual([200, 401]);
    const [row] = await count(suite.database, "twice.staff@ysp.example");
    expect(row?.passkeys).toBe(1);
  });

  it("a passkey logs in; another site's origin, an unverified user or no challenge do not", async () => {
    const { authenticator } = await member("staff");
    expect(
      (await logIn(authenticator, { origin: "https://ysp.example.evil.ng" })).session,
    ).toBeUndefined();
    expect((await logIn(authenticator, { userVerified: false })).session).toBeUndefined();
    const options = await json(suite.app, staffCeremonies.loginOptions, {});
    const response = authenticator.get(options.json());
    const noChallenge = await json(suite.app, staffCeremonies.login, { response });
    expect(noChallenge.statusCode).toBe(401);
    const { answer, session } = await logIn(authenticator);
    expect(answer.statusCode).toBe(200);
    expect((await open(staffPages.home, session)).statusCode).toBe(200);
  });

  it("a passkey whose signature counter goes back, as a copy's would, is refused", async () => {
    const { authenticator } = await member("staff");
    for (let login = 0; login < 3; login++)
      expect((await logIn(authenticator)).answer.statusCode).toBe(200);
    expect((await logIn(authenticator, { counter: 2 })).answer.statusCode).toBe(401);
    expect((await logIn(authenticator)).answer.statusCode).toBe(200);
  });

  it("a challenge given for an enrolment does not serve a login", async () => {
    const { authenticator } = await member("staff");
    const token = await invite("other.staff@ysp.example", "staff");
    const enrolOptions = await json(suite.app, staffCeremonies.enrolOptions, { token });
    const loginOptions = await json(suite.app, staffCeremonies.loginOptions, {});
    const response = authenticator.get({
      ...loginOptions.json(),
      challenge: enrolOptions.json().challenge,
    });
    const answer = await json(
      suite.app,
      staffCeremonies.login,
      { response },
      cookieSet(enrolOptions, challengeCookie),
    );
    expect(answer.statusCode).toBe(401);
  });

  it("a session ends after 30 minutes without a request, and 12 hours after its login", async () => {
    const { session } = await member("staff");
    clock += 29 * 60_000;
    expect((await open(staffPages.home, session)).statusCode).toBe(200);
    clock += 29 * 60_000;
    expect((await open(staffPages.home, session)).statusCode).toBe(200);
    clock += 31 * 60_000;
    const idle = await open(staffPages.home, session);
    expect([idle.statusCode, idle.headers.location]).toEqual([303, staffPages.login]);

    const busy = await member("staff");
    for (let hour = 0; hour < 12; hour++) {
      clock += 20 * 60_000;
      expect((await open(staffPages.home, busy.session)).statusCode).toBe(200);
      clock += 20 * 60_000;
      expect((await open(staffPages.home, busy.session)).statusCode).toBe(200);
      clock += 20 * 60_000;
      const answer = await open(staffPages.home, busy.session);
      expect(answer.statusCode).toBe(hour < 11 ? 200 : 303);
    }
  });

  it("staff see no admin's page; an admin's removal ends a member's session at once", async () => {
    const admin = await member("admin");
    const staff = await member("staff");
    const frame = await open(staffPages.home, staff.session);
    expect(frame.body).toContain('<li id="staff-admin-links" hidden=""');
    expect((await open(staffPages.members, staff.session)).statusCode).toBe(403);
    const [row] = await count(suite.database, staff.email);
    const removal = await suite.app.inject({
      method: "POST",
      url: `${staffPages.members}/remove`,
      payload: `member=${row?.id}`,
      headers: { ...formHeaders, cookie: admin.session },
    });
    expect([removal.statusCode, removal.headers.location]).toEqual([
      303,
      `${staffPages.members}?done=removed`,
    ]);
    expect((await open(staffPages.home, staff.session)).headers.location).toBe(staffPages.login);
    expect((await logIn(staff.authenticator)).answer.statusCode).toBe(401);
    // Admins cannot remove themselves, so the area always keeps one.
    const [self] = await count(suite.database, admin.email);
    const own = await suite.app.inject({
      method: "POST",
      url: `${staffPages.members}/remove`,
      payload: `member=${self?.id}`,
      headers: { ...formHeaders, cookie: admin.session },
    });
    expect(own.statusCode).toBe(400);
  });

  it("another site's form post to the staff area is refused, cookie and all", async () => {
    const admin = await member("admin");
    const answer = await suite.app.inject({
      method: "POST",
      url: staffPages.members,
      payload: "email=mallory%40evil.ng&role=admin",
      headers: { ...formHeaders, cookie: admin.session, "sec-fetch-site": "cross-site" },
    });
    expect(answer.statusCode).toBe(403);
    expect(await count(suite.database, "mallory@evil.ng")).toEqual([]);
    // A mistyped address comes back in its field, marked, and nobody is invited.
    const mistyped = await suite.app.inject({
      method: "POST",
      url: staffPages.members,
      payload: "email=ada%40ysp&role=admin",
      headers: { ...formHeaders, cookie: admin.session },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.body).toMatch(/value="ada@ysp" aria-invalid="true"/);
    expect(mistyped.body).toContain('<option value="admin" selected>');
  });

  it("a student's access token or data session opens nothing under /staff", async () => {
    const login = await signUpAndLogIn(suite.app);
    const { access } = login.json();
    for (const path of [staffPages.home, staffPages.members, staffPages.passkeys]) {
      const answer = await suite.app.inject({ method: "GET", url: path, headers: bearer(access) });
      expect([answer.statusCode, answer.headers.location], path).toEqual([303, staffPages.login]);
    }
    const post = await suite.app.inject({
      method: "POST",
      url: staffCeremonies.addOptions,
      payload: {},
      headers: bearer(access),
    });
    expect(post.statusCode).toBe(401);
  });

  it("an admin's look at a student writes one audit row; staff can neither look nor read the audit", async () => {
    const admin = await member("admin");
    const staff = await member("staff");
    const { email } = await signUp(suite.app);
    const look = (cookie: string, reason = "Her mother called about the parent's email") =>
      suite.app.inject({
        method: "POST",
        url: staffPages.students,
        payload: new URLSearchParams({ email, reason }).toString(),
        headers: { ...formHeaders, cookie },
      });
    const refused = await look(staff.session);
    expect(refused.statusCode).toBe(403);
    const noReason = await look(admin.session, " ");
    expect(noReason.statusCode).toBe(400);
    const answer = await look(admin.session);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain(email);
    const rows = await queryRows<{ member: string; reason: string }>(
      suite.database.db,
      sql`select m.email as member, a.reason from staff_audit a
          join staff_members m on m.id = a.staff_member_id
          join users u on u.id = a.student_id where u.email = ${email}`,
    );
    expect(rows).toEqual([
      { member: admin.email, reason: "Her mother called about the parent's email" },
    ]);

    const listed = await open(staffPages.audit, admin.session);
    expect(listed.body).toContain("Her mother called about the parent&#39;s email");
    expect((await open(staffPages.audit, staff.session)).statusCode).toBe(403);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const change = await suite.app.inject({
        method,
        url: staffPages.audit,
        headers: { cookie: admin.session },
      });
      expect(change.statusCode, method).toBeGreaterThanOrEqual(400);
    }
  });

  it("the dashboard opens filtered, and each table downloads as a CSV file Excel reads", async () => {
    const staff = await member("staff");
    const dashboard = await open(`${staffPages.home}?source=whatsapp`, staff.session);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain("<svg");
    const csv = await open(`${staffPages.tables}/signups.csv?source=whatsapp`, staff.session);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="signups.csv"');
    expect(csv.headers["cache-control"]).toBe("no-store");
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    for (const file of ["nothing.csv", "signups.json", "signups"])
      expect((await open(`${staffPages.tables}/${file}`, staff.session)).statusCode, file).toBe(
        404,
      );
  });

  it("a member adds a passkey on another device, logs in with it, and removes the first", async () => {
    const { session, authenticator } = await member("staff");
    const other = await member("staff");
    const laptop = passkeyAuthenticator(testPublicUrl);
    const options = await json(suite.app, staffCeremonies.addOptions, {}, session);
    const challenge = cookieSet(options, challengeCookie) ?? "";
    const response = laptop.create(options.json());
    // Another member's session with this member's challenge adds nothing.
    const stolen = await json(
      suite.app,
      staffCeremonies.add,
      { response },
      `${other.session}; ${challenge}`,
    );
    expect(stolen.statusCode).toBe(401);
    const again = await json(suite.app, staffCeremonies.addOptions, {}, session);
    const added = await json(
      suite.app,
      staffCeremonies.add,
      { response: laptop.create(again.json()) },
      `${session}; ${cookieSet(again, challengeCookie)}`,
    );
    expect(added.json()).toEqual({ next: `${staffPages.passkeys}?done=passkey-added` });
    expect((await logIn(laptop)).session).toBeDefined();

    const [first] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`select p.id from staff_passkeys p join staff_sessions s using (staff_member_id)
          where s.token_hash = ${hashToken(session.split("=")[1] ?? "")} order by p.created_at limit 1`,
    );
    const removal = await suite.app.inject({
      method: "POST",
      url: `${staffPages.passkeys}/remove`,
      payload: `id=${encodeURIComponent(first?.id ?? "")}`,
      headers: { ...formHeaders, cookie: session },
    });
    expect(removal.headers.location).toBe(`${staffPages.passkeys}?done=passkey-removed`);
    expect((await logIn(authenticator)).answer.statusCode).toBe(401);
    expect((await logIn(laptop)).answer.statusCode).toBe(200);
  });

  it("a member keeps one passkey at least, and logging out ends the session", async () => {
    const { session } = await member("staff");
    const [passkey] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`select p.id from staff_passkeys p join staff_sessions s using (staff_member_id)
          where s.token_hash = ${hashToken(session.split("=")[1] ?? "")}`,
    );
    const removal = await suite.app.inject({
      method: "POST",
      url: `${staffPages.passkeys}/remove`,
      payload: `id=${passkey?.id}`,
      headers: { ...formHeaders, cookie: session },
    });
    expect(removal.headers.location).toBe(`${staffPages.passkeys}?done=last-passkey`);
    const out = await suite.app.inject({
      method: "POST",
      url: staffPages.logout,
      payload: "",
      headers: { ...formHeaders, cookie: session },
    });
    expect([out.statusCode, out.headers.location]).toEqual([303, staffPages.login]);
    expect((await open(staffPages.home, session)).headers.location).toBe(staffPages.login);
  });
});

describe("where the staff area is not served", () => {
  const suite = appOnDatabase(pgliteForFile(), { staffArea: false });

  it("every /staff address is a page not found", async () => {
    for (const path of [staffPages.home, staffPages.login, staffPages.enrol, staffPages.members]) {
      const answer = await suite.app.inject({ method: "GET", url: path });
      expect(answer.statusCode, path).toBe(404);
    }
  });
});

/** The member of this address and how many passkeys they hold. */
async function count(database: Database, email: string) {
  return queryRows<{ id: string; passkeys: number }>(
    database.db,
    sql`select m.id, count(p.id)::int as passkeys from staff_members m
        left join staff_passkeys p on p.staff_member_id = m.id
        where m.email = ${email} group by m.id`,
  );
}
