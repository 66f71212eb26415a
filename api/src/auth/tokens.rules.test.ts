import { randomUUID } from "node:crypto";
import { dataRightsLifetimes, googleSignIn, signupCorrectionLifetime } from "@ysp/contract";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessTokenSeconds, createTokenSigner, refreshTokenSeconds } from "./tokens.ts";

/**
 * The signer's rules on tokens built to break them, with no server: what the API's tests
 * (tokens.test.ts, tokens.claims.test.ts) reach only through a route's status.
 */
const secret = "tokens-rules-test-secret-of-32-chars-or-more";
const at = Date.parse("2026-11-29T09:00:00.700Z");
let clockBroken = false;
const signer = createTokenSigner(secret, () => {
  if (clockBroken) throw new Error("the clock broke");
  return at;
});
const userId = randomUUID();
const sessionId = randomUUID();

/** A token of ours in every way but the claims given: same key, issuer, times. */
const forge = (claims: Record<string, unknown>) =>
  new SignJWT({ sub: userId, ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer("ysp-api")
    .setIssuedAt(Math.floor(at / 1000))
    .setExpirationTime(Math.floor(at / 1000) + 600)
    .sign(new TextEncoder().encode(secret));

describe("the tokens the signer makes", () => {
  it("last as long as each kind should, from now in seconds, issued by ysp-api as JWTs", async () => {
    const holder = { userId, epoch: 2 };
    const tokens = {
      access: [await signer.signAccess(holder, sessionId), 15 * 60],
      refresh: [await signer.signRefresh(holder, sessionId, randomUUID()), 7 * 24 * 3600],
      data: [await signer.signData(holder), dataRightsLifetimes.yourData.seconds],
      signup: [await signer.signSignup(userId), signupCorrectionLifetime.seconds],
      "google-signup": [
        await signer.signGoogleSignUp({
          issuer: "https://accounts.google.com",
          subject: "10769150350006150715113082367",
          email: "ada@gmail.com",
          referredBy: null,
          source: {},
        }),
        googleSignIn.signInLifetime.seconds,
      ],
    } as const;
    expect([accessTokenSeconds, refreshTokenSeconds]).toEqual([15 * 60, 7 * 24 * 3600]);
    for (const [kind, [token, lifetime]] of Object.entries(tokens)) {
      const claims = decodeJwt(token);
      expect(claims.iat, kind).toBe(Math.floor(at / 1000));
      expect((claims.exp ?? 0) - (claims.iat ?? 0), kind).toBe(lifetime);
      expect(claims.iss, kind).toBe("ysp-api");
      expect(decodeProtectedHeader(token).typ, kind).toBe("JWT");
    }
  });

  it("are read back as what they were signed for, and nothing else", async () => {
    const holder = { userId, epoch: 2 };
    const signup = await signer.signSignup(userId);
    expect(await signer.verifySignup(signup)).toBe(userId);
    expect(await signer.verifySignup(await signer.signData(holder))).toBeNull();
    expect(await signer.verifyAccess(signup)).toBeNull();
    expect(await signer.verifyData(await signer.signData(holder))).toEqual(holder);
    const pending = {
      issuer: "https://accounts.google.com",
      subject: "10769150350006150715113082367",
      email: "ada@gmail.com",
      referredBy: userId,
      source: { utm_source: "whatsapp", referrer: "google.com" },
    };
    const waiting = await signer.signGoogleSignUp(pending);
    expect(await signer.verifyGoogleSignUp(waiting)).toEqual(pending);
    expect(await signer.verifyGoogleSignUp(signup)).toBeNull();
    expect(await signer.verifySignup(waiting)).toBeNull();
    // An invite that is no account id of ours is no pending sign-up of ours.
    const forged = await forge({
      typ: "google-signup",
      gi: pending.issuer,
      em: pending.email,
      ref: "x",
    });
    expect(await signer.verifyGoogleSignUp(forged)).toBeNull();
    // Where the student came from is held to its rule when read, whoever signed it.
    const odd = await forge({
      typ: "google-signup",
      gi: pending.issuer,
      em: pending.email,
      ref: null,
      src: { utm_source: "<b>", utm_campaign: "WAEC", other: "x" },
    });
    expect((await signer.verifyGoogleSignUp(odd))?.source).toEqual({ utm_campaign: "waec" });
  });
});

describe("a token's claims, built wrong", () => {
  it("an id that is not a whole uuid is no id of ours", async () => {
    for (const bad of [`x${userId}`, `${userId}x`, [userId], 42]) {
      expect(
        await signer.verifyAccess(await forge({ typ: "access", sid: bad })),
        `${bad}`,
      ).toBeNull();
      expect(
        await signer.verifyRefresh(await forge({ typ: "refresh", sid: sessionId, jti: bad })),
        `${bad}`,
      ).toBeNull();
    }
    for (const bad of [`x${userId}`, `${userId}x`]) {
      expect(await signer.verifySignup(await forge({ typ: "signup", sub: bad }))).toBeNull();
      // A well-formed session does not make up for the account's id.
      expect(
        await signer.verifyAccess(await forge({ typ: "access", sub: bad, sid: sessionId })),
      ).toBeNull();
    }
  });

  it("an access token names its session when it has one, and is held to its epoch without", async () => {
    expect(
      await signer.verifyAccess(await forge({ typ: "access", sid: sessionId, ep: 3 })),
    ).toEqual({ userId, epoch: 3, sessionId });
    // Signed before epochs and sessions were named: epoch 0, no session.
    expect(await signer.verifyAccess(await forge({ typ: "access" }))).toEqual({ userId, epoch: 0 });
  });

  it("an epoch is a whole number from 0, or the token is refused, whatever its kind", async () => {
    for (const ep of [-1, 1.5, "1", null, 2 ** 53]) {
      expect(await signer.verifyAccess(await forge({ typ: "access", ep })), `${ep}`).toBeNull();
      expect(await signer.verifyData(await forge({ typ: "data", ep })), `${ep}`).toBeNull();
      const refresh = await forge({ typ: "refresh", sid: sessionId, jti: randomUUID(), ep });
      expect(await signer.verifyRefresh(refresh), `${ep}`).toBeNull();
    }
  });

  it("a failure that is not the token's is thrown, not taken for a bad token", async () => {
    const token = await signer.signData({ userId, epoch: 0 });
    clockBroken = true;
    try {
      await expect(signer.verifyData(token)).rejects.toThrow("the clock broke");
    } finally {
      clockBroken = false;
    }
  });
});
