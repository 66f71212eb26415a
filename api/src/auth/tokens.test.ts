import { randomUUID } from "node:crypto";
import type { TokenPair } from "@ysp/contract";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appOnDatabase,
  bearer,
  makeConfig,
  pgliteForFile,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";

let clock = Date.now();
const suite = appOnDatabase(pgliteForFile(), {}, () => clock);
let good: TokenPair & { userId: string };

const secret = new TextEncoder().encode(makeConfig().jwtSecret);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<
    string,
    unknown
  >;

const me = (token: string) => suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(token) });

async function logIn() {
  const body = (await signUpAndLogIn(suite.app)).json();
  return { access: body.access, refresh: body.refresh, userId: body.user.id };
}

beforeAll(async () => {
  good = await logIn();
});

/** A token with the same claims as `token`, signed with `key` (HS256) or not at all (`none`). */
async function resigned(token: string, key: Uint8Array | "none", changes = {}) {
  const claims = { ...claimsOf(token), ...changes };
  if (key === "none") return `${base64url({ alg: "none", typ: "JWT" })}.${base64url(claims)}.`;
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
}

const tampered = (token: string) => {
  const [header, payload, signature = ""] = token.split(".");
  const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
  return `${header}.${payload}.${flipped}`;
};

const expect401 = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({
    type: "client_error",
    errors: [{ code: expect.any(String), detail: expect.any(String), attr: null }],
  });
};

describe("every forged, misused or dead token gets a 401", () => {
  const refreshUrls = ["/auth/refresh/", "/api/v1/auth/refresh/"];

  it("is not fooled: the good tokens work, so the refusals below mean something", async () => {
    expect((await me(good.access)).statusCode).toBe(200);
    const fresh = await logIn();
    expect((await post(suite.app, "/auth/refresh/", { refresh: fresh.refresh })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ["a tampered signature", async () => tampered(good.refresh)],
    ["alg: none", async () => resigned(good.refresh, "none")],
    [
      "a wrong secret",
      async () => resigned(good.refresh, new TextEncoder().encode("x".repeat(48))),
    ],
    [
      "a changed subject with the old signature",
      async () => {
        const [header, , signature] = good.refresh.split(".");
        return `${header}.${base64url({ ...claimsOf(good.refresh), sub: randomUUID() })}.${signature}`;
      },
    ],
    ["an access token", async () => good.access],
    ["a token of another issuer", async () => resigned(good.refresh, secret, { iss: "someone" })],
    [
      "ids that are not uuids, validly signed",
      async () => resigned(good.refresh, secret, { sid: "1 or 1=1", jti: "x" }),
    ],
  ])("refresh with %s", async (_name, make) => {
    const token = await make();
    for (const url of refreshUrls) expect401(await post(suite.app, url, { refresh: token }));
  });

  it.each([
    ["a tampered signature", async () => tampered(good.access)],
    ["alg: none", async () => resigned(good.access, "none")],
    ["a wrong secret", async () => resigned(good.access, new TextEncoder().encode("x".repeat(48)))],
    ["a refresh token", async () => good.refresh],
    [
      "a subject that is not a uuid, validly signed",
      async () => resigned(good.access, secret, { sub: "x" }),
    ],
  ])("/me with %s", async (_name, make) => {
    expect401(await me(await make()));
  });

  it("an expired access token and an expired refresh token", async () => {
    const session = await logIn();
    clock += 15 * 60 * 1000 + 1000;
    try {
      expect401(await me(session.access));
      clock += 7 * 24 * 60 * 60 * 1000;
      for (const url of refreshUrls)
        expect401(await post(suite.app, url, { refresh: session.refresh }));
    } finally {
      clock = Date.now();
    }
  });

  it("a refresh token of a revoked family, even one never used", async () => {
    const session = await logIn();
    const first = await post(suite.app, "/auth/refresh/", { refresh: session.refresh });
    expect(first.statusCode).toBe(200);
    const next = first.json().refresh as string;
    // Presenting the used token again past the retry grace (10 s) revokes the family...
    clock += 11_000;
    try {
      expect401(await post(suite.app, "/auth/refresh/", { refresh: session.refresh }));
      // ...so its newest token, never used, is refused too, on both addresses.
      for (const url of refreshUrls) expect401(await post(suite.app, url, { refresh: next }));
    } finally {
      clock = Date.now();
    }
  });

  it("a validly signed refresh token for a session that does not exist", async () => {
    const forged = await resigned(good.refresh, secret, { sid: randomUUID(), jti: randomUUID() });
    for (const url of refreshUrls) expect401(await post(suite.app, url, { refresh: forged }));
  });
});
