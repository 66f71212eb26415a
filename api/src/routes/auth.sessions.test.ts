import { makeStudent } from "@ysp/testing/students";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appOnDatabase,
  bearer,
  databasesForFile,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";
import { authSessions } from "../db/schema.ts";

const databases = databasesForFile();

describe.each(databases)("sessions API on $name", (testDb) => {
  let clock = Date.now();
  const suite = appOnDatabase(testDb, {}, () => clock);
  const revokedAt = async (userId: string) => {
    const [session] = await suite.database.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.userId, userId));
    return session?.revokedAt;
  };

  const me = (access: string) =>
    suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) });

  describe("login, refresh and me", () => {
    it("logs in with the email in any case and the password, and returns the user", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const login = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email.toUpperCase(),
        password: student.password,
      });
      expect(login.statusCode).toBe(200);
      const tokens = login.json();
      expect(tokens.user).toEqual({
        id: expect.any(String),
        email: student.email,
        first_name: student.first_name,
        last_name: student.last_name,
        user_type: "STUDENT",
        referral_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
        email_verified: false,
        guardian_consent: "none",
      });
      const me = await suite.app.inject({
        url: "/api/v1/auth/me/",
        headers: bearer(tokens.access),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(tokens.user);
    });

    it("gives one generic answer for a wrong password and an unknown email", async () => {
      const student = makeStudent();
      expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const wrong = await post(suite.app, "/api/v1/auth/login/", {
        email: student.email,
        password: "wrong-password",
      });
      const unknown = await post(suite.app, "/api/v1/auth/login/", {
        email: "nobody@example.com",
        password: "wrong-password",
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().errors[0].detail).toBe("Incorrect email or password");
    });

    it("rotates refresh tokens and revokes the family when one is used twice", async () => {
      const tokens = (await signUpAndLogIn(suite.app)).json();
      const first = await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh });
      expect(first.statusCode).toBe(200);
      const rotated = first.json();
      expect(rotated.refresh).not.toBe(tokens.refresh);

      const second = await post(suite.app, "/api/v1/auth/refresh/", { refresh: rotated.refresh });
      expect(second.statusCode).toBe(200);

      const latest = second.json();
      expect((await me(latest.access)).statusCode).toBe(200);

      const replay = await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh });
      expectErrorShape(replay, 401);
      const afterTheft = await post(suite.app, "/auth/refresh/", {
        refresh: latest.refresh,
      });
      expect(afterTheft.statusCode).toBe(401);
      // The access token names its session: the revoked family's last one stops at once.
      expect((await me(latest.access)).statusCode).toBe(401);
      const [session] = await suite.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.userId, tokens.user.id as string));
      expect(session?.revokedAt).toBeInstanceOf(Date);
    });

    it("answers a retry of the token rotated just before the current one with the same pair", async () => {
      const tokens = (await signUpAndLogIn(suite.app)).json();
      const first = await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh });
      expect(first.statusCode).toBe(200);
      // The first answer was lost on the way; the app sends the same token again.
      const retry = await post(suite.app, "/api/v1/auth/refresh/", { refresh: tokens.refresh });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await revokedAt(tokens.user.id)).toBeNull();

      // The pair works once, as any; the login's token is then two generations old: reuse.
      const next = await post(suite.app, "/auth/refresh/", { refresh: first.json().refresh });
      expect(next.statusCode).toBe(200);
      expectErrorShape(await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh }), 401);
      expect(await revokedAt(tokens.user.id)).toBeInstanceOf(Date);
      expect(
        (await post(suite.app, "/auth/refresh/", { refresh: next.json().refresh })).statusCode,
      ).toBe(401);
    });

    it("revokes the session when the token before the current one comes back after the grace", async () => {
      const tokens = (await signUpAndLogIn(suite.app)).json();
      const first = await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh });
      expect(first.statusCode).toBe(200);
      clock += 11_000;
      try {
        expectErrorShape(await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh }), 401);
        expect(await revokedAt(tokens.user.id)).toBeInstanceOf(Date);
        expect(
          (await post(suite.app, "/auth/refresh/", { refresh: first.json().refresh })).statusCode,
        ).toBe(401);
      } finally {
        clock = Date.now();
      }
    });

    it("refuses garbage, an access token as a refresh token, and a refresh token as an access token", async () => {
      const tokens = (await signUpAndLogIn(suite.app)).json();
      expect((await post(suite.app, "/auth/refresh/", { refresh: "garbage" })).statusCode).toBe(
        401,
      );
      expect((await post(suite.app, "/auth/refresh/", { refresh: tokens.access })).statusCode).toBe(
        401,
      );
      const me = await suite.app.inject({
        url: "/api/v1/auth/me/",
        headers: bearer(tokens.refresh),
      });
      expect(me.statusCode).toBe(401);
      expect((await suite.app.inject({ url: "/api/v1/auth/me/" })).statusCode).toBe(401);
    });

    it("expires access tokens after 15 minutes and refresh tokens after 7 days", async () => {
      const tokens = (await signUpAndLogIn(suite.app)).json();
      clock += 16 * 60 * 1000;
      try {
        const me = await suite.app.inject({
          url: "/api/v1/auth/me/",
          headers: bearer(tokens.access),
        });
        expect(me.statusCode).toBe(401);
        expect(
          (await post(suite.app, "/auth/refresh/", { refresh: tokens.refresh })).statusCode,
        ).toBe(200);
        const again = (await signUpAndLogIn(suite.app)).json();
        clock += 8 * 24 * 60 * 60 * 1000;
        expect(
          (await post(suite.app, "/auth/refresh/", { refresh: again.refresh })).statusCode,
        ).toBe(401);
      } finally {
        clock = Date.now();
      }
    });
  });
});
