import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import Provider, {
  type AdapterFactory,
  type AdapterPayload,
  type Configuration,
  interactionPolicy,
} from "oidc-provider";

/** A Google account as our server sees it: the claims Google puts in its ID tokens. */
export type TestIdentity = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  /** The Google Workspace domain, present only for Workspace accounts. */
  hd?: string;
};

let accountsMade = 0;
/**
 * A Google account that has never been to the service under test: a gmail.com address Google
 * has verified, and names the names rule takes; `claims` change any of it.
 */
export function newGoogleAccount(claims: Partial<TestIdentity> = {}): TestIdentity {
  const tag = `${process.pid}-${Date.now().toString(36)}-${(accountsMade++).toString(36)}`;
  return {
    sub: `google-${tag}`,
    email: `chiamaka.${tag}@gmail.com`,
    email_verified: true,
    given_name: "Chiamaka",
    family_name: "Obi",
    ...claims,
  };
}

export type OpenIdProvider = {
  /** http://127.0.0.1:<port>: discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  /** The web client: confidential, authenticates with client_secret_basic or client_secret_post. */
  clientId: string;
  clientSecret: string;
  /** The Android app's client id: the audience of the ID tokens `idToken` makes. */
  appClientId: string;
  /** Who the next authorization logs in as: the provider's login step needs no person. */
  signInAs: (identity: TestIdentity) => void;
  /**
   * The provider's side of a login without a browser: follows `authorizationUrl` through
   * login and consent and returns the redirect back to the client (with code and state, or
   * with an error). Each call starts without cookies, as a fresh browser does.
   */
  authorize: (authorizationUrl: string) => Promise<string>;
  /**
   * An ID token signed with the current key, as Google's Android sign-in gives the app:
   * the identity's claims, `aud` the app's client id, valid for an hour. `overrides` replace
   * any claim (`aud`, `iss`, `exp`, `nonce` …); an override of `undefined` removes it.
   */
  idToken: (identity: TestIdentity, overrides?: Record<string, unknown>) => Promise<string>;
  /**
   * Signs with a new key from now on. The JWKS then holds only the new key, or with
   * `keepOld` the new key and every earlier one, as during Google's key rotation.
   */
  rotateKeys: (options?: { keepOld?: boolean }) => Promise<void>;
  close: () => Promise<void>;
};

type SigningKey = { jwk: JWK; privateKey: CryptoKey };

const clientId = "ysp-web.apps.test";
const appClientId = "ysp-android.apps.test";
const signingAlgorithm = "RS256";
const interactionPath = "/interaction/";
/**
 * Who a browser signs in as, when a test in another process than the provider's chooses (the
 * browser tests' server starts it, their specs sign in): a cookie of the provider's origin in
 * that browser alone, so two browsers at once never swap identities as a shared `signInAs`
 * would. Its value is `identityCookieValue(identity)`.
 */
export const identityCookie = "test-identity";
export const identityCookieValue = (identity: TestIdentity) =>
  Buffer.from(JSON.stringify(identity)).toString("base64url");

