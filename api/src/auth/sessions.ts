import { randomUUID } from "node:crypto";
import type { TokenPair } from "@ysp/contract";
import type { LoggedInVia, SessionRecords } from "../accounts/sessions.ts";
import { storedDevice } from "./devices.ts";
import type { TokenHolder, TokenSigner } from "./tokens.ts";

export type RotateResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: "invalid" | "reused" | "revoked" };

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Login sessions and their refresh tokens. A session records the one token
 * that may still be used; using it records its successor. Tokens are signed
 * with their session's id, so a valid token that is not the current one is a
 * copy of a used one, and its whole session is revoked. One exception: the
 * token rotated just before the current one, presented again within
 * `reuseGraceSeconds` of that rotation, is the app retrying a refresh whose
 * answer a mobile line lost; it gets the same pair again. Older tokens, or
 * that one after the grace, are reuse (the grace reaches one generation back
 * only: django-oauth-toolkit issue 1617 is the bug of reaching further).
 */
export function createSessions(
  records: SessionRecords,
  signer: TokenSigner,
  reuseGraceSeconds: number,
) {
  /** The pair a rotation to `jti` at `at` (ms) handed out; signed again, the same bytes. */
  const pair = async (holder: TokenHolder, sessionId: string, jti: string, at: number) => {
    const issuedAt = Math.floor(at / 1000);
    const [refresh, access] = await Promise.all([
      signer.signRefresh(holder, sessionId, jti, issuedAt),
      signer.signAccess(holder, sessionId, issuedAt),
    ]);
    return { access, refresh };
  };

  return {
    /**
     * Starts a session family for a login and hands out its first token pair. `device` is the
     * User-Agent, kept (cut short) so a student can see in their data where they logged in.
     * The tokens carry the account's credentials epoch as `holder` read it; `via` says how it
     * logged in, for the sessions list.
     */
    async start(
      holder: TokenHolder,
      device: string | null = null,
      via: LoggedInVia = "password",
    ): Promise<TokenPair> {
      const id = randomUUID();
      const jti = randomUUID();
      const { userId } = holder;
      const at = signer.now();
      const issuedAt = Math.floor(at / 1000);
      // The tokens are signed on crypto threads while the database records the session.
      const [refresh, access] = await Promise.all([
        signer.signRefresh(holder, id, jti, issuedAt),
        signer.signAccess(holder, id, issuedAt),
        records.insert({
          id,
          userId,
          jti,
          device: storedDevice(device),
          via,
          createdAt: new Date(at),
        }),
      ]);
      return { access, refresh };
    },

    /** Exchanges a refresh token for a new pair; the old one stops working. */
    async rotate(token: string): Promise<RotateResult> {
      const claims = await signer.verifyRefresh(token);
      if (!claims) return { ok: false, reason: "invalid" };
      const ids = { id: claims.sessionId, userId: claims.userId };
      const next = randomUUID();
      const at = signer.now();
      // Signed while the rotation is recorded, and thrown away if it is refused. The new pair
      // keeps the refresh token's epoch with no read of the account: a move of the epoch ends
      // every session in the same transaction (accounts/credentials.ts), so a live session's
      // epoch is the account's.
      const [rotated, tokens] = await Promise.all([
        records.rotate({ ...ids, jti: claims.jti, next, at }),
        pair(claims, claims.sessionId, next, at),
      ]);
      if (rotated) return { ok: true, tokens };
      const retried = await records.rotatedFrom({ ...ids, jti: claims.jti });
      if (retried && signer.now() - retried.rotatedAt < reuseGraceSeconds * 1000) {
        return {
          ok: true,
          tokens: await pair(claims, claims.sessionId, retried.currentJti, retried.rotatedAt),
        };
      }
      // Not the current token of a live session: a used one (revoke), or one of a session already ended.
      const revoked = await records.revoke(ids);
      return { ok: false, reason: revoked ? "reused" : "revoked" };
    },
  };
}
