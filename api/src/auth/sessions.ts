import { randomUUID } from "node:crypto";
import type { TokenPair } from "@ysp/contract";
import type { SessionRecords } from "../accounts/sessions.ts";
import type { TokenSigner } from "./tokens.ts";

export type RotateResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: "invalid" | "reused" | "revoked" };

export type Sessions = ReturnType<typeof createSessions>;

/**
 * Login sessions and their refresh tokens. A session records the one token
 * that may still be used; using it records its successor. Tokens are signed
 * with their session's id, so a valid token that is not the current one is a
 * copy of a used one, and its whole session is revoked.
 */
export function createSessions(records: SessionRecords, signer: TokenSigner) {
  return {
    /** Starts a session family for a login and hands out its first token pair. */
    async start(userId: string): Promise<TokenPair> {
      const id = randomUUID();
      const jti = randomUUID();
      // The tokens are signed on crypto threads while the database records the session.
      const [refresh, access] = await Promise.all([
        signer.signRefresh(userId, id, jti),
        signer.signAccess(userId),
        records.insert({ id, userId, jti }),
      ]);
      return { access, refresh };
    },

    /** Exchanges a refresh token for a new pair; the old one stops working. */
    async rotate(token: string): Promise<RotateResult> {
      const claims = await signer.verifyRefresh(token);
      if (!claims) return { ok: false, reason: "invalid" };
      const ids = { id: claims.sessionId, userId: claims.userId };
      const next = randomUUID();
      // Signed while the rotation is recorded, and thrown away if it is refused.
      const [rotated, refresh, access] = await Promise.all([
        records.rotate({ ...ids, jti: claims.jti, next }),
        signer.signRefresh(claims.userId, claims.sessionId, next),
        signer.signAccess(claims.userId),
      ]);
      if (rotated) return { ok: true, tokens: { access, refresh } };
      // Not the current token of a live session: a used one (revoke), or one of a session already ended.
      const revoked = await records.revoke(ids);
      return { ok: false, reason: revoked ? "reused" : "revoked" };
    },
  };
}
