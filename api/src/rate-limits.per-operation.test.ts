import { yourDataApi } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOn, databasesForFile, makeApp, post } from "../test/harness.ts";

const databases = databasesForFile();

/**
 * A limit belongs to an operation, not to one of its addresses (rate-limits.ts): counted per
 * route, the refresh's second address and each link-sending route were a fresh allowance.
 */
describe.each(databases)("a limit counts its operation at every address, on $name", (testDb) => {
  const suite = databaseOn(testDb);
  let app: FastifyInstance;
  let perMailbox: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp(suite.database, {
      rateLimits: { refreshPerMinute: 2, mailPerMinute: 3 },
    });
    perMailbox = await makeApp(suite.database, { rateLimits: { mailPerAddressPerHour: 2 } });
  }, 60_000);
  afterAll(() => Promise.all([app.close(), perMailbox.close()]));

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
