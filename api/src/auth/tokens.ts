import { randomUUID } from "node:crypto";
import { createSigner, createVerifier, TokenError } from "fast-jwt";

export const accessTokenSeconds = 15 * 60;
export const refreshTokenSeconds = 7 * 24 * 60 * 60;

const algorithm = "HS256";
const issuer = "ysp-api";

export type AccessClaims = { userId: string };
export type RefreshClaims = { userId: string; sessionId: string; jti: string; expiresAt: Date };

/** The ids in our tokens go to the database as uuids: anything else is not a token of ours. */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === "string" && uuid.test(value);

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/**
 * Signs and checks our JWTs, synchronously: an HMAC over a few hundred bytes
 * costs microseconds, less than a hop to a crypto thread, and a refresh signs
 * twice. A token's `typ` claim keeps an access token from serving as a
 * refresh token and back.
 */
export function createTokenSigner(secret: string, now: () => number = Date.now) {
  const signer = createSigner({ key: secret, algorithm });
  // Expiry is checked below against `now`, which tests move; fast-jwt would read its own clock.
  const verifier = createVerifier({
    key: secret,
    algorithms: [algorithm],
    allowedIss: issuer,
    ignoreExpiration: true,
    requiredClaims: ["sub", "exp", "typ"],
  });
  const seconds = () => Math.floor(now() / 1000);

  const sign = (claims: Record<string, unknown>, subject: string, lifetime: number) => {
    const iat = seconds();
    return signer({ ...claims, sub: subject, iss: issuer, iat, exp: iat + lifetime }) as string;
  };

  function read(token: string, type: "access" | "refresh"): Record<string, unknown> | null {
    let payload: Record<string, unknown>;
    try {
      payload = verifier(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    const { typ, sub, exp } = payload;
    if (typ !== type || typeof sub !== "string" || typeof exp !== "number") return null;
    return exp > seconds() ? payload : null;
  }

  return {
    signAccess: (userId: string) => sign({ typ: "access" }, userId, accessTokenSeconds),
    signRefresh: (userId: string, sessionId: string) => {
      const jti = randomUUID();
      const token = sign({ typ: "refresh", sid: sessionId, jti }, userId, refreshTokenSeconds);
      return { token, jti, expiresAt: new Date((seconds() + refreshTokenSeconds) * 1000) };
    },
    verifyAccess: (token: string): AccessClaims | null => {
      const payload = read(token, "access");
      return payload && isUuid(payload.sub) ? { userId: payload.sub } : null;
    },
    verifyRefresh: (token: string): RefreshClaims | null => {
      const payload = read(token, "refresh");
      if (!payload || !isUuid(payload.sub) || !isUuid(payload.sid) || !isUuid(payload.jti))
        return null;
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        jti: payload.jti,
        expiresAt: new Date((payload.exp as number) * 1000),
      };
    },
  };
}
