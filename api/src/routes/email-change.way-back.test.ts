import {
  authMessages,
  emailChangeLifetimes,
  emailChangeMessages,
  type LoginResponse,
  yourDataApi,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appWithMailOn,
  bearer,
  countAccounts,
  databasesForFile,
  formHeaders,
  logIn as logInTo,
  post,
} from "../../test/harness.ts";
import { mailTo, nextMailTo, tokenIn } from "../../test/mail.ts";
import { queryRows } from "../db/client.ts";

/**
 * The way back a change of address mails to the old address, tried as the person who changed it
 * would try to keep the account: by taking the old address first, by keeping the password, by
 * starting another change. The mailbox must win every time.
 */
const databases = databasesForFile();

const changedSubject = "Your YSP email was changed";
const undoneSubject = "Your email is back: choose a new password";
const newAddress = () => makeStudent().email.replace("@", ".new@");

describe.each(databases)("the way back of a change of address, on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, {}, () => clock);
  const { smtp } = suite;

  const signUp = (student: Student) => post(suite.app, "/api/v1/auth/signup/", student);
  const logsIn = async (email: string, password: string) =>
    (await post(suite.app, "/api/v1/auth/login/", { email, password })).statusCode;
  const me = async (access: string) =>
    (await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) })).statusCode;
  const confirmLink = async (student: Student) => {
    const mail = await mailTo(smtp, student.email, "Confirm your email");
    return tokenIn(mail, "/verify-email");
  };
  const ask = (phone: LoginResponse, password: string, new_email: string) =>
    post(suite.app, "/api/v1/auth/email-change/", { password, new_email }, bearer(phone.access));
  const confirm = (token: string) =>
    post(suite.app, "/api/v1/auth/email-change/confirm/", { token });
  const undo = (token: string) => post(suite.app, "/api/v1/auth/email-change/undo/", { token });

  /**
   * A confirmed student whose address someone who knows the password has changed to `to`: the
   * token of the way back the old address got, and the intruder's session.
   */
  async function stolen(student = makeStudent()) {
    expect((await signUp(student)).statusCode).toBe(201);
    const verified = await post(suite.app, "/api/v1/auth/verify-email/", {
      token: await confirmLink(student),
    });
    expect(verified.statusCode).toBe(200);
    const intruder = await logInTo(suite.app, student);
    const to = newAddress();
    expect((await ask(intruder, student.password, to)).statusCode).toBe(202);
    const changedMail = nextMailTo(smtp, student.email, changedSubject);
    const confirmToken = tokenIn(
      await mailTo(smtp, to, "Confirm your new email"),
      "/change-email/confirm",
    );
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    const wayBack = tokenIn(await changedMail(), "/change-email/undo");
    return { student, to, wayBack, intruder: await logInTo(suite.app, { ...student, email: to }) };
  }

  /** An account written straight into the table on `email`, as a sign-up racing the change's confirm would leave it. */
  const standingOn = async (email: string, confirmed: boolean) => {
    const [row] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`insert into users (email, first_name, last_name, password_hash, referral_code, email_verified_at)
          values (${email}, 'Chidi', 'Obi', 'not-a-hash', ${`race-${Date.now()}-${Math.random()}`},
                  ${confirmed ? new Date(clock) : null})
          returning id`,
    );
    return row?.id ?? "";
  };
  /** The changes of address an account has asked for: whether each link was used. */
  const linksOf = (email: string) =>
    queryRows<{ purpose: string; used: boolean }>(
      suite.database.db,
      sql`select purpose, used_at is not null as used from account_links l
          join users u on u.id = l.user_id
          where lower(u.email) = ${email.toLowerCase()} and purpose = 'change_email'`,
    );
  const accountExists = async (id: string) =>
    (await queryRows(suite.database.db, sql`select 1 from users where id = ${id}`)).length === 1;

  it("keeps the old address for its way back: no sign-up or change may take it meanwhile", async () => {
    const { student, wayBack } = await stolen();
    // The intruder signs up on the student's old address: refused as a taken address.
    const taken = await signUp(makeStudent({ email: student.email.toUpperCase() }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toEqual({
      code: "email_taken",
      detail: authMessages.emailTaken,
      attr: "email",
    });
    // Nor may another account change to it: the same 202, and no link is made or mailed.
    const other = makeStudent();
    expect((await signUp(other)).statusCode).toBe(201);
    const asked = await ask(await logInTo(suite.app, other), other.password, student.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: emailChangeMessages.asked });
    expect(await linksOf(other.email)).toEqual([]);
    expect(await countAccounts(suite.database, student.email)).toBe(0);

    const undone = await undo(wayBack);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await countAccounts(suite.database, student.email)).toBe(1);
  });

  it("frees the address once its way back is used or has run out", async () => {
    const { student, wayBack } = await stolen();
    clock += emailChangeLifetimes.undo.seconds * 1000 + 1000;
    try {
      expect((await undo(wayBack)).json().errors[0].code).toBe("link_expired");
      expect((await signUp(makeStudent({ email: student.email }))).statusCode).toBe(201);
    } finally {
      clock = Date.now();
    }
  });

  it("refuses a confirm to an address a way back holds, and keeps its link", async () => {
    // Another account asked for an address before anyone had it; a student then signs up with
    // it, and someone moves the student's account off it.
    const other = makeStudent();
    expect((await signUp(other)).statusCode).toBe(201);
    const student = makeStudent();
    const early = await ask(await logInTo(suite.app, other), other.password, student.email);
    expect(early.statusCode).toBe(202);
    const earlyToken = tokenIn(
      await mailTo(smtp, student.email, "Confirm your new email"),
      "/change-email/confirm",
    );
    const { wayBack } = await stolen(student);
    const refused = await confirm(earlyToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe("email_taken");
    expect(await linksOf(other.email)).toEqual([{ purpose: "change_email", used: false }]);
    expect((await undo(wayBack)).statusCode).toBe(200);
    expect(await countAccounts(suite.database, student.email)).toBe(1);
  });

  it("deletes an account made on the address since, never confirmed, and gives the address back", async () => {
    const { student, wayBack } = await stolen();
    const squatter = await standingOn(student.email, false);
    const undone = await undo(wayBack);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await accountExists(squatter)).toBe(false);
    expect(await countAccounts(suite.database, student.email)).toBe(1);
    await mailTo(smtp, student.email, undoneSubject);
  });

  it("refuses while a confirmed account has the address, and leaves the way back unused", async () => {
    const { student, to, wayBack } = await stolen();
    const holder = await standingOn(student.email, true);
    const refused = await undo(wayBack);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      code: "email_taken",
      detail: emailChangeMessages.taken,
      attr: null,
    });
    expect(await accountExists(holder)).toBe(true);
    // Once that account moves off the address, the same link works.
    await queryRows(
      suite.database.db,
      sql`update users set email = ${`moved.${student.email}`} where id = ${holder}`,
    );
    const undone = await undo(wayBack);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await logsIn(to, student.password)).toBe(401);
  });

  it("gives the reset it sends 24 hours, where a reset asked for gets 30 minutes", async () => {
    const { student, wayBack } = await stolen();
    const resetMail = nextMailTo(smtp, student.email, undoneSubject);
    expect((await undo(wayBack)).statusCode).toBe(200);
    const mail = await resetMail();
    expect(mail.text).toContain(
      `The link works once, for ${emailChangeLifetimes.resetAfterUndo.words}.`,
    );
    const token = tokenIn(mail, "/reset-password");
    const choose = (password: string) =>
      post(suite.app, "/api/v1/auth/password-reset/confirm/", { token, password });
    const saved = clock;
    try {
      clock = saved + emailChangeLifetimes.resetAfterUndo.seconds * 1000 + 1000;
      const late = await choose("too-late-2026");
      expect(late.json().errors[0].code).toBe("link_expired");
      clock = saved + emailChangeLifetimes.resetAfterUndo.seconds * 1000 - 60_000;
      expect((await choose("in-time-2026")).statusCode).toBe(200);
    } finally {
      clock = saved;
    }
  });

  it("leaves only the mailbox in charge: the password stops, no change can start, the reset stays", async () => {
    const { student, to, wayBack, intruder } = await stolen();
    const resetMail = nextMailTo(smtp, student.email, undoneSubject);
    expect((await undo(wayBack)).statusCode).toBe(200);
    expect(await me(intruder.access)).toBe(401);
    // The password the intruder knew logs in with neither address.
    expect(await logsIn(student.email, student.password)).toBe(401);
    expect(await logsIn(to, student.password)).toBe(401);
    // No change of address can be asked for with it, by the page's form either.
    const byForm = await post(suite.app, "/api/v1/auth/email-change/", {
      email: student.email,
      password: student.password,
      new_email: newAddress(),
    });
    expect(byForm.statusCode).toBe(400);
    expect(byForm.json().errors[0].code).toBe("authentication_failed");
    // Anyone may ask for another reset of the address; the undo's link still works after it.
    const undoReset = tokenIn(await resetMail(), "/reset-password");
    const another = nextMailTo(smtp, student.email, "Reset your password");
    expect(
      (await post(suite.app, "/api/v1/auth/password-reset/", { email: student.email })).statusCode,
    ).toBe(202);
    const anotherReset = tokenIn(await another(), "/reset-password");
    const chosen = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
      token: undoReset,
      password: "mine-again-2026",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await logsIn(student.email, "mine-again-2026")).toBe(200);
    // That reset ends every other link, the one asked for since too.
    const late = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
      token: anotherReset,
      password: "someone-elses-2026",
    });
    expect(late.json().errors[0].code).toBe("link_replaced");
  });
});

