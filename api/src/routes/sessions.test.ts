import { apiMessages, sessionMessages, type TokenPair } from "@ysp/contract";
import type { Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appWithMailOn,
  bearer,
  databasesForFile,
  logIn as logInTo,
  makeConfig,
  post,
  signUp as signUpOn,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { userAgents } from "../../test/user-agents.ts";
import { queryRows } from "../db/client.ts";

const databases = databasesForFile();

describe.each(databases)("a logged-in student's sessions and password, on $name", (testDb) => {
  let clock = Date.now();
  const suite = appWithMailOn(testDb, {}, () => clock);
  const { smtp } = suite;

  const signUp = (student?: Student) => signUpOn(suite.app, student);
  const logIn = (student: Student, userAgent: string = userAgents.tecnoWebView) =>
    logInTo(suite.app, student, userAgent);
  const me = (access: string) =>
    suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) });
  const refresh = (token: string) => post(suite.app, "/api/v1/auth/refresh/", { refresh: token });
  const logOut = (tokens: TokenPair) =>
    post(suite.app, "/api/v1/auth/logout/", { refresh: tokens.refresh }, bearer(tokens.access));
  const everywhere = (access: string) =>
    post(suite.app, "/api/v1/auth/logout/everywhere/", {}, bearer(access));
  const list = (access: string) =>
    suite.app.inject({ url: "/api/v1/auth/sessions/", headers: bearer(access) });
  const end = (access: string, id: string) =>
    suite.app.inject({
      method: "DELETE",
      url: `/api/v1/auth/sessions/${id}/`,
      headers: bearer(access),
    });
  const changePassword = (access: string, current_password: string, new_password: string) =>
    post(
      suite.app,
      "/api/v1/auth/password/",
      { current_password, new_password },
      { ...bearer(access), "user-agent": userAgents.tecnoWebView },
    );
  /** Whether a pair still works: its access token at /me, its refresh token at a refresh. */
  const works = async (tokens: TokenPair) => ({
    access: (await me(tokens.access)).statusCode,
    refresh: (await refresh(tokens.refresh)).statusCode,
  });
  const dead = { access: 401, refresh: 401 };
  /** A new student logged in on a phone and a laptop, who has asked for a reset link. */
  const onTwoDevicesWithAResetLink = async () => {
    const student = await signUp();
    const phone = await logIn(student);
    const laptop = await logIn(student, userAgents.windowsChrome);
    await post(suite.app, "/api/v1/auth/password-reset/", { email: student.email });
    const reset = tokenIn(
      await mailTo(smtp, student.email, "Reset your password"),
      "/reset-password",
    );
    return { student, phone, laptop, reset };
  };
  const epochOf = async (email: string) => {
    const [row] = await queryRows<{ epoch: number }>(
      suite.database.db,
      sql`select credentials_epoch as epoch from users where email = ${email}`,
    );
    return row?.epoch;
  };

  describe("logOut", () => {
    it("ends this session at once, access token included, and no other", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const laptop = await logIn(student, userAgents.windowsChrome);
      expect((await logOut(phone)).statusCode).toBe(204);
      expect(await works(phone)).toEqual(dead);
      expect((await me(laptop.access)).statusCode).toBe(200);
    });

    it("answers 204 to the same logout twice, and to a refresh token no longer good", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const first = await logOut(phone);
      const again = await logOut(phone);
      expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
      expect(again.body).toBe("");
      const other = await logIn(student);
      // Garbage in place of the refresh token: the bearer's own session still ends.
      const garbage = await post(
        suite.app,
        "/api/v1/auth/logout/",
        { refresh: "not-a-token" },
        bearer(other.access),
      );
      expect(garbage.statusCode).toBe(204);
      expect(await works(other)).toEqual(dead);
    });

    it("answers the same logout, and the same end of a session, sent twice at once", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const laptop = await logIn(student, userAgents.windowsChrome);
      const laptopId = (await list(phone.access)).json().sessions[1].id;
      const ends = await Promise.all([end(phone.access, laptopId), end(phone.access, laptopId)]);
      expect(ends.map((a) => a.statusCode)).toEqual([204, 204]);
      expect(await works(laptop)).toEqual(dead);
      const outs = await Promise.all([logOut(phone), logOut(phone)]);
      expect(outs.map((a) => a.statusCode)).toEqual([204, 204]);
      expect(await works(phone)).toEqual(dead);
    });

    it("refuses a request without a valid access token", async () => {
      const phone = await logIn(await signUp());
      const none = await post(suite.app, "/api/v1/auth/logout/", { refresh: phone.refresh });
      expectErrorShape(none, 401);
      expect(none.json().errors[0].code).toBe("not_authenticated");
      const refreshAsBearer = await post(
        suite.app,
        "/api/v1/auth/logout/",
        { refresh: phone.refresh },
        bearer(phone.refresh),
      );
      expect(refreshAsBearer.statusCode).toBe(401);
      expect((await me(phone.access)).statusCode).toBe(200);
    });

    it("ends nothing of another account whose refresh token is sent", async () => {
      const mallory = await logIn(await signUp());
      const victim = await logIn(await signUp());
      const answer = await post(
        suite.app,
        "/api/v1/auth/logout/",
        { refresh: victim.refresh },
        bearer(mallory.access),
      );
      expect(answer.statusCode).toBe(204);
      expect(await works(victim)).toEqual({ access: 200, refresh: 200 });
      // The sender's own session, named by its access token, is what ended.
      expect((await me(mallory.access)).statusCode).toBe(401);
    });

    it("ends the session of a refresh token of the same account (whoever holds it may)", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const laptop = await logIn(student, userAgents.windowsChrome);
      expect(
        (
          await post(
            suite.app,
            "/api/v1/auth/logout/",
            { refresh: laptop.refresh },
            bearer(phone.access),
          )
        ).statusCode,
      ).toBe(204);
      expect(await works(laptop)).toEqual(dead);
    });

    it("leaves nothing working when it races a refresh of the same session", async () => {
      for (let round = 0; round < 5; round++) {
        const phone = await logIn(await signUp());
        const [renewed, out] = await Promise.all([refresh(phone.refresh), logOut(phone)]);
        expect(out.statusCode).toBe(204);
        expect([200, 401]).toContain(renewed.statusCode);
        if (renewed.statusCode === 200) expect(await works(renewed.json())).toEqual(dead);
        expect((await me(phone.access)).statusCode).toBe(401);
      }
    });
  });

  describe("listSessions and endSession", () => {
    it("lists each device by name, the asking one current, and moves last_used_at on refresh", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      clock += 60_000;
      const laptop = await logIn(student, userAgents.windowsChrome);
      clock += 60_000;
      try {
        const renewed = (await refresh(phone.refresh)).json() as TokenPair;
        const answer = await list(renewed.access);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["cache-control"]).toBe("no-store");
        const { sessions } = answer.json();
        expect(sessions).toEqual([
          {
            id: expect.any(String),
            device: "Android 12 · TECNO KG5",
            via: "password",
            created_at: expect.any(String),
            last_used_at: expect.any(String),
            current: true,
          },
          {
            id: expect.any(String),
            device: "Chrome on Windows",
            via: "password",
            created_at: expect.any(String),
            last_used_at: expect.any(String),
            current: false,
          },
        ]);
        const [phoneRow, laptopRow] = sessions;
        expect(Math.abs(Date.parse(phoneRow.last_used_at) - clock)).toBeLessThan(2);
        expect(Date.parse(phoneRow.last_used_at)).toBeGreaterThan(Date.parse(phoneRow.created_at));
        expect(laptopRow.last_used_at).toBe(laptopRow.created_at);
        // Seen from the laptop, the laptop is current.
        const fromLaptop = (await list(laptop.access)).json().sessions;
        expect(fromLaptop.filter((s: { current: boolean }) => s.current)).toEqual([
          expect.objectContaining({ id: laptopRow.id }),
        ]);
      } finally {
        clock = Date.now();
      }
    });

    it("lists no ended session, nor one whose refresh token has expired", async () => {
      const student = await signUp();
      const old = await logIn(student);
      const ended = await logIn(student);
      expect((await logOut(ended)).statusCode).toBe(204);
      clock += 8 * 24 * 3600 * 1000;
      try {
        const fresh = await logIn(student);
        const { sessions } = (await list(fresh.access)).json();
        expect(sessions).toHaveLength(1);
        expect(sessions[0].current).toBe(true);
        expect((await refresh(old.refresh)).statusCode).toBe(401);
      } finally {
        clock = Date.now();
      }
    });

    it("lists the 100 most recently used when there are more", async () => {
      const phone = await logIn(await signUp());
      await suite.database.db.execute(
        sql`insert into auth_sessions (user_id, current_jti, created_at)
            select ${phone.user.id}::uuid, gen_random_uuid(), now() - n * interval '1 second'
            from generate_series(1, 150) as n`,
      );
      const { sessions } = (await list(phone.access)).json();
      expect(sessions).toHaveLength(100);
      expect(sessions[0].current).toBe(true);
    });

    it("ends another device's session, access token at once, and answers 204 again", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const laptop = await logIn(student, userAgents.windowsChrome);
      const { sessions } = (await list(phone.access)).json();
      const laptopId = sessions.find((s: { current: boolean }) => !s.current).id;
      expect((await end(phone.access, laptopId)).statusCode).toBe(204);
      expect(await works(laptop)).toEqual(dead);
      expect((await end(phone.access, laptopId)).statusCode).toBe(204);
      expect((await list(phone.access)).json().sessions).toHaveLength(1);
    });

    it("answers another account's session id as an unknown one, 404, and leaves it alone", async () => {
      const mallory = await logIn(await signUp());
      const victim = await logIn(await signUp());
      const victimId = (await list(victim.access)).json().sessions[0].id;
      const theirs = await end(mallory.access, victimId);
      const unknown = await end(mallory.access, crypto.randomUUID());
      const notAnId = await end(mallory.access, "not-an-id");
      for (const answer of [theirs, unknown, notAnId]) {
        expectErrorShape(answer, 404);
        expect(answer.json().errors[0]).toEqual({
          code: "session_not_found",
          detail: sessionMessages.sessionNotFound,
          attr: null,
        });
      }
      expect(theirs.body).toBe(unknown.body);
      expect(await works(victim)).toEqual({ access: 200, refresh: 200 });
    });

    it("lists for an access token from before tokens named their session, none current", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const { sid: _, ...claims } = JSON.parse(
        Buffer.from(phone.access.split(".")[1] ?? "", "base64url").toString(),
      );
      const legacy = await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(makeConfig().jwtSecret));
      const answer = await list(legacy);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().sessions).toEqual([expect.objectContaining({ current: false })]);
      // Held to the epoch alone: a move of it refuses the token.
      expect((await everywhere(phone.access)).statusCode).toBe(204);
      expect((await list(legacy)).statusCode).toBe(401);
    });

    it("refuses both without a live access token", async () => {
      const phone = await logIn(await signUp());
      const id = (await list(phone.access)).json().sessions[0].id;
      expect((await logOut(phone)).statusCode).toBe(204);
      expect((await list(phone.access)).statusCode).toBe(401);
      expectErrorShape(await end(phone.access, id), 401);
      expect((await suite.app.inject({ url: "/api/v1/auth/sessions/" })).statusCode).toBe(401);
    });
  });

  describe("changePassword", () => {
    it("gives this device a new pair, ends every other power, and mails the notice", async () => {
      const { student, phone, laptop, reset } = await onTwoDevicesWithAResetLink();
      const answer = await changePassword(phone.access, student.password, "a-new-password-42");
      expect(answer.statusCode, answer.body).toBe(200);
      const fresh = answer.json() as TokenPair;
      expect(Object.keys(fresh).sort()).toEqual(["access", "refresh"]);
      expect((await me(fresh.access)).statusCode).toBe(200);
      expect(await works(laptop)).toEqual(dead);
      expect(await works(phone)).toEqual(dead);
      const { sessions } = (await list(fresh.access)).json();
      expect(sessions).toEqual([
        expect.objectContaining({ current: true, device: "Android 12 · TECNO KG5" }),
      ]);

      const old = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      expect(old.statusCode).toBe(401);
      await logIn({ ...student, password: "a-new-password-42" });
      // A reset link asked for before the change is one the old password's holder may have.
      const stale = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
        token: reset,
        password: "another-password-1",
      });
      expect(stale.json().errors[0].code).toBe("link_replaced");

      const notice = await mailTo(smtp, student.email, "Your password was changed");
      expect(notice.links.map((link) => new URL(link).pathname)).toContain("/forgot-password");
      expect(notice.text).toContain("every other phone that was logged in was logged out");
    });

    it("refuses a wrong current password with wrong_password, and changes nothing", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const answer = await changePassword(phone.access, "not-my-password", "a-new-password-42");
      expectErrorShape(answer, 400);
      expect(answer.json().errors).toEqual([
        { code: "wrong_password", detail: sessionMessages.wrongPassword, attr: "current_password" },
      ]);
      expect(await works(phone)).toEqual({ access: 200, refresh: 200 });
      expect(await epochOf(student.email)).toBe(0);
    });

    it("holds the new password to the sign-up's rule, with its words", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const short = await changePassword(phone.access, student.password, "short");
      expectErrorShape(short, 400);
      expect(short.json().errors).toEqual([
        { code: "invalid", detail: apiMessages.passwordShort, attr: "new_password" },
      ]);
      const missing = await post(suite.app, "/api/v1/auth/password/", {}, bearer(phone.access));
      expect(missing.json().errors.map((e: { attr: string }) => e.attr)).toEqual([
        "current_password",
        "new_password",
      ]);
      expect((await me(phone.access)).statusCode).toBe(200);
    });

    it("refuses a request without a live access token", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      expect((await logOut(phone)).statusCode).toBe(204);
      const answer = await changePassword(phone.access, student.password, "a-new-password-42");
      expectErrorShape(answer, 401);
      expect(await epochOf(student.email)).toBe(0);
    });

    it("lets one of two changes at once win, and the other's token lose", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const answers = await Promise.all([
        changePassword(phone.access, student.password, "first-new-password"),
        changePassword(phone.access, student.password, "second-new-password"),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
      expect(await epochOf(student.email)).toBe(1);
      const winner = answers[0]?.statusCode === 200 ? "first-new-password" : "second-new-password";
      await logIn({ ...student, password: winner });
    });
  });

  describe("logOutEverywhere", () => {
    it("ends every session and token, but not a reset link the student asked for", async () => {
      const { phone, laptop, reset } = await onTwoDevicesWithAResetLink();
      expect((await everywhere(phone.access)).statusCode).toBe(204);
      expect(await works(phone)).toEqual(dead);
      expect(await works(laptop)).toEqual(dead);
      expect((await everywhere(phone.access)).statusCode).toBe(401);
      const changed = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
        token: reset,
        password: "a-new-password-42",
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });

    it("moves the epoch once for two at once", async () => {
      const student = await signUp();
      const phone = await logIn(student);
      const laptop = await logIn(student, userAgents.windowsChrome);
      const answers = await Promise.all([everywhere(phone.access), everywhere(laptop.access)]);
      for (const answer of answers) expect([204, 401]).toContain(answer.statusCode);
      expect(answers.some((a) => a.statusCode === 204)).toBe(true);
      expect(await epochOf(student.email)).toBe(1);
      const fresh = await logIn(student);
      expect(await works(fresh)).toEqual({ access: 200, refresh: 200 });
    });
  });
});
