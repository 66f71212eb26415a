import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { authSessions, refreshTokens } from "../db/schema.ts";
import type { TokenSigner } from "./tokens.ts";

export type TokenPair = { access: string; refresh: string };

/** Starts a session family for a login and hands out its first token pair. */
export async function startSession(
  db: Db,
  signer: TokenSigner,
  userId: string,
): Promise<TokenPair> {
  const [session] = await db
    .insert(authSessions)
    .values({ userId })
    .returning({ id: authSessions.id });
  if (!session) throw new Error("Creating a session returned no row");
  const refresh = await signer.signRefresh(userId, session.id);
  await db
    .insert(refreshTokens)
    .values({ jti: refresh.jti, sessionId: session.id, expiresAt: refresh.expiresAt });
  return { access: await signer.signAccess(userId), refresh: refresh.token };
}

export type RotateResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: "invalid" | "reused" | "revoked" };

/**
 * Exchanges a refresh token for a new pair. Marking the old token used is
 * one conditional UPDATE, so of two concurrent uses exactly one wins; the
 * loser is treated as a stolen copy and the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  signer: TokenSigner,
  token: string,
): Promise<RotateResult> {
  const claims = await signer.verifyRefresh(token);
  if (!claims) return { ok: false, reason: "invalid" };

  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        id: authSessions.id,
        userId: authSessions.userId,
        revokedAt: authSessions.revokedAt,
      })
      .from(authSessions)
      .where(eq(authSessions.id, claims.sessionId));
    if (!session || session.userId !== claims.userId)
      return { ok: false, reason: "invalid" } as const;
    if (session.revokedAt) return { ok: false, reason: "revoked" } as const;

    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.jti, claims.jti),
          eq(refreshTokens.sessionId, session.id),
          isNull(refreshTokens.usedAt),
        ),
      )
      .returning({ jti: refreshTokens.jti });
    if (used.length === 0) {
      const [known] = await tx
        .select({ jti: refreshTokens.jti })
        .from(refreshTokens)
        .where(eq(refreshTokens.jti, claims.jti));
      if (!known) return { ok: false, reason: "invalid" } as const;
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(eq(authSessions.id, session.id));
      return { ok: false, reason: "reused" } as const;
    }

    const next = await signer.signRefresh(claims.userId, session.id);
    await tx
      .insert(refreshTokens)
      .values({ jti: next.jti, sessionId: session.id, expiresAt: next.expiresAt });
    return {
      ok: true,
      tokens: { access: await signer.signAccess(claims.userId), refresh: next.token },
    } as const;
  });
}