describe.each(databases)("the first confirmation of an address, on $name", (testDb) => {
  const suite = appWithMailOn(testDb);
  const { smtp } = suite;

  it("ends the sessions of whoever made the account before the address's owner confirmed it", async () => {
    // Someone signs up with a stranger's address and keeps a session; the stranger gets
    // "Confirm your email" and taps it.
    const victim = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", victim)).statusCode).toBe(201);
    const maker = await logInTo(suite.app, victim);
    const token = tokenIn(await mailTo(smtp, victim.email, "Confirm your email"), "/verify-email");
    expect((await post(suite.app, "/api/v1/auth/verify-email/", { token })).statusCode).toBe(200);
    const me = await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(maker.access) });
    expect(me.statusCode).toBe(401);
    const refreshed = await post(suite.app, "/api/v1/auth/refresh/", { refresh: maker.refresh });
    expect(refreshed.statusCode).toBe(401);
  });

  it("opens the confirmed page's data session in the epoch after it", async () => {
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const token = tokenIn(await mailTo(smtp, student.email, "Confirm your email"), "/verify-email");
    const opened = await post(suite.app, `/verify-email?token=${token}`, "", {
      ...formHeaders,
    });
    expect(opened.statusCode).toBe(303);
    const cookie = String(opened.headers["set-cookie"]).split(";")[0] ?? "";
    const page = await suite.app.inject({ url: `${yourDataApi}/`, headers: { cookie } });
    expect(page.statusCode, page.body).toBe(200);
  });
});

describe.each(databases)("the mail to a new address, on $name", (testDb) => {
  const suite = appWithMailOn(testDb);
  const { smtp } = suite;

  it("says an existing account asks, and that its old address keeps a way back", async () => {
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const phone = await logInTo(suite.app, student);
    const to = newAddress();
    const asked = await post(
      suite.app,
      "/api/v1/auth/email-change/",
      { password: student.password, new_email: to },
      bearer(phone.access),
    );
    expect(asked.statusCode).toBe(202);
    const mail = await mailTo(smtp, to, "Confirm your new email");
    expect(mail.text).toContain("An existing YSP account");
    expect(mail.text).toContain("Confirm it only if that account is yours");
    expect(mail.text).toContain(`For ${emailChangeLifetimes.undo.words} after you confirm`);
  });
});
