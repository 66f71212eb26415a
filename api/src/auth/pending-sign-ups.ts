import { timingSafeEqual } from "node:crypto";
import { keyedHmac } from "./keyed-hmac.ts";

/**
 * A Google sign-up waiting for a name: Google vouched for the identity and its address, and the
 * names rule refused the names it gave. The student is asked for a name on a page; until they
 * answer, the identity waits in their browser's sign-in cookie, sealed.
 */
export type PendingSignUp = {
  issuer: string;
  subject: string;
  email: string;
  /** The invite the sign-in came with, as the account it names. */
  referredBy: string | null;
  /** Milliseconds since the epoch after which the page's answer is refused. */
  expiresAt: number;
};

/** The cookie's prefix for a sealed pending sign-up, beside a sign-in under way. */
const prefix = "pending.";

export type PendingSignUps = ReturnType<typeof createPendingSignUps>;

/**
 * Seals and opens pending sign-ups with an HMAC under a key derived from JWT_SECRET: what the
 * browser holds names an identity, so one it changed, or made up, is refused. Rotating the
 * secret ends those waiting, as it ends sessions. Ten minutes, the sign-in cookie's own life.
 */
export function createPendingSignUps(secret: string, now: () => number) {
  const mac = keyedHmac(secret, "ysp google pending sign-up");
  const lifetimeMs = 10 * 60 * 1000;
  return {
    seal(pending: Omit<PendingSignUp, "expiresAt">): string {
      const payload = Buffer.from(
        JSON.stringify({ ...pending, expiresAt: now() + lifetimeMs }),
      ).toString("base64url");
      return `${prefix}${payload}.${mac(payload)}`;
    },

    /** The pending sign-up a cookie holds, when it is ours, unchanged and unexpired. */
    open(raw: string | undefined): PendingSignUp | null {
      if (!raw?.startsWith(prefix)) return null;
      const [payload = "", sealed = ""] = raw.slice(prefix.length).split(".");
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(sealed);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
        const strings = ["issuer", "subject", "email"].every((k) => typeof value?.[k] === "string");
        const invite = value?.referredBy === null || typeof value?.referredBy === "string";
        if (!strings || !invite || typeof value.expiresAt !== "number") return null;
        return value.expiresAt > now() ? value : null;
      } catch {
        return null;
      }
    },
  };
}
