import {
  dataRightsLifetimes,
  googleSignIn,
  type SignupSource,
  signupCorrectionLifetime,
  sourceFrom,
} from "@ysp/contract";
import { type PasskeyCeremony, staffLifetimes } from "@ysp/contract/staff";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

export const accessTokenSeconds = 15 * 60;
export const refreshTokenSeconds = 7 * 24 * 60 * 60;

const algorithm = "HS256";
const issuer = "ysp-api";

/**
 * Whom a token speaks for, and the account's credentials epoch when it was issued: a token from
 * an earlier epoch than the account's is refused (accounts/credentials.ts).
 */
export type TokenHolder = { userId: string; epoch: number };
/**
 * An access token's holder, with the session it was issued to (`sid`): a session that has ended
 * refuses its access tokens at once (accounts/students.ts `findHolder`). Access tokens signed
 * before sessions were named carry none, and are held to the epoch alone for their 15 minutes.
 */
export type AccessHolder = TokenHolder & { sessionId?: string };
export type RefreshClaims = TokenHolder & { sessionId: string; jti: string };
/**
 * A Google sign-up waiting for a name (routes/google.ts): Google vouched for the identity and its
 * address, and the names rule refused the names it gave. `referredBy` is the account of the
 * invite the sign-in came with.
 */
export type PendingSignUp = {
  issuer: string;
  subject: string;
  email: string;
  referredBy: string | null;
  /** Where the student came from to the sign-up page (contract's sign-up-source.ts). */
  source: SignupSource;
};

/** A passkey ceremony under way: the challenge given, which ceremony, and for whom. */
export type StaffChallenge = { challenge: string; ceremony: PasskeyCeremony; member: string };

/** The ids in our tokens go to the database as uuids: anything else is not a token of ours. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && uuid.test(value);
/**
 * Tokens signed before epochs existed carry none: every account was at epoch 0 then, and any
 * account whose password has changed since has moved past it, so 0 refuses them as it should.
 */
