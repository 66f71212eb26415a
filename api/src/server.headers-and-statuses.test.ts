import { readdirSync } from "node:fs";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../test/expectations.ts";
import {
  buildDir,
  builtPagePaths,
  builtSite,
  databaseOn,
  formHeaders,
  hasBuild,
  makeApp,
  pgliteForFile,
  signUpAndLogIn,
} from "../test/harness.ts";

const json = { "content-type": "application/json" };

// Every page of the real build with the policy the build wrote for it, beside the API's answers.
describe.skipIf(!hasBuild())("every route and endpoint carries the security headers", () => {
  const suite = databaseOn(pgliteForFile());
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp(suite.database, { site: builtSite });
  });
  afterAll(() => app.close());

  it("on pages, files, API answers and errors", async () => {
    const student = makeStudent();
    const asset = readdirSync(`${buildDir}/client/assets`).find((f) => f.endsWith(".js"));
    const requests: [string, InjectOptions, number][] = [
      ...builtPagePaths().map((path): [string, InjectOptions, number] => [
        `GET ${path}`,
        { url: path },
        200,
      ]),
      ["GET /join/<code>", { url: "/join/K7QX9M" }, 200],
      ["GET an unknown page", { url: "/no/such/page" }, 404],
      ["GET a script", { url: `/assets/${asset}` }, 200],
      ["GET the favicon", { url: "/favicon.svg" }, 200],
      ["GET robots.txt", { url: "/robots.txt" }, 200],
      ["GET the sitemap", { url: "/sitemap.xml" }, 200],
      ["GET /healthz", { url: "/healthz" }, 200],
      ["GET /readyz", { url: "/readyz" }, 200],
      ["GET the OpenAPI document", { url: "/api/openapi.json" }, 200],
      ["POST sign-up", { method: "POST", url: "/api/v1/auth/signup/", payload: student }, 201],
      [
        "POST login",
        {
          method: "POST",
          url: "/api/v1/auth/login/",
          payload: { email: student.email, password: student.password },
        },
        200,
      ],
      [
        "POST newsletter",
        { method: "POST", url: "/api/v1/newsletter/", payload: { email: student.email } },
        201,
      ],
      [
        "POST newsletter as a plain form",
        {
          method: "POST",
          url: "/api/v1/newsletter/",
          payload: `email=form-${student.email}&source=%2Ffaqs`,
          headers: formHeaders,
        },
        // Taken, the form post is sent on to the site's page that says so.
        303,
      ],
      ["GET me without a token", { url: "/api/v1/auth/me/" }, 401],
      [
        "POST refresh with garbage",
        { method: "POST", url: "/auth/refresh/", payload: { refresh: "x" } },
        401,
      ],
      ["GET an unknown API path", { url: "/api/v1/nope" }, 404],
      ["POST a page", { method: "POST", url: "/faqs" }, 405],
      [
        "POST malformed JSON",
        { method: "POST", url: "/api/v1/auth/signup/", payload: "{", headers: json },
        400,
      ],
      [
        "POST 17 KB",
        {
          method: "POST",
          url: "/api/v1/auth/signup/",
          payload: JSON.stringify({ ...student, first_name: "x".repeat(17_000) }),
          headers: json,
        },
        413,
      ],
      [
        "POST plain text",
        {
          method: "POST",
          url: "/api/v1/auth/signup/",
          payload: "hello",
          headers: { "content-type": "text/plain" },
        },
        415,
      ],
    ];
    for (const [what, request, status] of requests) {
      const response = await app.inject(request);
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(response, what);
      const isApi = String(request.url).startsWith("/api/v1/");
      if (status >= 400 && (isApi || status !== 404)) expectErrorShape(response, status, what);
    }
  });

  it.each([
    ["GET", "/api/v1/auth/signup/", "POST"],
    ["PUT", "/api/v1/auth/login/", "POST"],
    ["DELETE", "/auth/refresh/", "POST"],
    ["GET", "/api/v1/newsletter/", "POST"],
    ["POST", "/api/v1/auth/me/", "GET, HEAD"],
  ] as const)(
    "answers %s %s with 405 and the methods the route takes",
    async (method, url, allow) => {
      const response = await app.inject({ method, url });
      expectErrorShape(response, 405, `${method} ${url}`);
      expect(response.headers.allow).toBe(allow);
    },
  );

  it("tells no browser or proxy to keep an answer that carries tokens", async () => {
    const login = await signUpAndLogIn(app);
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-store");
    const refresh = await app.inject({
      method: "POST",
      url: "/auth/refresh/",
      payload: { refresh: login.json().refresh },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers["cache-control"]).toBe("no-store");
  });
});
