import { yourDataApi } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  databaseOn,
  formHeaders,
  makeLoggingApp,
  pgliteForFile,
  testCookies,
} from "../../test/harness.ts";
import { until } from "../../test/until.ts";

const suite = databaseOn(pgliteForFile());
let lines: Record<string, unknown>[];
let app: FastifyInstance;
beforeAll(async () => {
  ({ app, lines } = await makeLoggingApp(suite.database));
}, 60_000);
afterAll(() => app.close());

const urlOf = (line: Record<string, unknown>) => (line.req as { url?: unknown } | undefined)?.url;

let markers = 0;
/**
 * The lines written for one request. A line comes once its answer has gone, a
 * moment after `inject` resolves, so a later request that is logged (an unknown
 * API path) marks the end: once its line is in, every line of the first is too.
 */
async function linesOf(send: () => Promise<unknown>) {
  const from = lines.length;
  await send();
  const marker = `/api/v1/log-marker-${markers++}/`;
  await app.inject({ method: "POST", url: marker, payload: {} });
  await until(() => lines.slice(from).some((line) => urlOf(line) === marker), `${marker} logged`);
  const written = lines.slice(from);
  expect(written.filter((line) => urlOf(line) === marker)).toHaveLength(1);
  return written.filter((line) => urlOf(line) !== marker);
}

describe("request log", () => {
  it("leaves a link's token out of the URL it logs", async () => {
    const token = "a-token-nobody-may-read";
    const written = await linesOf(() =>
      app.inject({
        method: "POST",
        url: `/verify-email?token=${token}&from=mail`,
        payload: "",
        headers: formHeaders,
      }),
    );
    expect(written.map(urlOf)).toEqual(["/verify-email?token=[redacted]&from=mail"]);
    expect(JSON.stringify(written)).not.toContain(token);
  });

  it("leaves out a token however its name is spelt, since the app reads each one as the token", async () => {
    const token = "another-token-nobody-may-read";
    for (const [query, logged] of [
      [`%74oken=${token}`, "%74oken=[redacted]"],
      [`to%6Ben=${token}&token=${token}`, "to%6Ben=[redacted]&token=[redacted]"],
      [`from=mail&token=${token}`, "from=mail&token=[redacted]"],
    ]) {
      const written = await linesOf(() =>
        app.inject({
          method: "POST",
          url: `/verify-email?${query}`,
          payload: "",
          headers: formHeaders,
        }),
      );
      expect(written.map(urlOf)).toEqual([`/verify-email?${logged}`]);
      expect(JSON.stringify(written)).not.toContain(token);
    }
  });

  it("writes one line for a sign-up, with the new student's id and never the password", async () => {
    const student = makeStudent({ password: "a-secret-password-9" });
    const written = await linesOf(() =>
      app.inject({ method: "POST", url: "/api/v1/auth/signup/", payload: student }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: "request completed",
      req: { method: "POST", url: "/api/v1/auth/signup/" },
      res: { statusCode: 201 },
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      referred: false,
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(written)).not.toContain("a-secret-password-9");
  });

  it("writes one line for a refused sign-up and for an unknown API path, with their status", async () => {
    const refused = await linesOf(() =>
      app.inject({ method: "POST", url: "/api/v1/auth/signup/", payload: { email: "x" } }),
    );
    const unknown = await linesOf(() =>
      app.inject({ method: "POST", url: "/api/v1/nothing-here/", payload: {} }),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ res: { statusCode: 400 } });
    expect(refused[0]).not.toHaveProperty("userId");
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      req: { url: "/api/v1/nothing-here/" },
      res: { statusCode: 404 },
    });
  });

  it("writes the sessions' operations with the account, and never a token or a password", async () => {
    const student = makeStudent({ password: "a-secret-password-9" });
    await app.inject({ method: "POST", url: "/api/v1/auth/signup/", payload: student });
    const logIn = async () =>
      (
        await app.inject({
          method: "POST",
          url: "/api/v1/auth/login/",
          payload: { email: student.email, password: student.password },
        })
      ).json();
    const phone = await logIn();
    const laptop = await logIn();
    const secrets = [phone.access, phone.refresh, laptop.access, laptop.refresh];
    const written = [
      ...(await linesOf(() =>
        app.inject({ url: "/api/v1/auth/sessions/", headers: bearer(phone.access) }),
      )),
      ...(await linesOf(() =>
        app.inject({
          method: "POST",
          url: "/api/v1/auth/logout/",
          payload: { refresh: laptop.refresh },
          headers: bearer(laptop.access),
        }),
      )),
      ...(await linesOf(() =>
        app.inject({
          method: "POST",
          url: "/api/v1/auth/password/",
          payload: { current_password: student.password, new_password: "another-secret-7" },
          headers: bearer(phone.access),
        }),
      )),
    ];
    expect(written.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([
      200, 204, 200,
    ]);
    for (const line of written.slice(1)) expect(line.userId).toMatch(/^[0-9a-f-]{36}$/);
    const text = JSON.stringify(written);
    for (const secret of [...secrets, student.password, "another-secret-7"])
      expect(text).not.toContain(secret);
    expect(text).not.toContain("Bearer");
  });

  it("writes no cookie: a data session's, and one refused for coming twice, leave only the name", async () => {
    const [own, stranger] = ["own-session-nobody-may-read", "stranger-session-nobody-may-read"];
    const name = testCookies.data.name;
    const written = [
      ...(await linesOf(() =>
        app.inject({ url: `${yourDataApi}/`, headers: { cookie: `${name}=${own}` } }),
      )),
      ...(await linesOf(() =>
        app.inject({
          url: `${yourDataApi}/`,
          headers: { cookie: `${name}=${stranger}; ${name}=${own}` },
        }),
      )),
    ];
    expect(written.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([
      401, 400,
    ]);
    expect(written[1]).toMatchObject({ cookieTwice: name });
    const text = JSON.stringify(written);
    for (const secret of [own, stranger]) expect(text).not.toContain(secret);
  });

  it("writes no line for a page or a file: they are logged only when something goes wrong", async () => {
    // The request after each is logged, and its line is the only new one.
    expect(await linesOf(() => app.inject({ method: "GET", url: "/" }))).toEqual([]);
    expect(await linesOf(() => app.inject({ method: "GET", url: "/no-such-page" }))).toEqual([]);
    expect(await linesOf(() => app.inject({ method: "GET", url: "/favicon.svg" }))).toEqual([]);
  });
});
