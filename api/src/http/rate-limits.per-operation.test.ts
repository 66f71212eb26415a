import { yourDataApi } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, databaseOn, databasesForFile, makeApp, post } from "../../test/harness.ts";

const databases = databasesForFile();

/**
 * A limit belongs to an operation, not to one of its addresses (rate-limits.ts): counted per
 * route, the refresh's second address and each link-sending route were a fresh allowance.
 */
describe.each(databases)("a limit counts its operation at every address, on $name", (testDb) => {
  const suite = databaseOn(testDb);
  let app: FastifyInstance;
  let perMailbox: FastifyInstance;
  let passwords: FastifyInstance;
  let perAccount: FastifyInstance;
  beforeAll(async () => {
    passwords = await makeApp(suite.database, { rateLimits: { loginPerMinute: 3 } });
    perAccount = await makeApp(suite.database, { rateLimits: { loginPerEmailPerMinute: 3 } });
    app = await makeApp(suite.database, {
      rateLimits: { refreshPerMinute: 2, mailPerMinute: 3 },
    });
    perMailbox = await makeApp(suite.database, { rateLimits: { mailPerAddressPerHour: 2 } });
  }, 60_000);
  afterAll(() =>
    Promise.all([app.close(), perMailbox.close(), passwords.close(), perAccount.close()]),
  );

  /** A student logged in on `on`: the password and an access token. */
  const loggedIn = async (on: FastifyInstance) => {
    const student = makeStudent();
    expect((await post(on, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const login = await post(on, "/api/v1/auth/login/", {
      email: student.email,
      password: student.password,
    });
    return { student, headers: bearer(login.json().access) };
  };
  const wrongChange = (on: FastifyInstance, headers: Record<string, string>) =>
    post(
      on,
      "/api/v1/auth/password/",
      { current_password: "not-the-password", new_password: "a-new-password-42" },
      headers,
    );

  it("counts a change of password with the logins from the same address", async () => {
    // One login (the one loggedIn makes) and two guesses through changePassword spend three.
    const { student, headers } = await loggedIn(passwords);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await wrongChange(passwords, headers)).statusCode);
    statuses.push(
      (
        await post(passwords, "/api/v1/auth/login/", {
          email: student.email,
          password: student.password,
        })
      ).statusCode,
    );
    statuses.push((await wrongChange(passwords, headers)).statusCode);
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it("counts a change of password with the logins to the same account", async () => {
    const { student, headers } = await loggedIn(perAccount);
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await wrongChange(perAccount, headers)).statusCode);
    statuses.push((await wrongChange(perAccount, headers)).statusCode);
    const login = await post(perAccount, "/api/v1/auth/login/", {
      email: student.email.toUpperCase(),
      password: student.password,
    });
    statuses.push(login.statusCode);
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it("counts a change of address with the logins, from the app and from the page", async () => {
    const { student, headers } = await loggedIn(perAccount);
    const wrong = { password: "not-the-password", new_email: makeStudent().email };
    const statuses = [
      (await post(perAccount, "/api/v1/auth/email-change/", wrong, headers)).statusCode,
      (await post(perAccount, "/api/v1/auth/email-change/", { ...wrong, email: student.email }))
        .statusCode,
    ];
    // The login loggedIn made, and the two guesses: the allowance of three is spent.
    const login = await post(perAccount, "/api/v1/auth/login/", {
      email: student.email,
      password: student.password,
    });
    statuses.push(login.statusCode);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it("counts a change of address's messages per new mailbox, however it is spelt", async () => {
    const { student, headers } = await loggedIn(perMailbox);
    const to = makeStudent().email;
    const statuses = [];
    for (const spelt of [to, to.replace("@", "+tag@"), to.toUpperCase()])
      statuses.push(
        (
          await post(
            perMailbox,
            "/api/v1/auth/email-change/",
            { password: student.password, new_email: spelt },
            headers,
          )
        ).statusCode,
      );
    expect(statuses).toEqual([202, 202, 429]);
  });

  it("counts refreshes at /auth/refresh/ and /api/v1/auth/refresh/ together", async () => {
    const statuses = [];
    for (const url of ["/auth/refresh/", "/api/v1/auth/refresh/", "/auth/refresh/"])
      statuses.push((await post(app, url, { refresh: "x" })).statusCode);
    statuses.push((await post(app, "/api/v1/auth/refresh/", { refresh: "x" })).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it("counts every route that sends or opens a link together", async () => {
    const email = makeStudent().email;
    const statuses = [];
    for (const url of [
      "/api/v1/auth/verify-email/resend/",
      "/api/v1/auth/password-reset/",
      `${yourDataApi}/link/`,
    ])
      statuses.push((await post(app, url, { email })).statusCode);
    statuses.push((await post(app, `${yourDataApi}/open/`, { token: "x".repeat(43) })).statusCode);
    statuses.push((await post(app, "/api/v1/auth/password-reset/", { email })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });

  it("counts the mail sent to one mailbox however its address is spelt", async () => {
    const name = `kid${crypto.randomUUID().slice(0, 8)}`;
    const statuses = [];
    for (const email of [
      `${name}+1@gmail.com`,
      `${name}+2@googlemail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`,
    ])
      statuses.push((await post(perMailbox, "/api/v1/auth/password-reset/", { email })).statusCode);
    statuses.push(
      (await post(perMailbox, "/api/v1/auth/password-reset/", { email: `${name}@yahoo.com` }))
        .statusCode,
    );
    expect(statuses).toEqual([202, 202, 429, 202]);
  });
});
