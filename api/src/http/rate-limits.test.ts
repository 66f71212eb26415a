import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../../test/expectations.ts";
import {
  type ConfigOverrides,
  databaseOn,
  formHeaders,
  makeApp,
  pgliteForFile,
  post,
} from "../../test/harness.ts";

const suite = databaseOn(pgliteForFile());

/** Runs `use` on an app with only these limits lowered; each app counts from zero. */
async function withLimits(
  rateLimits: ConfigOverrides["rateLimits"],
  use: (app: FastifyInstance) => Promise<void>,
) {
  const app = await makeApp(suite.database, { rateLimits });
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

/** A 429 says, in the header and in words, how long to wait. */
function expectTooMany(response: LightMyRequestResponse | undefined, what: string) {
  if (!response) throw new Error(`no answer for ${what}`);
  expectErrorShape(response, 429, what);
  expect(response.headers["retry-after"], what).toMatch(/^\d+$/);
  expect(response.json().errors, what).toEqual([
    {
      code: "throttled",
      detail: expect.stringMatching(
        /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
      ),
      attr: null,
    },
  ]);
  expectSecurityHeaders(response, what);
}

/** Sends `count` bodies one after another: the statuses and the last answer. */
async function send(app: FastifyInstance, url: string, bodies: () => unknown, count: number) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) answers.push(await post(app, url, bodies()));
  return { statuses: answers.map((a) => a.statusCode), last: answers.at(-1) };
}

describe("rate limits", () => {
  it.each([
    ["sign-ups", { signupPerMinute: 2 }, "/api/v1/auth/signup/", () => makeStudent(), 201],
    [
      "logins",
      { loginPerMinute: 2 },
      "/api/v1/auth/login/",
      () => ({ email: makeStudent().email, password: "whatever1" }),
      401,
    ],
    ["refreshes", { refreshPerMinute: 2 }, "/auth/refresh/", () => ({ refresh: "x" }), 401],
    [
      "newsletter subscriptions",
      { newsletterPerMinute: 2 },
      "/api/v1/newsletter/",
      () => ({ email: makeStudent().email }),
      201,
    ],
  ] as const)(
    "answer %s from one address past the limit with 429 in the error shape",
    async (_name, limits, url, bodies, allowed) => {
      await withLimits(limits, async (app) => {
        const { statuses, last } = await send(app, url, bodies, 3);
        expect(statuses).toEqual([allowed, allowed, 429]);
        expectTooMany(last, url);
      });
    },
  );

  it("counts logins to one email, whatever the case it is typed in", async () => {
    await withLimits({ loginPerEmailPerMinute: 2 }, async (app) => {
      const email = makeStudent().email;
      const cases = [email, email.toUpperCase(), ` ${email} `];
      const { statuses, last } = await send(
        app,
        "/api/v1/auth/login/",
        () => ({ email: cases.shift(), password: "whatever1" }),
        3,
      );
      expect(statuses).toEqual([401, 401, 429]);
      expectTooMany(last, "login");
    });
  });

  it("counts repeated sign-ups against the login limit per email, past which the email is just taken", async () => {
    await withLimits({ loginPerEmailPerMinute: 2 }, async (app) => {
      const student = makeStudent();
      const { statuses, last } = await send(app, "/api/v1/auth/signup/", () => student, 4);
      expect(statuses).toEqual([201, 201, 201, 400]);
      expect(last?.json().errors[0]).toMatchObject({ code: "email_taken" });
    });
  });

  it("answers a plain form post past the limit with a page a person can read", async () => {
    await withLimits({ newsletterPerMinute: 1 }, async (app) => {
      const email = makeStudent().email;
      expect((await post(app, "/api/v1/newsletter/", { email })).statusCode).toBe(201);
      const response = await post(
        app,
        "/api/v1/newsletter/",
        // A page the fixture site has: the way back names only the site's own pages.
        new URLSearchParams({ email: `form-${email}`, source: "/join" }).toString(),
        { ...formHeaders, referer: "https://ysp.ng/join" },
      );
      expect(response.statusCode).toBe(429);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["retry-after"]).toMatch(/^\d+$/);
      expect(response.body).toMatch(/<h1>Please wait a moment<\/h1><p>Too many attempts/);
      expect(response.body).toMatch(/<a [^>]*href="\/join" data-back>Back to the form<\/a>/);
      expect(response.body).toContain("<header>Fixture header</header>");
      expectSecurityHeaders(response, "the form post's page");
    });
  });
});
