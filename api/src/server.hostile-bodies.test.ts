import { emailMessages } from "@ysp/contract/email";
import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../test/expectations.ts";
import {
  appOnDatabase,
  makeConfig,
  noRateLimits,
  pgliteForFile,
  signUpAndLogIn,
} from "../test/harness.ts";
import {
  anyJsonValue,
  hostileAddress,
  linkTokenLike,
  mutated,
  nastyString,
  type RawBody,
  rawBody,
  validSignup,
} from "../test/hostile-input.ts";
import { createTokenSigner } from "./auth/tokens.ts";
import { queryRows } from "./db/client.ts";

/** Each endpoint gets at least this many generated inputs per run. */
const inputsPerEndpoint = 2_000;

// Over 10,000 requests of the mail group, which a fast machine sends within a minute.
const suite = appOnDatabase(pgliteForFile(), { rateLimits: noRateLimits });
let refreshToken = "";
let dataToken = "";

beforeAll(async () => {
  const login = (await signUpAndLogIn(suite.app)).json();
  refreshToken = login.refresh;
  dataToken = await createTokenSigner(makeConfig().jwtSecret).signData({
    userId: login.user.id,
    epoch: 0,
  });
});

/**
 * The counts after the last refused input, which left them as they were: the next input's
 * "before", so each input costs one count, not two (the file was a fifth of the unit suite).
 */
let knownCounts: Awaited<ReturnType<typeof rowCounts>> | undefined;