function browsersIdentity(req: IncomingMessage): TestIdentity | undefined {
  const cookie = (req.headers.cookie ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${identityCookie}=`));
  if (!cookie) return undefined;
  const identity = JSON.parse(
    Buffer.from(cookie.slice(identityCookie.length + 1), "base64url").toString("utf8"),
  ) as TestIdentity;
  return typeof identity?.sub === "string" && typeof identity.email === "string"
    ? identity
    : undefined;
}
// Google's scopes and where its claims come from: `hd` rides with `openid`, since Google
// sends it with every token of a Workspace account.
const scopeClaims = {
  openid: ["sub", "hd"],
  email: ["email", "email_verified"],
  profile: ["given_name", "family_name"],
};

/**
 * A real OpenID Provider (panva's oidc-provider) on localhost, standing in for Google:
 * authorization code with PKCE (S256) only, RS256 ID tokens that carry the profile claims
 * themselves, discovery and JWKS. Its login and consent complete on their own for the
 * identity given to `signInAs`, so a test's fetch or a real browser goes straight through.
 */
export async function startOpenIdProvider(options: {
  redirectUris: string[];
}): Promise<OpenIdProvider> {
  const clientSecret = randomBytes(32).toString("base64url");
  const cookieKeys = [randomBytes(32).toString("base64url")];
  const accounts = new Map<string, TestIdentity>();
  let nextIdentity: TestIdentity | undefined;
  let keys: [SigningKey, ...SigningKey[]] = [await generateSigningKey()];
  const adapter = memoryAdapter();

  const signInAs = (identity: TestIdentity) => {
    accounts.set(identity.sub, identity);
    nextIdentity = identity;
  };

  const server = createServer((req, res) => {
    if (req.url?.startsWith(interactionPath)) {
      const own = browsersIdentity(req);
      if (own) accounts.set(own.sub, own);
      finishInteraction(provider, req, res, own ?? nextIdentity);
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The keystore is fixed when a Provider is made, so a new key means a new Provider. Codes,
  // sessions and interactions stay in the harness's one store, so a login under way survives
  // the change.
  const makeProvider = () =>
    new Provider(
      issuer,
      configuration({
        keys,
        cookieKeys,
        adapter,
        client: { clientId, clientSecret, redirectUris: options.redirectUris },
        accounts,
        identityOf: (req) => browsersIdentity(req) ?? nextIdentity,
      }),
    );
  let provider = makeProvider();
  let handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    appClientId,
    signInAs,
    authorize: (authorizationUrl) => followToClient(issuer, authorizationUrl),
    idToken: (identity, overrides = {}) =>
      signIdToken(keys[0], { iss: issuer, aud: appClientId, ...identity }, overrides),
    async rotateKeys({ keepOld = false } = {}) {
      const key = await generateSigningKey();
      keys = keepOld ? [key, ...keys] : [key];
      provider = makeProvider();
      handle = provider.callback();
    },
    close() {
      // Clients such as fetch keep their connections open, and close() waits for them.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = randomBytes(8).toString("hex");
  return { jwk: { ...jwk, kid, alg: signingAlgorithm, use: "sig" }, privateKey };
}

function configuration(settings: {
  keys: SigningKey[];
  cookieKeys: string[];
  adapter: AdapterFactory;
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  accounts: Map<string, TestIdentity>;
  /** Who the browser making `req` signs in as: its own identity cookie, or `signInAs`'s. */
  identityOf: (req: IncomingMessage) => TestIdentity | undefined;
}): Configuration {
  const { keys, cookieKeys, adapter, client, accounts } = settings;
  return {
    adapter,
    // The first key signs: it is the newest.
    jwks: { keys: keys.map((key) => key.jwk) },
    cookies: { keys: cookieKeys },
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    responseTypes: ["code"],
    // oidc-provider requires PKCE of public clients only. Google lets a confidential client
    // leave it out, but here every client must send an S256 challenge, so a server that
    // forgets PKCE fails its tests.
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: [signingAlgorithm] },
    claims: scopeClaims,
    // Google puts the profile in the ID token even when it also issues an access token.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const identity = accounts.get(sub);
      return identity && { accountId: sub, claims: () => identity };
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy: policyFollowing(settings.identityOf),
      url: (_ctx, interaction) => `${interactionPath}${interaction.uid}`,
    },
    // The default page imports a web font from Google: a browser under test would fetch it.
    renderError: (ctx, out) => {
      ctx.type = "text";
      ctx.body = Object.entries(out)
        .map(([key, value]) => `${key}: ${value}`)
        .join("\n");
    },
    // Numbers, not oidc-provider's default functions, which print a notice on first use.
    ttl: { AccessToken: 3600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
  };
}

/**
 * oidc-provider's prompts, with one more reason to log in: the browser's session belongs to
 * someone other than the identity it signs in as, as when a person picks another
 * account in Google's account chooser.
 */
function policyFollowing(identityOf: (req: IncomingMessage) => TestIdentity | undefined) {
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check(
        "harness_identity",
        "The harness signs in as someone else",
        (ctx) => ctx.oidc.session?.accountId !== identityOf(ctx.req)?.sub,
      ),
    );
  return policy;
}

/**
 * The login and consent pages, answered at once: the identity logs in and grants every
 * scope the client asked for, and the browser goes back to the authorization endpoint.
 */
function finishInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  identity: TestIdentity | undefined,
) {
  if (!identity) {
    answer(res, 409, "Call signInAs(identity) before an authorization reaches the provider");
    return;
  }
  grantAndResume(provider, req, res, identity).catch((error: Error) =>
    answer(res, 400, `The interaction could not finish: ${error.message}`),
  );
}

async function grantAndResume(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  identity: TestIdentity,
) {
  const { params } = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId: identity.sub, clientId: String(params.client_id) });
  grant.addOIDCScope(String(params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: identity.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

function answer(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(text);
}

/**
 * Follows the provider's redirects as a browser would, carrying its cookies, and returns the
 * first redirect that leaves the provider. Ten hops are plenty: a login takes three.
 */
async function followToClient(issuer: string, authorizationUrl: string): Promise<string> {
  const { origin } = new URL(issuer);
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (new URL(url).origin !== origin) {
      if (hop === 0) throw new Error(`${url} is not an address of the provider at ${issuer}`);
      return url;
    }
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    const body = await response.text();
    keepCookies(cookies, response.headers.getSetCookie());
    const location = response.headers.get("location");
    if (!location) {
      throw new Error(
        `The provider answered ${url} with ${response.status}, not a redirect:\n${body}`,
      );
    }
    url = new URL(location, url).href;
  }
  throw new Error(`The provider redirected more than ten times from ${authorizationUrl}`);
}

/** Every cookie on one host is sent on every request: the provider's paths only keep them apart. */
function keepCookies(cookies: Map<string, string>, setCookies: string[]) {
  for (const setCookie of setCookies) {
    const [pair = ""] = setCookie.split(";");
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (value) cookies.set(name, value);
    else cookies.delete(name);
  }
}

function signIdToken(
  key: SigningKey,
  claims: Record<string, unknown>,
  overrides: Record<string, unknown>,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = withoutUndefined({ iat: now, exp: now + 3600, ...claims, ...overrides });
  return new SignJWT(payload)
    .setProtectedHeader({ alg: signingAlgorithm, kid: key.jwk.kid, typ: "JWT" })
    .sign(key.privateKey);
}

/**
 * Codes, sessions, interactions and grants in memory, one store for the harness's life.
 * oidc-provider's own in-memory adapter keeps a store per Provider (so a key rotation would
 * lose a login under way) and warns on every start.
 */
function memoryAdapter(): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.payload;
    entries.delete(key);
  };
  const keysOf = (model: string) =>
    [...entries.keys()].filter((key) => key.startsWith(`${model}:`));
  const findBy = (model: string, matches: (payload: AdapterPayload) => boolean) =>
    keysOf(model)
      .map(live)
      .find((payload) => payload && matches(payload));

  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      entries.set(`${model}:${id}`, { payload, expiresAt });
    },
    async find(id) {
      return live(`${model}:${id}`);
    },
    async findByUid(uid) {
      return findBy(model, (payload) => payload.uid === uid);
    },
    async findByUserCode(userCode) {
      return findBy(model, (payload) => payload.userCode === userCode);
    },
    async consume(id) {
      const payload = live(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      entries.delete(`${model}:${id}`);
    },
    // Called on each kind of token's adapter, and only that kind goes: the interaction of an
    // account switch names the old account's grant and must outlive its revocation.
    async revokeByGrantId(grantId) {
      for (const key of keysOf(model)) {
        if (entries.get(key)?.payload.grantId === grantId) entries.delete(key);
      }
    },
  });
}

function withoutUndefined(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
