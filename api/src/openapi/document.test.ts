import { googleSignIn } from "@ysp/contract";
import {
  newGoogleAccount,
  type OpenIdProvider,
  startOpenIdProvider,
  type TestIdentity,
} from "@ysp/testing/openid-provider";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import type { ReceivedMail } from "@ysp/testing/smtp";
import { makeStudent } from "@ysp/testing/students";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  googleConfigFor,
  mailThrough,
  makeApp,
  makeConfig,
  pgliteForFile,
  post,
  smtpForFile,
  testCookies,
  testPublicUrl,
} from "../../test/harness.ts";
import { createTokenSigner } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { bodyLimit } from "../http/body-limit.ts";

/**
 * Every operation the API's document describes, called on the real server, and every answer
 * checked against the document's schema for its status (and its Retry-After where described):
 * a route that answers what its document does not say fails here. Each operation must also
 * be seen to answer every status it documents, except 500, which no request can ask for.
 */

type Schema = Record<string, unknown>;
type Media = {
  "application/json": { schema: Schema; examples?: Record<string, { value: unknown }> };
};
type DocOperation = {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: { content: Media };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Media }>;
};
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Schema> };
};

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats.default(ajv);

/** The document's named schemas, where Ajv finds them: in a schema of their own. */
const components = "https://ysp.test/components";
const inComponents = (schema: Schema): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${components}#/$defs/`));
const validators = new WeakMap<Schema, ReturnType<typeof ajv.compile>>();
/** A schema of the document as a validator, its references to named schemas followed. */
function validatorOf(schema: Schema = {}) {
  const validate = validators.get(schema) ?? ajv.compile(inComponents(schema));
  validators.set(schema, validate);
  return validate;
}

const smtp = smtpForFile();

const testDb = pgliteForFile();
let database: Database;
let app: FastifyInstance;
let doc: Document;
const operations = new Map<string, { method: string; path: string; op: DocOperation }>();
/** The statuses each operation was seen to answer. */
const seen = new Map<string, Set<number>>();

/** Google, stood in for by a real OpenID Provider on localhost: logInWithGoogle is exercised. */
let google: OpenIdProvider;
const googleAccount = newGoogleAccount;

beforeAll(async () => {
  database = await testDb.open();
  google = await startOpenIdProvider({
    redirectUris: [`${testPublicUrl}${googleSignIn.callback}`],
  });
  app = await makeApp(database, { mail: mailThrough(smtp.url), google: googleConfigFor(google) });
  doc = (await app.inject({ url: "/api/openapi.json" })).json();
  ajv.addSchema({ $id: components, $defs: inComponents(doc.components.schemas) });
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      operations.set(op.operationId, { method: method.toUpperCase(), path, op });
      seen.set(op.operationId, new Set());
    }
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await google?.close();
});