const epochOf = (value: unknown): number | null =>
  value === undefined
    ? 0
    : Number.isSafeInteger(value) && (value as number) >= 0
      ? (value as number)
      : null;

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Signs and checks our JWTs. A token's `typ` claim keeps an access token from serving as a refresh token and back. */
export function createTokenSigner(secret: string, now: () => number = Date.now) {
  // Imported once: handed raw bytes, jose would import the key again for every token.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  const seconds = () => Math.floor(now() / 1000);

  async function sign(
    claims: Record<string, unknown>,
    subject: string,
    lifetime: number,
    issuedAt: number,
    jti?: string,
  ) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: algorithm, typ: "JWT" })
      .setSubject(subject)
      .setIssuer(issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetime);
    if (jti) jwt.setJti(jti);
    return jwt.sign(await key);
  }

  async function read(
    token: string,
    type: "access" | "refresh" | "data" | "signup" | "google-signup" | "staff-challenge",
  ) {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [algorithm],
        issuer,
        currentDate: new Date(now()),
        // jose checks `exp` only when it is there: without this, a token without one is forever.
        requiredClaims: ["exp", "iat"],
      });
      if (payload.typ !== type || typeof payload.sub !== "string") return null;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /** The account a token's claims name, and its epoch, when they are well formed. */
  function holderOf(payload: Awaited<ReturnType<typeof read>>): TokenHolder | null {
    const epoch = payload && epochOf(payload.ep);
    return payload && isUuid(payload.sub) && epoch !== null ? { userId: payload.sub, epoch } : null;
  }

  return {
    /** The signer's clock, in milliseconds (tests move it). */
    now,
    /**
     * HS256 over the same claims gives the same token, so a pair signed with a recorded
     * `issuedAt` can be given again, byte for byte, without keeping it anywhere.
     */
    signAccess: ({ userId, epoch }: TokenHolder, sessionId: string, issuedAt = seconds()) =>
      sign({ typ: "access", sid: sessionId, ep: epoch }, userId, accessTokenSeconds, issuedAt),
    /** The session records `jti` as its current token, so the caller chooses it. */
    signRefresh: (
      { userId, epoch }: TokenHolder,
      sessionId: string,
      jti: string,
      issuedAt = seconds(),
    ) =>
      sign(
        { typ: "refresh", sid: sessionId, ep: epoch },
        userId,
        refreshTokenSeconds,
        issuedAt,
        jti,
      ),
    verifyAccess: async (token: string): Promise<AccessHolder | null> => {
      const payload = await read(token, "access");
      const holder = holderOf(payload);
      if (!payload || !holder) return null;
      if (payload.sid === undefined) return holder;
      return isUuid(payload.sid) ? { ...holder, sessionId: payload.sid } : null;
    },
    /**
     * The right to manage one account's data (routes/your-data.ts) for 30 minutes, given to
     * whoever opens a link sent to its address: good for nothing else, as an access token is
     * good for nothing there.
     */
    signData: ({ userId, epoch }: TokenHolder) =>
      sign({ typ: "data", ep: epoch }, userId, dataRightsLifetimes.yourData.seconds, seconds()),
    verifyData: async (token: string) => holderOf(await read(token, "data")),
    /**
     * The account a browser has just made, for a day (http/signup-cookie.ts): good only to
     * correct its address with its password, or to ask for its link again, while it is not
     * confirmed. No epoch: the account's password, checked on each use, is the proof that
     * counts, and the day bounds the rest.
     */
    signSignup: (userId: string) =>
      sign({ typ: "signup" }, userId, signupCorrectionLifetime.seconds, seconds()),
    verifySignup: async (token: string): Promise<string | null> => {
      const payload = await read(token, "signup");
      return payload && isUuid(payload.sub) ? payload.sub : null;
    },
    /**
     * A Google sign-up waiting in the browser's sign-in cookie for the name the student types:
     * the identity is the token's, so a cookie changed or made up names nobody. For the sign-in
     * cookie's ten minutes; rotating JWT_SECRET ends it, as it ends sessions.
     */
    signGoogleSignUp: ({ issuer: provider, subject, email, referredBy, source }: PendingSignUp) =>
      sign(
        { typ: "google-signup", gi: provider, em: email, ref: referredBy, src: source },
        subject,
        googleSignIn.signInLifetime.seconds,
        seconds(),
      ),
    verifyGoogleSignUp: async (token: string): Promise<PendingSignUp | null> => {
      const payload = await read(token, "google-signup");
      if (!payload || typeof payload.gi !== "string" || typeof payload.em !== "string") return null;
      if (payload.ref !== null && !isUuid(payload.ref)) return null;
      return {
        issuer: payload.gi,
        subject: payload.sub as string,
        email: payload.em,
        referredBy: payload.ref,
        source: sourceFrom(payload.src),
      };
    },
    /**
     * A passkey ceremony's challenge, kept by the browser that asked for it (an HttpOnly cookie)
     * for five minutes: signed, so the challenge the authenticator signed is one this server
     * gave, for this ceremony and this member ("-" for a login, whose member the passkey names).
     */
    signStaffChallenge: ({ challenge, ceremony, member }: StaffChallenge) =>
      sign(
        { typ: "staff-challenge", ch: challenge, cer: ceremony },
        member,
        staffLifetimes.challenge.seconds,
        seconds(),
      ),
    verifyStaffChallenge: async (token: string): Promise<StaffChallenge | null> => {
      const payload = await read(token, "staff-challenge");
      if (!payload || typeof payload.ch !== "string") return null;
      if (payload.cer !== "login" && payload.cer !== "enrol" && payload.cer !== "add") return null;
      return { challenge: payload.ch, ceremony: payload.cer, member: payload.sub as string };
    },
    verifyRefresh: async (token: string): Promise<RefreshClaims | null> => {
      const payload = await read(token, "refresh");
      if (!payload || !isUuid(payload.sub) || !isUuid(payload.sid) || !isUuid(payload.jti))
        return null;
      const epoch = epochOf(payload.ep);
      if (epoch === null) return null;
      return { userId: payload.sub, epoch, sessionId: payload.sid, jti: payload.jti };
    },
  };
}
