import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { type GoogleConfig, googleIssuer } from "../config.ts";

/**
 * What an identity provider says of the person it signed in, once its ID token has been checked:
 * the account key is (issuer, subject), never the address.
 */
export type ProvidedIdentity = {
  issuer: string;
  subject: string;
  email: string;
  /**
   * The provider vouches that the person holds the address now: Google is authoritative only for
   * gmail.com addresses and for Workspace addresses, which carry `hd`, and only with
   * `email_verified` true. Anything else could be an address typed by whoever made the account.
   */
  addressProven: boolean;
  givenName: string;
  familyName: string;
};

/** The values one sign-in must come back with, kept in the browser's short-lived cookie. */
export type AuthorizationChecks = { state: string; verifier: string; nonce: string };

export type GoogleResult =
  | { ok: true; identity: ProvidedIdentity }
  /** `reason` is for the log: why the provider's answer was not taken; never shown. */
  | { ok: false; reason: string };

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

/** Google writes its issuer without the scheme in some ID tokens; both name one issuer. */
const issuersOf = (issuer: string) =>
  issuer === googleIssuer ? [googleIssuer, "accounts.google.com"] : [issuer];

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The identity an ID token's verified claims describe; null without a subject or an address. */
export function identityOf(issuer: string, claims: JWTPayload): ProvidedIdentity | null {
  const subject = text(claims.sub);
  const email = text(claims.email).trim().toLowerCase();
  if (!subject || !email) return null;
  const domain = email.slice(email.lastIndexOf("@") + 1);
  return {
    issuer,
    subject,
    email,
    addressProven:
      claims.email_verified === true && (domain === "gmail.com" || text(claims.hd) !== ""),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

const refusal = (error: unknown): GoogleResult => ({
  ok: false,
  reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
});

/**
 * "Continue with Google" as an OpenID Connect relying party (openid-client): the authorization
 * code flow with PKCE, state and nonce. The provider is found by discovery on first use, and
 * again after a failure, so a server started while Google was unreachable works once it is back.
 */
export function createGoogleSignIn(config: GoogleConfig) {
  // Checked in config.ts: plain http only to a provider on loopback, outside production.
  const plainLoopback = config.issuer.startsWith("http:");
  let discovered: Promise<oidc.Configuration> | undefined;
  let publishedKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

  function provider(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuer),
        config.clientId,
        undefined,
        oidc.ClientSecretBasic(config.clientSecret),
        { execute: plainLoopback ? [oidc.allowInsecureRequests] : [] },
      )
      .then((found) => {
        // The ID token's signature is checked against the provider's published keys, not taken
        // on the strength of the connection it came over.
        oidc.enableNonRepudiationChecks(found);
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    /** Where to send the browser, and the checks its return must pass; throws if unreachable. */
    async start(): Promise<{ url: URL; checks: AuthorizationChecks }> {
      const found = await provider();
      const checks = {
        state: oidc.randomState(),
        verifier: oidc.randomPKCECodeVerifier(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(found, {
        redirect_uri: config.redirectUri,
        response_type: "code",
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: "S256",
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },

    /**
     * The provider's answer at the callback, `query` being what the callback's address came with
     * ("?code=…&state=…"): its code exchanged and its ID token checked. The address it is read
     * at is the registered redirect URI, never one made from the request's Host.
     */
    async finish(query: string, checks: AuthorizationChecks): Promise<GoogleResult> {
      const callbackUrl = new URL(config.redirectUri);
      callbackUrl.search = query;
      try {
        const found = await provider();
        const tokens = await oidc.authorizationCodeGrant(found, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        const identity = claims && identityOf(found.serverMetadata().issuer, claims);
        return identity ? { ok: true, identity } : refusal("the ID token names no address");
      } catch (error) {
        return refusal(error);
      }
    },

    /**
     * An ID token from the app's own Google sign-in: signed by a key the provider publishes now
     * (a key it has dropped is refused), by the provider, for one of the app's client ids, and
     * not expired. Throws only when the provider cannot be reached.
     */
    async verifyAppToken(idToken: string): Promise<GoogleResult> {
      if (config.appClientIds.length === 0) return refusal("GOOGLE_APP_CLIENT_IDS is empty");
      const metadata = (await provider()).serverMetadata();
      if (!metadata.jwks_uri) return refusal("the provider publishes no keys");
      publishedKeys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      try {
        const { payload } = await jwtVerify(idToken, publishedKeys, {
          issuer: issuersOf(metadata.issuer),
          audience: config.appClientIds,
          algorithms: ["RS256"],
          requiredClaims: ["sub", "exp", "iat"],
        });
        const identity = identityOf(metadata.issuer, payload);
        return identity ? { ok: true, identity } : refusal("the ID token names no address");
      } catch (error) {
        return refusal(error);
      }
    },
  };
}