/** The answer checked against the document: its status listed, its body the schema's, Retry-After and WWW-Authenticate sent. */
function expectDocumented(operationId: string, answer: LightMyRequestResponse) {
  const { op } = operations.get(operationId) ?? {};
  const what = `${operationId} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
  const documented = op?.responses[String(answer.statusCode)];
  expect(documented, what).toBeDefined();
  seen.get(operationId)?.add(answer.statusCode);
  // An answer documented without content (204) has none.
  if (!documented?.content) return expect(answer.body, what).toBe("");
  const media = documented?.content?.["application/json"];
  expect(answer.headers["content-type"], what).toMatch(/^application\/json/);
  const validate = validatorOf(media?.schema);
  expect(validate(answer.json()), `${what}\n${ajv.errorsText(validate.errors)}`).toBe(true);
  if (documented?.headers?.["Retry-After"])
    expect(answer.headers["retry-after"], what).toMatch(/^[1-9]\d*$/);
  if (documented?.headers?.["WWW-Authenticate"])
    expect(answer.headers["www-authenticate"], what).toMatch(
      /^Bearer realm="YSP"(, error="invalid_token")?$/,
    );
}

/** Calls an operation by its id on `server`, and checks the answer against the document. */
async function call(
  operationId: string,
  request: {
    body?: unknown;
    token?: string;
    /** The address's `{id}`: an id nobody has, unless the test names one. */
    id?: string;
    /** A Cookie header, as a browser sends it (the sign-up's cookie). */
    cookie?: string;
    raw?: Omit<InjectOptions, "url" | "method">;
  } = {},
  server = app,
) {
  const found = operations.get(operationId);
  if (!found) throw new Error(`The document has no operation ${operationId}`);
  const headers: Record<string, string> = {
    ...(request.token ? bearer(request.token) : {}),
    ...(request.cookie ? { cookie: request.cookie } : {}),
  };
  const answer = await server.inject({
    method: found.method as InjectOptions["method"],
    url: found.path.replace("{id}", request.id ?? crypto.randomUUID()),
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
    ...request.raw,
  });
  expectDocumented(operationId, answer);
  return answer;
}

/** The sign-up's cookie, as the browser sends it back. */
const signupCookieOf = (answer: LightMyRequestResponse) =>
  [answer.headers["set-cookie"] ?? []]
    .flat()
    .find((line) => line.startsWith(`${testCookies.signupAccount.name}=`))
    ?.split(";")[0];

/** The example body the document gives for an operation. */
function exampleBody(operationId: string, name = "example"): Record<string, unknown> {
  const media = operations.get(operationId)?.op.requestBody?.content["application/json"];
  return (media?.examples?.[name]?.value ?? {}) as Record<string, unknown>;
}

/** The token in the first link of the newest message to `to` leading to `page`. */
async function linkToken(to: string, page: string, since: number): Promise<string> {
  const leadsThere = (link: string) => new URL(link).pathname === page;
  const mail: ReceivedMail = await smtp.waitFor(
    (m) => m.to.includes(to) && m.receivedAt >= since && m.links.some(leadsThere),
  );
  const link = new URL(mail.links.find(leadsThere) ?? "");
  expect(link.origin).toBe(testPublicUrl);
  return link.searchParams.get("token") ?? "";
}

/** A good unsubscribe token (the student's life gets one), which only the database can refuse. */
let unsubscribeToken = "";

const operationsWithBody = () =>
  [...operations.values()].filter(({ op }) => op.requestBody).map(({ op }) => op.operationId);

describe("the API's document, against the real server", () => {
  it("describes this deployment: its server is PUBLIC_URL", () => {
    expect(doc.servers).toEqual([{ url: testPublicUrl, description: expect.any(String) }]);
  });

  it("has a valid example for every body and every answer", () => {
    for (const { op } of operations.values()) {
      const body = op.requestBody?.content["application/json"];
      const bodies = Object.entries(body?.examples ?? {});
      if (op.requestBody) expect(bodies.length, op.operationId).toBeGreaterThan(0);
      // With the u flag, as JSON Schema 2020-12 reads a pattern (Spectral's check does not).
      const validateBody = validatorOf(body?.schema);
      for (const [name, { value }] of bodies)
        expect(validateBody(value), `${op.operationId} body ${name}`).toBe(true);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status === "204") {
          expect(answer.content, `${op.operationId} 204`).toBeUndefined();
          continue;
        }
        const media = answer.content?.["application/json"];
        const examples = Object.entries(media?.examples ?? {});
        expect(examples.length, `${op.operationId} ${status}`).toBeGreaterThan(0);
        const validate = validatorOf(media?.schema);
        for (const [name, { value }] of examples)
          expect(validate(value), `${op.operationId} ${status} ${name}`).toBe(true);
      }
    }
  });

  it("answers every operation's body refusals as documented: 400, 413 and 415", async () => {
    for (const id of operationsWithBody()) {
      await call(id, { body: [] });
      await call(id, { raw: { payload: "{", headers: { "content-type": "application/json" } } });
      await call(id, {
        raw: {
          payload: JSON.stringify({ padding: "x".repeat(bodyLimit) }),
          headers: { "content-type": "application/json" },
        },
      });
      await call(id, { raw: { payload: "hello", headers: { "content-type": "text/plain" } } });
    }
  });

  it("answers a student's whole life, as documented", async () => {
    const student = makeStudent();
    const since = Date.now();
    await call("signUp", { body: student });
    await call("signUp", { body: { ...student, password: "another-password-1" } });
    await call("signUp", { body: { ...makeStudent(), referral_code: "NOBODY" } });

    // The link the sign-up sent: a new one asked for first would replace it. Its first use ends
    // every session made before it, so it comes before the login.
    const verify = await linkToken(student.email, "/verify-email", since);
    await call("verifyEmail", { body: { token: verify } });
    await call("verifyEmail", { body: { token: verify } });
    await call("resendEmailVerification", { body: { email: student.email } });

    const login = await call("logIn", {
      body: { email: student.email, password: student.password },
    });

    // The app's Google sign-in: a new account, the same again, and each refusal.
    const newcomer = googleAccount();
    const idToken = (identity: TestIdentity) => google.idToken(identity);
    await call("logInWithGoogle", { body: { id_token: await idToken(newcomer) } });
    await call("logInWithGoogle", {
      body: { id_token: await idToken(newcomer), accept_terms: true },
    });
    await call("logInWithGoogle", { body: { id_token: await idToken(newcomer) } });
    await call("logInWithGoogle", {
      body: {
        id_token: await idToken(googleAccount()),
        accept_terms: true,
        referral_code: "NOBODY",
      },
    });
    await call("logInWithGoogle", { body: { id_token: exampleBody("logInWithGoogle").id_token } });
    await call("logInWithGoogle", {
      body: {
        id_token: await idToken(googleAccount({ email: student.email })),
        accept_terms: true,
      },
    });
    await call("logInWithGoogle", {
      body: {
        id_token: await idToken(googleAccount({ email_verified: false })),
        accept_terms: true,
      },
    });
    const withoutGoogle = await makeApp(database);
    try {
      await call("logInWithGoogle", { body: exampleBody("logInWithGoogle") }, withoutGoogle);
    } finally {
      await withoutGoogle.close();
    }
    await call("logIn", { body: { email: student.email, password: "not-the-password" } });
    const first = login.json();
    const renewed = await call("refreshSession", { body: { refresh: first.refresh } });
    await call("refreshSessionAtSite", { body: { refresh: renewed.json().refresh } });
    for (const id of ["refreshSession", "refreshSessionAtSite"])
      await call(id, { body: { refresh: "not-a-token" } });
    const { access } = first;
    await call("getMe", { token: access });
    await call("getMe", {});

    // A browser that signed up puts its mistyped address right: refused without its cookie and
    // with a wrong password, then done.
    const typo = makeStudent({ email: `ada.${Date.now()}@gmial.com` });
    const made = await call("signUp", { body: typo });
    const cookie = signupCookieOf(made);
    const fixed = { password: typo.password, new_email: typo.email.replace("gmial", "gmail") };
    await call("correctSignupEmail", { body: fixed });
    await call("correctSignupEmail", { cookie, body: { ...fixed, password: "not-the-password" } });
    await call("correctSignupEmail", { cookie, body: fixed });

    // A second device; the sessions seen, one ended, this device logged out, a new password.
    const phone = {
      "user-agent":
        "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    };
    const other = (
      await call("logIn", {
        body: { email: student.email, password: student.password },
        raw: { headers: phone },
      })
    ).json();
    const listed = (await call("listSessions", { token: access })).json().sessions;
    await call("listSessions", {});
    const otherId = listed.find((s: { current: boolean }) => !s.current)?.id;
    await call("endSession", { token: access, id: otherId });
    await call("endSession", { token: access });
    await call("endSession", {});
    await call("logOut", { token: other.access, body: { refresh: other.refresh } });
    await call("logOut", { body: { refresh: other.refresh } });
    const changePassword = exampleBody("changePassword");
    await call("changePassword", {
      token: access,
      body: { ...changePassword, current_password: "not-the-password" },
    });
    await call("changePassword", { body: changePassword });
    const changed = await call("changePassword", {
      token: access,
      body: { ...changePassword, current_password: student.password },
    });
    await call("logOutEverywhere", { token: changed.json().access });
    await call("logOutEverywhere", { token: changed.json().access });

    await call("requestPasswordReset", { body: { email: student.email } });
    const reset = await linkToken(student.email, "/reset-password", since);
    await call("confirmPasswordReset", { body: { token: reset, password: "kola-nut-new-1" } });
    await call("confirmPasswordReset", { body: { token: reset, password: "kola-nut-new-2" } });

    // A new address: refused as a login is, asked for, confirmed there, and put back.
    const password = "kola-nut-new-1";
    const moving = (await call("logIn", { body: { email: student.email, password } })).json();
    const newEmail = `new.${student.email}`;
    await call("requestEmailChange", {
      token: moving.access,
      body: { password: "not-the-password", new_email: newEmail },
    });
    await call("requestEmailChange", {
      body: { email: student.email, password: "not-the-password", new_email: newEmail },
    });
    await call("requestEmailChange", { body: { password, new_email: newEmail } });
    await call("requestEmailChange", {
      token: moving.access,
      body: { password, new_email: student.email },
    });
    await call("requestEmailChange", {
      token: moving.access,
      body: { password, new_email: newEmail },
    });
    const there = await linkToken(newEmail, "/change-email/confirm", since);
    await call("confirmEmailChange", { body: { token: there } });
    await call("confirmEmailChange", { body: { token: there } });
    const back = await linkToken(student.email, "/change-email/undo", since);
    await call("undoEmailChange", { body: { token: back } });
    await call("undoEmailChange", { body: { token: back } });

    await call("requestYourDataLink", { body: { email: student.email } });
    const open = await linkToken(student.email, "/your-data", since);
    const data = (await call("openYourData", { body: { token: open } })).json().access;
    await call("openYourData", { body: { token: open } });
    for (const id of [
      "downloadYourData",
      "correctName",
      "stopMarketing",
      "removeGoogleSignIn",
      "askGuardian",
      "deleteAccount",
    ]) {
      const body = operations.get(id)?.op.requestBody ? exampleBody(id) : undefined;
      await call(id, { body });
      // The token as the site's pages send it, in their cookie, which came twice: refused.
      const twice = `${testCookies.data.name}=${data}; ${testCookies.data.name}=${data}`;
      await call(id, { body, raw: { headers: { cookie: twice } } });
    }
    await call("downloadYourData", { token: data });
    await call("correctName", { token: data, body: exampleBody("correctName") });
    await call("stopMarketing", { token: data, body: {} });
    await call("removeGoogleSignIn", { token: data, body: {} });
    // The newcomer's account, made with Google, has no password: its Google sign-in stays.
    await call("requestYourDataLink", { body: { email: newcomer.email } });
    const googleOnly = await linkToken(newcomer.email, "/your-data", since);
    const googleData = (await call("openYourData", { body: { token: googleOnly } })).json().access;
    await call("removeGoogleSignIn", { token: googleData, body: {} });
    const guardian = `parent.${student.email}`;
    await call("askGuardian", { token: data, body: { guardian_email: guardian } });
    await call("askGuardian", { token: data, body: { guardian_email: student.email } });
    const consent = await linkToken(guardian, "/guardian-consent", since);
    const grant = exampleBody("answerGuardianRequest", "grant");
    await call("answerGuardianRequest", { body: { ...grant, token: consent } });
    await call("answerGuardianRequest", { body: { ...grant, token: consent } });
    await call("deleteAccount", { token: data, body: exampleBody("deleteAccount") });

    const reader = `reader.${student.email}`;
    // Confirmed before asking again: an address not yet confirmed would get a new link, and
    // the first message's would stop working.
    await call("subscribeToNewsletter", { body: { email: reader, source: "/faqs" } });
    const confirm = await linkToken(reader, "/newsletter-confirm", since);
    const leave = await linkToken(reader, "/unsubscribe", since);
    unsubscribeToken = leave;
    await call("confirmNewsletter", { body: { token: confirm } });
    await call("subscribeToNewsletter", { body: { email: reader, source: "/faqs" } });
    await call("confirmNewsletter", {
      body: { token: "q3Jx8m2Lw0Zb6T1yVd5nK9sHc4rE7uAfGiOpXt2BkYw" },
    });
    await call("unsubscribeFromNewsletter", { body: { token: leave } });
    await call("unsubscribeFromNewsletter", { body: { token: "not-a-token" } });
  });

  it("answers 429 with Retry-After once an operation's limit is spent", async () => {
    const limited = await makeApp(database, {
      rateLimits: {
        signupPerMinute: 1,
        loginPerMinute: 1,
        refreshPerMinute: 1,
        newsletterPerMinute: 1,
        mailPerMinute: 1,
      },
    });
    try {
      const ids = [...operations.values()]
        .filter(({ op }) => op.responses["429"])
        .map(({ op }) => op.operationId);
      // The limit is counted before the body is read: the first call is refused for its body.
      // An unsubscribe's counts refused tokens only (routes/newsletter.ts): one of its shape.
      const wrongToken = `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"a".repeat(43)}`;
      for (const id of ids) {
        const body = id === "unsubscribeFromNewsletter" ? { token: wrongToken } : [];
        await call(id, { body }, limited);
        const answer = await call(id, { body }, limited);
        expect(answer.statusCode, id).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe.skipIf(!postgresBinDir())("the API's document on a bad day", () => {
  it("answers 503 with Retry-After from every operation while PostgreSQL is stopped", async () => {
    const server = await startPostgres();
    const bounded = await openDatabase({
      kind: "postgres",
      url: server.url,
      poolSize: 8,
      timeoutMs: 400,
    });
    const down = await makeApp(bounded, { google: googleConfigFor(google) });
    try {
      const student = makeStudent();
      expect((await post(down, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
      const login = await post(down, "/api/v1/auth/login/", {
        email: student.email,
        password: student.password,
      });
      const { access, refresh, user } = login.json();
      // Tokens this app accepts, so each request gets as far as the database, which is down.
      const dataToken = await createTokenSigner(makeConfig().jwtSecret).signData({
        userId: user.id,
        epoch: 0,
      });
      const signer = createTokenSigner(makeConfig().jwtSecret);
      const cookie = `${testCookies.signupAccount.name}=${await signer.signSignup(user.id)}`;
      const tokenFor = (op: DocOperation) =>
        op.security.some((scheme) => "dataAccess" in scheme)
          ? dataToken
          : op.security.length > 0
            ? access
            : undefined;
      // A token Google signed: the server checks it, then asks the database, which is down.
      const googleToken = await google.idToken(googleAccount());
      const bodyFor = (op: DocOperation) =>
        op.operationId === "logInWithGoogle"
          ? { id_token: googleToken, accept_terms: true }
          : op.operationId.startsWith("refreshSession")
            ? { refresh }
            : op.operationId === "unsubscribeFromNewsletter"
              ? { token: unsubscribeToken }
              : op.requestBody
                ? exampleBody(
                    op.operationId,
                    Object.keys(op.requestBody.content["application/json"].examples ?? {})[0],
                  )
                : undefined;
      await server.halt();
      for (const { op } of operations.values()) {
        const answer = await call(
          op.operationId,
          { body: bodyFor(op), token: tokenFor(op), cookie },
          down,
        );
        expect(answer.statusCode, op.operationId).toBe(503);
      }
    } finally {
      await down.close();
      await bounded.close();
      await server.stop();
    }
  }, 120_000);
});

describe("what the document promises", () => {
  it("was seen: every operation answered every status it documents (500 aside)", () => {
    const missing: string[] = [];
    for (const [id, { op }] of operations) {
      for (const status of Object.keys(op.responses).map(Number)) {
        if (status === 500 || (status === 503 && !postgresBinDir())) continue;
        if (!seen.get(id)?.has(status)) missing.push(`${id} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
