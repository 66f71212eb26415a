import { serviceMessages } from "@ysp/contract";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../../test/expectations.ts";
import {
  builtSite,
  formHeaders,
  hasBuild,
  makeApp,
  post,
  postgresDatabase,
} from "../../test/harness.ts";
import { openDatabase } from "../db/client.ts";
import { createMetrics } from "../ops/metrics.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { unavailableRetrySeconds } from "./errors.ts";

const signup = "/api/v1/auth/signup/";
const login = "/api/v1/auth/login/";
/** Short, so a test waits little; the default is DATABASE_STATEMENT_TIMEOUT_MS's 5000. */
const timeoutMs = 400;

/** The database's bad day, answered as such: 503 in the error shape, with Retry-After. */
function expectUnavailable(response: LightMyRequestResponse, what: string) {
  expectErrorShape(response, 503, what);
  expect(response.headers["retry-after"], what).toBe(String(unavailableRetrySeconds));
  expect(response.json().errors, what).toEqual([
    { code: "database_unavailable", detail: serviceMessages.unavailable, attr: null },
  ]);
  expectSecurityHeaders(response, what);
}

/** The database at `url`, every statement and connection wait bounded by `timeoutMs`. */
const openBounded = (url: string) =>
  openDatabase({ kind: "postgres", url, poolSize: 4, timeoutMs });

const formPost = (app: FastifyInstance, student: ReturnType<typeof makeStudent>) =>
  post(app, signup, new URLSearchParams({ ...student, referral_code: "" }).toString(), {
    ...formHeaders,
    referer: "https://ysp.ng/join",
  });

describe.skipIf(!postgresBinDir())("a database that cannot answer", () => {
  it("answers 503 when a lock is held past the statement timeout, and writes nothing", async () => {
    const scratch = await postgresDatabase();
    const database = await openBounded(scratch.url);
    const metrics = createMetrics();
    const app = await makeApp(database, { metrics });
    const locker = new pg.Client({ connectionString: scratch.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table users in access exclusive mode");
      // The lock is held until after the answers: a request that waited on it would never come back.
      const student = makeStudent();
      expectUnavailable(await post(app, signup, student), "a sign-up behind the lock");
      expectUnavailable(
        await post(app, login, { email: student.email, password: student.password }),
        "a login behind the lock",
      );
      const page = await formPost(app, student);
      expect(page.statusCode).toBe(503);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["retry-after"]).toBe(String(unavailableRetrySeconds));
      expect(page.body).toContain(
        `<h1>Please wait a moment</h1><p>${escapeHtml(serviceMessages.unavailable)}</p>`,
      );
      // Each of the three 503s for the database, counted for the alert on them.
      expect(await metrics.registry.metrics()).toMatch(/^ysp_database_unavailable_total 3$/m);
      expectSecurityHeaders(page, "the form post's page");
      await locker.query("commit");

      // Nothing was half-written: the same student signs up now as if for the first time.
      expect((await post(app, signup, student)).statusCode).toBe(201);
      const loggedIn = await post(app, login, { email: student.email, password: student.password });
      expect(loggedIn.statusCode).toBe(200);
      const { rows } = await locker.query("select count(*)::int as n from users");
      expect(rows[0].n).toBe(1);
    } finally {
      await locker.end();
      await app.close();
      await database.close();
      await scratch.drop();
    }
  });

  it("answers 503 when PostgreSQL has stopped, and says so at /readyz only", async () => {
    const server = await startPostgres();
    const database = await openBounded(server.url);
    // The built site has the pages a mailed link opens, which the server fills from the database.
    const built = hasBuild();
    const app = await makeApp(database, built ? { site: builtSite } : {});
    try {
      const student = makeStudent();
      expect((await post(app, signup, student)).statusCode).toBe(201);
      const session = (
        await post(app, login, { email: student.email, password: student.password })
      ).json();
      await server.stop();

      expectUnavailable(await post(app, signup, makeStudent()), "a sign-up");
      expectUnavailable(
        await post(app, login, { email: student.email, password: student.password }),
        "a login",
      );
      expectUnavailable(
        await post(app, "/auth/refresh/", { refresh: session.refresh }),
        "a refresh",
      );
      if (built) {
        // A parent opening the link in their message gets a page saying the same.
        const page = await app.inject({
          url: "/guardian-consent?token=abc",
          headers: { accept: "text/html,application/xhtml+xml" },
        });
        expect(page.statusCode).toBe(503);
        expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(page.headers["retry-after"]).toBe(String(unavailableRetrySeconds));
        expect(page.body).toContain(escapeHtml(serviceMessages.unavailable));
        expect(page.body).toMatch(/<a [^>]*href="\/guardian-consent\?token=abc">Try again<\/a>/);
        expectSecurityHeaders(page, "the page a parent opens");
      }
      expect((await app.inject("/readyz")).statusCode).toBe(503);
      expect((await app.inject("/healthz")).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