async function rowCounts() {
  // Not data_requests: a link request is recorded after its answer, so it may land during the next input.
  const [row] = await queryRows<Record<string, number>>(
    suite.database.db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from auth_sessions) as sessions,
      (select count(*)::int from newsletter_subscriptions) as subscriptions,
      (select count(*)::int from consent_records) as consents,
      (select count(*)::int from guardian_requests) as guardian_requests`,
  );
  return row;
}

/** The API routes that answer a plain form post with a page. */
const formRoutes = [
  "/api/v1/newsletter/",
  "/api/v1/auth/signup/",
  "/api/v1/auth/your-data/",
  "/api/v1/guardian-consent/",
];

type Sent = {
  payload: string;
  contentType: string;
  headers?: Record<string, string>;
  /** The address to send to, when the input chooses it (a page's token in its query). */
  url?: string;
};

const asJson = (body: unknown): Sent => ({
  payload: JSON.stringify(body) ?? "null",
  contentType: "application/json",
});
const asRaw = (raw: RawBody): Sent => raw;

/**
 * Sends one input and checks the rules for every answer: never a 5xx; a
 * refusal is a 4xx in the error shape (a page for a plain form post) and
 * leaves every table as it was.
 */
async function check(
  method: "GET" | "POST",
  url: string,
  sent: Sent,
  tally: Record<string, number>,
) {
  const before = knownCounts ?? (await rowCounts());
  knownCounts = undefined;
  const response = await suite.app.inject({
    method,
    url: sent.url ?? url,
    payload: method === "POST" ? sent.payload : undefined,
    headers: {
      ...(sent.contentType ? { "content-type": sent.contentType } : {}),
      ...sent.headers,
    },
  });
  tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const formPost = sent.contentType.startsWith("application/x-www-form-urlencoded");
  const page = !url.startsWith("/api/");
  // Routes that take plain form posts answer them with a page, errors included; a page's own
  // address answers every body it can read with a page, and one it cannot in the error shape.
  if (page && response.headers["content-type"]?.startsWith("text/html")) {
    expect(response.body).toContain("<h1>");
  } else if (formPost && formRoutes.some((route) => url.startsWith(route))) {
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  } else {
    // Its status is whichever 4xx fits the input: the shape is what every refusal shares.
    expectErrorShape(response, response.statusCode, `${method} ${url}`);
  }
  const after = await rowCounts();
  expect(after).toEqual(before);
  knownCounts = after;
}

/** `mostlyRefused`: false for a route that any JSON object suits (stop-marketing takes `{}`). */
async function run(
  name: string,
  method: "GET" | "POST",
  url: string,
  input: fc.Arbitrary<Sent>,
  mostlyRefused = true,
) {
  const tally: Record<string, number> = {};
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(input, async (sent) => {
      tried++;
      await check(method, url, sent, tally);
    }),
    { numRuns: inputsPerEndpoint, endOnFailure: true },
  );
  console.log(`${name}: tried ${tried} generated inputs; answers ${JSON.stringify(tally)}`);
  expect(tried).toBeGreaterThanOrEqual(inputsPerEndpoint);
  // Most inputs are hostile: the run must have exercised refusals, not only successes.
  const refused = Object.entries(tally)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, n]) => sum + n, 0);
  expect(refused).toBeGreaterThan(mostlyRefused ? tried / 2 : tried / 10);
}

const body = (valid: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(
    { arbitrary: mutated(valid).map(asJson), weight: 4 },
    { arbitrary: anyJsonValue.map(asJson), weight: 2 },
    { arbitrary: rawBody.map(asRaw), weight: 3 },
  );

describe("hostile bodies never get a 5xx and never change the database", () => {
  it("POST /api/v1/auth/signup/", { timeout: 300_000 }, async () => {
    await run("sign-up", "POST", "/api/v1/auth/signup/", body(validSignup));
  });

  it("POST /api/v1/auth/login/", { timeout: 300_000 }, async () => {
    const valid = fc.record({ email: fc.emailAddress(), password: nastyString });
    await run("login", "POST", "/api/v1/auth/login/", body(valid));
  });

  it.each(["/auth/refresh/", "/api/v1/auth/refresh/"])(
    "POST %s",
    { timeout: 300_000 },
    async (url) => {
      // A real token only in a mutated body: a plain valid one would rotate and change a row.
      const valid = fc.record({ refresh: fc.constant(refreshToken) });
      const input = fc.oneof(
        mutated(valid)
          .filter((b) => (b as { refresh?: unknown }).refresh !== refreshToken)
          .map(asJson),
        fc.record({ refresh: nastyString }).map(asJson),
        anyJsonValue.map(asJson),
        rawBody.map(asRaw),
      );
      await run(`refresh ${url}`, "POST", url, input);
    },
  );

  it("POST /api/v1/newsletter/ (JSON and plain form posts)", { timeout: 300_000 }, async () => {
    const valid = fc.record({
      email: fc.emailAddress(),
      source: fc.constantFrom("/", "/faqs", "https://evil.example/"),
    });
    const form = fc
      .dictionary(fc.constantFrom("email", "source", "__proto__", "x"), nastyString, { maxKeys: 3 })
      .map((fields) => ({
        payload: new URLSearchParams(fields).toString(),
        contentType: "application/x-www-form-urlencoded",
      }));
    // Valid addresses would subscribe (a new row, rightly): only broken ones here.
    const input = fc
      .oneof(body(valid), form)
      .filter((sent) => !/^\{"email":"[^"]+@[^"]+"(,"source":"[^"]*")?\}$/.test(sent.payload));
    await run("newsletter", "POST", "/api/v1/newsletter/", input);
  });

  it("GET /api/v1/auth/me/ with hostile Authorization headers", { timeout: 300_000 }, async () => {
    const header = fc.oneof(
      nastyString.map((s) => `Bearer ${s}`),
      nastyString,
      fc.constantFrom("Bearer", "Bearer ", "Basic YTpi", `Bearer ${refreshToken}`),
    );
    await run(
      "me",
      "GET",
      "/api/v1/auth/me/",
      header
        .filter((value) => /^[\t\x20-\x7e]*$/.test(value))
        .map((authorization) => ({ payload: "", contentType: "", headers: { authorization } })),
    );
  });

  const token = linkTokenLike;
  const form = (keys: readonly string[]) =>
    fc
      .dictionary(fc.constantFrom(...keys, "__proto__", "x"), nastyString, { maxKeys: 4 })
      .map((fields) => ({
        payload: new URLSearchParams(fields).toString(),
        contentType: "application/x-www-form-urlencoded",
      }));
  const withData = (input: fc.Arbitrary<Sent>) =>
    input.map((sent) => ({ ...sent, headers: { authorization: `Bearer ${dataToken}` } }));
  const tokenBody = fc.oneof(body(fc.record({ token })), form(["token"]));

  it.each([
    ["/api/v1/auth/your-data/open/", tokenBody],
    [
      "/api/v1/guardian-consent/",
      fc.oneof(
        body(
          fc.record({
            token,
            decision: fc.constantFrom("grant", "refuse", "maybe"),
            guardian_name: nastyString,
            relationship: fc.constantFrom("Mother", "Aunt", ""),
          }),
        ),
        form(["token", "decision", "guardian_name", "relationship"]),
      ),
    ],
    ["/api/v1/newsletter/confirm/", tokenBody],
    ["/api/v1/newsletter/unsubscribe/", tokenBody],
    ["/api/v1/auth/email-change/confirm/", tokenBody],
    ["/api/v1/auth/email-change/undo/", tokenBody],
  ] as const)(
    "POST %s with hostile tokens and bodies",
    { timeout: 300_000 },
    async (url, input) => {
      await run(url, "POST", url, input);
    },
  );

  it("POST /api/v1/auth/your-data/link/", { timeout: 300_000 }, async () => {
    // Valid addresses are answered 202 and recorded (rightly): broken ones here, and unknown ones.
    const input = fc.oneof(body(fc.record({ email: fc.emailAddress() })), form(["email"]));
    await run("your-data link", "POST", "/api/v1/auth/your-data/link/", input);
  });

  it.each([
    [
      "name/",
      fc.record({ first_name: nastyString, last_name: nastyString }),
      ["first_name", "last_name"],
    ],
    ["guardian-request/", fc.record({ guardian_email: nastyString }), ["guardian_email"]],
    // A valid confirmation would delete the account the other inputs use: only invalid ones.
    [
      "delete/",
      fc.record({ confirm: nastyString.filter((v) => v.trim().toUpperCase() !== "DELETE") }),
      ["confirm"],
    ],
    ["stop-marketing/", fc.record({}), []],
  ] as const)(
    "POST /api/v1/auth/your-data/%s with a data token",
    { timeout: 300_000 },
    async (path, valid, keys) => {
      const url = `/api/v1/auth/your-data/${path}`;
      const input = withData(fc.oneof(body(valid), form(keys))).filter(
        (sent) => path !== "delete/" || !/DELETE/i.test(sent.payload),
      );
      await run(url, "POST", url, input, path !== "stop-marketing/");
    },
  );

  it.each(["/your-data", "/guardian-consent", "/newsletter-confirm", "/unsubscribe"])(
    "POST %s?token=… (a page's own form)",
    { timeout: 300_000 },
    async (path) => {
      const input = fc
        .tuple(
          token,
          fc.oneof(form(["decision", "guardian_name", "relationship"]), rawBody.map(asRaw)),
        )
        .map(([value, sent]) => ({
          ...sent,
          url: `${path}?token=${encodeURIComponent(value.toWellFormed())}`,
        }));
      await run(path, "POST", path, input);
    },
  );

  it("refuses every address-shaped hostile string wherever an address is taken", {
    timeout: 300_000,
  }, async () => {
    const data = { authorization: `Bearer ${dataToken}` };
    const doors: {
      url: string;
      field: string;
      body: (email: string) => object;
      headers?: Record<string, string>;
    }[] = [
      {
        url: "/api/v1/auth/signup/",
        field: "email",
        body: (email: string) => makeStudent({ email }),
      },
      ...[
        "/api/v1/newsletter/",
        "/api/v1/auth/verify-email/resend/",
        "/api/v1/auth/password-reset/",
        "/api/v1/auth/your-data/link/",
      ].map((url) => ({ url, field: "email", body: (email: string) => ({ email }) })),
      {
        url: "/api/v1/auth/email-change/",
        field: "new_email",
        body: (email: string) => ({
          email: "ada.obi@example.com",
          password: "a-password-1",
          new_email: email,
        }),
      },
      {
        url: "/api/v1/auth/your-data/guardian-request/",
        field: "guardian_email",
        body: (email: string) => ({ guardian_email: email }),
        headers: data,
      },
    ];
    const refusals: string[] = [emailMessages.invalid, emailMessages.tooLong];
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...doors),
        hostileAddress,
        fc.boolean(),
        async (door, email, asForm) => {
          tried++;
          const before = knownCounts ?? (await rowCounts());
          const body = door.body(email);
          const response = await suite.app.inject({
            method: "POST",
            url: door.url,
            payload: asForm
              ? new URLSearchParams(body as Record<string, string>).toString()
              : JSON.stringify(body),
            headers: {
              "content-type": asForm ? "application/x-www-form-urlencoded" : "application/json",
              ...door.headers,
            },
          });
          const what = `${door.url} ${JSON.stringify(email)}${asForm ? " (form)" : ""}`;
          if (response.headers["content-type"]?.startsWith("text/html")) {
            expect(response.statusCode, what).toBe(400);
            expect(
              refusals.some((r) => response.body.includes(r)),
              what,
            ).toBe(true);
          } else {
            expectErrorShape(response, 400, what);
            expect(response.json().errors[0], what).toMatchObject({ attr: door.field });
            expect(refusals, what).toContain(response.json().errors[0].detail);
          }
          knownCounts = await rowCounts();
          expect(knownCounts, what).toEqual(before);
        },
      ),
      { numRuns: inputsPerEndpoint, endOnFailure: true },
    );
    console.log(`address-shaped strings: tried ${tried}, every one refused`);
  });

  it("leaves Object.prototype unpolluted", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});
