import {
  emailChangeLifetimes,
  emailChangeMessages,
  type LoginResponse,
  linkProblems,
  sessionMessages,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appWithMailOn,
  bearer,
  databaseOn,
  databasesForFile,
  formHeaders,
  logIn as logInTo,
  makeApp,
  post,
  signUpAndLogIn,
  signUp as signUpOn,
} from "../../test/harness.ts";
import { mailTo, nextMailTo, tokenIn } from "../../test/mail.ts";
import { userAgents } from "../../test/user-agents.ts";
import { queryRows } from "../db/client.ts";

const databases = databasesForFile();

const confirmSubject = "Confirm your new email";
const changedSubject = "Your YSP email was changed";
const takenSubject = "Someone tried to use your email at YSP";
const undoneSubject = "Your email is back: choose a new password";
const newAddress = () => makeStudent().email.replace("@", ".new@");

describe.each(databases)("changing the login address, on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, {}, () => clock);
  const { smtp } = suite;

  const signUp = (student?: Student) => signUpOn(suite.app, student);
  /** A student whose address is confirmed (its link opened), logged in on a phone. */
  const confirmedOnAPhone = async () => {
    const student = await signUp();
    const token = tokenIn(await mailTo(smtp, student.email, "Confirm your email"), "/verify-email");
    expect((await post(suite.app, "/api/v1/auth/verify-email/", { token })).statusCode).toBe(200);
    const phone = await logInTo(suite.app, student, userAgents.tecnoWebView);
    return { student, phone };
  };
  const ask = (access: string, password: string, new_email: string) =>
    post(suite.app, "/api/v1/auth/email-change/", { password, new_email }, bearer(access));
  const confirm = (token: string) =>
    post(suite.app, "/api/v1/auth/email-change/confirm/", { token });
  const undo = (token: string) => post(suite.app, "/api/v1/auth/email-change/undo/", { token });
  const logsIn = async (email: string, password: string) =>
    (await post(suite.app, "/api/v1/auth/login/", { email, password })).statusCode;
  const me = async (access: string) =>
    (await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) })).statusCode;
  /** Asks for the change and opens the confirm link the new address gets: its token. */
  const askedFor = async (phone: LoginResponse, password: string, to: string) => {
    const answer = await ask(phone.access, password, to);
    expect(answer.statusCode, answer.body).toBe(202);
    return tokenIn(await mailTo(smtp, to, confirmSubject), "/change-email/confirm");
  };
  const linksFor = async (email: string) =>
    queryRows<{ purpose: string; email: string | null; used: boolean; replaced: boolean }>(
      suite.database.db,
      sql`select purpose, l.email, used_at is not null as used, replaced_at is not null as replaced
          from account_links l join users u on u.id = l.user_id
          where lower(u.email) = ${email.toLowerCase()} and purpose in ('change_email', 'undo_email_change')
          order by l.created_at`,
    );

  it("changes the login only once the new address's link is used, and tells the old one", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const to = newAddress();
    const answer = await ask(phone.access, student.password, to.toUpperCase());
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: emailChangeMessages.asked });
    const mail = await mailTo(smtp, to, confirmSubject);
    expect(mail.text).toContain(`for ${emailChangeLifetimes.confirm.words}`);
    // Until the link is used, nothing has changed.
    expect(await logsIn(student.email, student.password)).toBe(200);
    expect(await logsIn(to, student.password)).toBe(401);
    expect(await me(phone.access)).toBe(200);

    const confirmed = await confirm(tokenIn(mail, "/change-email/confirm"));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: emailChangeMessages.changed });
    expect(await logsIn(to, student.password)).toBe(200);
    expect(await logsIn(student.email, student.password)).toBe(401);
    // Every session ended, the phone's too: it logs in again with the new address.
    expect(await me(phone.access)).toBe(401);
    expect(
      (await post(suite.app, "/api/v1/auth/refresh/", { refresh: phone.refresh })).statusCode,
    ).toBe(401);
    const again = await logInTo(suite.app, { email: to, password: student.password });
    expect(again.user.email).toBe(to.toLowerCase());
    expect(again.user.email_verified).toBe(true);

    const told = await mailTo(smtp, student.email, changedSubject);
    // The new address is named in full in the body, for the old address's owner to check.
    expect(told.text).toContain(`now logs in with ${to.toLowerCase()} instead of this address`);
    expect(told.text).toContain(`for ${emailChangeLifetimes.undo.words}`);
    tokenIn(told, "/change-email/undo");
    // The same link twice: used.
    const twice = await confirm(tokenIn(mail, "/change-email/confirm"));
    expectErrorShape(twice, 400, "a link used twice");
    expect(twice.json().errors[0]).toEqual({
      code: "link_used",
      detail: linkProblems.link_used,
      attr: "token",
    });
  });

  it("puts the old address back with its link, ends everything, and sends it a reset link", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const to = newAddress();
    const changedMail = nextMailTo(smtp, student.email, changedSubject);
    expect((await confirm(await askedFor(phone, student.password, to))).statusCode).toBe(200);
    const undoToken = tokenIn(await changedMail(), "/change-email/undo");
    // Whoever changed it logs in with the new address and changes the password, and the
    // address again: none of it ends the old address's way back.
    const thief = await logInTo(suite.app, { email: to, password: student.password });
    const stolen = "the-thief-password-1";
    const changed = await post(
      suite.app,
      "/api/v1/auth/password/",
      { current_password: student.password, new_password: stolen },
      bearer(thief.access),
    );
    expect(changed.statusCode).toBe(200);
    const thiefAgain = changed.json() as { access: string };
    const further = newAddress();
    const furtherUndo = nextMailTo(smtp, to, changedSubject);
    expect(
      (await confirm(await askedFor({ ...thief, ...thiefAgain }, stolen, further))).statusCode,
    ).toBe(200);
    const thiefsWayBack = tokenIn(await furtherUndo(), "/change-email/undo");
    const thiefSession = await logInTo(suite.app, { email: further, password: stolen });

    const undone = await undo(undoToken);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ message: emailChangeMessages.undone });
    expect(await me(thiefSession.access)).toBe(401);
    expect(await logsIn(further, stolen)).toBe(401);
    // The address is back, but whoever changed it knew the password: a reset link goes to it.
    const reset = await mailTo(smtp, student.email, undoneSubject);
    const resetToken = tokenIn(reset, "/reset-password");
    const chosen = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
      token: resetToken,
      password: "my-own-again-42",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await logsIn(student.email, "my-own-again-42")).toBe(200);
    // The way back the thief was sent, to the address in between, ended with the undo.
    expect((await undo(thiefsWayBack)).json().errors[0].code).toBe("link_replaced");
    expect((await undo(undoToken)).json().errors[0].code).toBe("link_used");
  });

  it("answers an address another account has as any other, and tells its owner instead", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const owner = await signUp();
    const pending = await askedFor(phone, student.password, newAddress());
    const answer = await ask(phone.access, student.password, owner.email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: emailChangeMessages.asked });
    const told = await mailTo(smtp, owner.email, takenSubject);
    expect(told.text).toContain("nothing has changed in your account");
    expect(told.text).not.toContain(student.email);
    expect(told.links.map((link) => new URL(link).pathname)).toEqual(["/forgot-password"]);
    // No link was made for it, and the one pending before was replaced, as by any request.
    expect(await linksFor(student.email)).toEqual([
      { purpose: "change_email", email: expect.any(String), used: false, replaced: true },
    ]);
    expect((await confirm(pending)).json().errors[0].code).toBe("link_replaced");
    expect(await logsIn(owner.email, owner.password)).toBe(200);
  });

  it("keeps one change pending: a new request replaces the last, whose link stops working", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const first = await askedFor(phone, student.password, newAddress());
    const secondAddress = newAddress();
    const second = await askedFor(phone, student.password, secondAddress);
    expect((await confirm(first)).json().errors[0]).toEqual({
      code: "link_replaced",
      detail: linkProblems.link_replaced,
      attr: "token",
    });
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await logsIn(secondAddress, student.password)).toBe(200);
  });

  it("refuses links past their lifetimes: 48 hours to confirm, 7 days to undo", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const late = await askedFor(phone, student.password, newAddress());
    clock += emailChangeLifetimes.confirm.seconds * 1000 + 1000;
    try {
      expect((await confirm(late)).json().errors[0].code).toBe("link_expired");
      const fresh = await logInTo(suite.app, student);
      const to = newAddress();
      const changedMail = nextMailTo(smtp, student.email, changedSubject);
      expect((await confirm(await askedFor(fresh, student.password, to))).statusCode).toBe(200);
      const undoToken = tokenIn(await changedMail(), "/change-email/undo");
      clock += emailChangeLifetimes.undo.seconds * 1000 + 1000;
      expect((await undo(undoToken)).json().errors[0].code).toBe("link_expired");
      expect(await logsIn(to, student.password)).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it("sends no way back to an old address that was never confirmed (a typo is someone else's)", async () => {
    const student = await signUp();
    // Waited for: read at once, the queue has not always sent it yet on a loaded machine.
    const signupMail = await mailTo(smtp, student.email, "Confirm your email");
    const phone = await logInTo(suite.app, student);
    const to = newAddress();
    expect((await confirm(await askedFor(phone, student.password, to))).statusCode).toBe(200);
    expect(await linksFor(to)).toEqual([
      { purpose: "change_email", email: to, used: true, replaced: false },
    ]);
    // The confirm queues its messages with the change itself, so none to come can be missed.
    const queued = await queryRows<{ kind: string }>(
      suite.database.db,
      sql`select kind from mail_outbox o join users u on u.id = o.user_id
          where lower(u.email) = ${to.toLowerCase()} order by kind`,
    );
    expect(queued.map((row) => row.kind)).toEqual(["email-change-confirm", "verify-email"]);
    const mailed = smtp.received.filter((mail) => mail.to.includes(student.email));
    expect(mailed.map((mail) => mail.subject)).toEqual(["Confirm your email"]);
    // The sign-up's link to the old address no longer works either.
    const stale = tokenIn(signupMail, "/verify-email");
    expect(
      (await post(suite.app, "/api/v1/auth/verify-email/", { token: stale })).json().errors[0].code,
    ).toBe("link_replaced");
  });

  it("refuses a confirm whose address another account took in the meantime", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const to = newAddress();
    const token = await askedFor(phone, student.password, to);
    await signUp(makeStudent({ email: to }));
    const refused = await confirm(token);
    expectErrorShape(refused, 400, "an address taken since");
    expect(refused.json().errors[0]).toEqual({
      code: "email_taken",
      detail: emailChangeMessages.taken,
      attr: null,
    });
    expect(await logsIn(student.email, student.password)).toBe(200);
  });

  it("lets one of two confirms at once win, and the other find the link used", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const to = newAddress();
    const token = await askedFor(phone, student.password, to);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await linksFor(to)).toEqual([
      expect.objectContaining({ purpose: "change_email", used: true }),
      expect.objectContaining({ purpose: "undo_email_change", email: student.email.toLowerCase() }),
    ]);
  });

  it("refuses a wrong password, the same address, a bad one, and no proof at all", async () => {
    const { student, phone } = await confirmedOnAPhone();
    const wrong = await ask(phone.access, "not-the-password", newAddress());
    expectErrorShape(wrong, 400, "a wrong password");
    expect(wrong.json().errors[0]).toEqual({
      code: "wrong_password",
      detail: sessionMessages.wrongPassword,
      attr: "password",
    });
    const same = await ask(phone.access, student.password, ` ${student.email.toUpperCase()} `);
    expect(same.json().errors[0]).toEqual({
      code: "same_email",
      detail: emailChangeMessages.sameAddress,
      attr: "new_email",
    });
    const bad = await ask(phone.access, student.password, "ada@gmail");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].attr).toBe("new_email");
    expect(await linksFor(student.email)).toEqual([]);
    for (const headers of [{}, bearer("not-a-token")]) {
      const none = await post(
        suite.app,
        "/api/v1/auth/email-change/",
        { password: student.password, new_email: newAddress() },
        headers,
      );
      expectErrorShape(none, 401, "no proof");
      expect(none.json().errors[0].code).toBe("not_authenticated");
    }
    // An access token of a session since ended proves nothing.
    await post(suite.app, "/api/v1/auth/logout/everywhere/", {}, bearer(phone.access));
    expect((await ask(phone.access, student.password, newAddress())).statusCode).toBe(401);
  });

  it("takes the current address and password instead of a token, as a login does", async () => {
    const { student } = await confirmedOnAPhone();
    const to = newAddress();
    const byAddress = (email: string, password: string) =>
      post(suite.app, "/api/v1/auth/email-change/", { email, password, new_email: to });
    for (const [email, password] of [
      [student.email, "not-the-password"],
      [`nobody.${student.email}`, student.password],
    ] as const) {
      const refused = await byAddress(email, password);
      expect(refused.json().errors[0]).toEqual({
        code: "authentication_failed",
        detail: "Incorrect email or password",
        attr: "password",
      });
    }
    // The same address, told only with the right password, so it says nothing of accounts.
    const same = await post(suite.app, "/api/v1/auth/email-change/", {
      email: student.email,
      password: "not-the-password",
      new_email: student.email,
    });
    expect(same.json().errors[0].code).toBe("authentication_failed");
    expect((await byAddress(student.email, student.password)).statusCode).toBe(202);
    await mailTo(smtp, to, confirmSubject);
  });

  it("works as plain form posts, each answer a page of the site", async () => {
    const { student } = await confirmedOnAPhone();
    const to = newAddress();
    const asked = await post(
      suite.app,
      "/api/v1/auth/email-change/",
      new URLSearchParams({
        email: student.email,
        password: student.password,
        new_email: to,
      }).toString(),
      { ...formHeaders, referer: "https://ysp.example/change-email" },
    );
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe("/change-email/sent");
    const token = tokenIn(await mailTo(smtp, to, confirmSubject), "/change-email/confirm");
    const changedMail = nextMailTo(smtp, student.email, changedSubject);
    const done = await post(suite.app, `/change-email/confirm?token=${token}`, "", formHeaders);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/change-email/done");
    const again = await post(suite.app, `/change-email/confirm?token=${token}`, "", formHeaders);
    expect(again.statusCode).toBe(400);
    expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(again.body).toContain(linkProblems.link_used);
    expect(again.body).toContain('href="/change-email"');
    const undoToken = tokenIn(await changedMail(), "/change-email/undo");
    const undone = await post(suite.app, `/change-email/undo?token=${undoToken}`, "", formHeaders);
    expect(undone.statusCode).toBe(303);
    expect(undone.headers.location).toBe("/change-email/undone");
    const spent = await post(suite.app, `/change-email/undo?token=${undoToken}`, "", formHeaders);
    expect(spent.statusCode).toBe(400);
    expect(spent.body).toContain("write to us at");
    // Back, but its password no longer logs in: the reset mailed to it sets a new one.
    expect(await logsIn(student.email, student.password)).toBe(401);
  });
});

