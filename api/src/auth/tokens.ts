import { dataRightsLifetimes } from "@ysp/contract";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

export const accessTokenSeconds = 15 * 60;
export const refreshTokenSeconds = 7 * 24 * 60 * 60;

const algorithm = "HS256";
const issuer = "ysp-api";

export type AccessClaims = { userId: string };
export type RefreshClaims = { userId: string; sessionId: string; jti: string };

/** The ids in our tokens go to the database as uuids: anything else is not a token of ours. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && uuid.test(value);

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

  async function read(token: string, type: "access" | "refresh" | "data") {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [algorithm],
        issuer,
        currentDate: new Date(now()),
      });
      if (payload.typ !== type || typeof payload.sub !== "string") return null;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /** The account a token of this type names, when it is one of ours and still good. */
  async function userOf(token: string, type: "access" | "data"): Promise<AccessClaims | null> {
    const payload = await read(token, type);
    return payload && isUuid(payload.sub) ? { userId: payload.sub } : null;
  }

  return {
    /** The signer's clock, in milliseconds (tests move it). */
    now,
    /**
     * HS256 over the same claims gives the same token, so a pair signed with a recorded
     * `issuedAt` can be given again, byte for byte, without keeping it anywhere.
     */
    signAccess: (userId: string, issuedAt = seconds()) =>
      sign({ typ: "access" }, userId, accessTokenSeconds, issuedAt),
    /** The session records `jti` as its current token, so the caller chooses it. */
    signRefresh: (userId: string, sessionId: string, jti: string, issuedAt = seconds()) =>
      sign({ typ: "refresh", sid: sessionId }, userId, refreshTokenSeconds, issuedAt, jti),
    verifyAccess: (token: string) => userOf(token, "access"),
    /**
     * The right to manage one account's data (routes/your-data.ts) for 30 minutes, given to
     * whoever opens a link sent to its address: good for nothing else, as an access token is
     * good for nothing there.
     */
    signData: (userId: string) =>
      sign({ typ: "data" }, userId, dataRightsLifetimes.yourData.seconds, seconds()),
    verifyData: (token: string) => userOf(token, "data"),
    verifyRefresh: async (token: string): Promise<RefreshClaims | null> => {
      const payload = await read(token, "refresh");
      if (!payload || !isUuid(payload.sub) || !isUuid(payload.sid) || !isUuid(payload.jti))
        return null;
      // jose checks `exp` only when it is there; a refresh token without one would never expire.
      if (!payload.exp) return null;
      return { userId: payload.sub, sessionId: payload.sid, jti: payload.jti };
    },
  };
}
