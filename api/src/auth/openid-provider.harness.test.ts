import {
  type OpenIdProvider,
  startOpenIdProvider,
  type TestIdentity,
} from "@ysp/testing/openid-provider";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const redirectUri = "http://127.0.0.1:9/auth/google/callback";
const workspaceAccount: TestIdentity = {
  sub: "108",
  email: "ada@school.example",
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  hd: "school.example",
};
const gmailAccount: TestIdentity = {
  sub: "109",
  email: "grace@gmail.example",
  email_verified: false,
};

let provider: OpenIdProvider;
let config: client.Configuration;

beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUris: [redirectUri] });
  config = await client.discovery(
    new URL(provider.issuer),
    provider.clientId,
    provider.clientSecret,
    undefined,
    { execute: [client.allowInsecureRequests] },
  );
});

afterAll(() => provider.close());

/**
 * Our server's side of "Continue with Google", with the harness in the browser's place, up to
 * the callback: returns the exchange of the callback's code for tokens.
 */
async function authorizeAs(identity: TestIdentity) {
  provider.signInAs(identity);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const callback = await provider.authorize(authorizationUrl.href);
  return () =>
    client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
}

const logIn = async (identity: TestIdentity) => (await authorizeAs(identity))();

/** A fresh key set each time, as a restarted server would fetch: jose caches the keys it saw. */
function verify(token: string) {
  const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ""));
  return jwtVerify(token, jwks, { issuer: provider.issuer, audience: provider.appClientId });
}

describe("the OpenID Provider harness", () => {
  it("logs in the identity given to signInAs, with its claims in the ID token", async () => {
    const tokens = await logIn(workspaceAccount);
    expect(tokens.claims()).toMatchObject(workspaceAccount);
  });

  it("leaves out the claims an identity does not have", async () => {
    const claims = (await logIn(gmailAccount)).claims();
    expect(claims).toMatchObject(gmailAccount);
    expect(claims).not.toHaveProperty("hd");
    expect(claims).not.toHaveProperty("given_name");
  });

  it("refuses an authorization without a PKCE challenge", async () => {
    provider.signInAs(workspaceAccount);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email",
      state: client.randomState(),
    });
    const callback = new URL(await provider.authorize(url.href));
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.has("code")).toBe(false);
  });

  it("makes app ID tokens that verify against the discovered JWKS", async () => {
    const { payload, protectedHeader } = await verify(await provider.idToken(workspaceAccount));
    expect(payload).toMatchObject(workspaceAccount);
    expect(protectedHeader.alg).toBe("RS256");
  });

  it.each([
    ["expired", { exp: Math.floor(Date.now() / 1000) - 60 }, /"exp" claim timestamp check failed/],
    ["for another audience", { aud: "someone-else" }, /unexpected "aud" claim value/],
    ["from another issuer", { iss: "https://accounts.google.com" }, /unexpected "iss" claim value/],
  ])("makes app ID tokens %s on request", async (_case, overrides, failure) => {
    await expect(verify(await provider.idToken(workspaceAccount, overrides))).rejects.toThrow(
      failure,
    );
  });

  it("keeps the old key beside the new one on request", async () => {
    const before = await provider.idToken(workspaceAccount);
    await provider.rotateKeys({ keepOld: true });
    await expect(verify(before)).resolves.toBeDefined();
    await expect(verify(await provider.idToken(workspaceAccount))).resolves.toBeDefined();
  });

  it("signs with the new key only after rotating, for a login under way too", async () => {
    const before = await provider.idToken(workspaceAccount);
    const redeem = await authorizeAs(workspaceAccount);
    await provider.rotateKeys();
    await expect(verify(before)).rejects.toThrow(/no applicable key found/);
    const login = await redeem();
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri ?? ""));
    await expect(jwtVerify(login.id_token ?? "", jwks)).resolves.toBeDefined();
  });

  it("frees its port when closed", async () => {
    const other = await startOpenIdProvider({ redirectUris: [redirectUri] });
    await other.close();
    await expect(fetch(`${other.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