describe.each(databases)(
  "a change of address and the new mailbox's allowance, on $name",
  (testDb) => {
    const suite = databaseOn(testDb);
    let app: FastifyInstance;
    beforeAll(async () => {
      // The default allowance: 5 messages an hour to one mailbox from one client.
      app = await makeApp(suite.database, { rateLimits: { mailPerAddressPerHour: 5 } });
    }, 60_000);
    afterAll(() => app.close());

    const accessOf = async (student: Student) => (await signUpAndLogIn(app, student)).json().access;
    const ask = (access: string, password: string, new_email: string) =>
      post(app, "/api/v1/auth/email-change/", { password, new_email }, bearer(access));

    it("spends nothing of it on a wrong password, so 5 name the mailbox without blocking its owner", async () => {
      const stranger = await accessOf(makeStudent());
      const owner = makeStudent();
      const ownerAccess = await accessOf(owner);
      const mailbox = newAddress();
      const wrong = [];
      for (let i = 0; i < 5; i++)
        wrong.push((await ask(stranger, "not-the-password", mailbox)).statusCode);
      expect(wrong).toEqual([400, 400, 400, 400, 400]);
      // From the same client (the same school's address, say): the mailbox's owner moves to it.
      const moved = await ask(ownerAccess, owner.password, mailbox);
      expect(moved.statusCode, moved.body).toBe(202);
    });
  },
);
