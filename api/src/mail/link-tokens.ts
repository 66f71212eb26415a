import { hash, randomBytes } from "node:crypto";
import { keyedHmac } from "../auth/keyed-hmac.ts";

/**
 * The tokens in links sent by mail. A token is the HMAC of a random nonce
 * (128 bits) under a key derived from JWT_SECRET: the queued message holds the
 * nonce, the account_links row holds the token's SHA-256, and neither is a
 * token, so a copy of the database cannot open a link. Rotating JWT_SECRET
 * ends the links not yet opened, as it ends sessions.
 */
export type LinkTokens = ReturnType<typeof createLinkTokens>;

export function createLinkTokens(secret: string) {
  const token = keyedHmac(secret, "ysp mail link tokens");
  return {
    /** A new link's nonce (for the message) and its token's hash (for the database). */
    issue(): { nonce: string; tokenHash: string } {
      const nonce = randomBytes(16).toString("base64url");
      return { nonce, tokenHash: hashToken(token(nonce)) };
    },
    /** The token a message's link carries, from the nonce queued with it. */
    token,
  };
}

export const hashToken = (token: string) => hash("sha256", token, "hex");
