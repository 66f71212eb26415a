import type { FastifyReply, FastifyRequest } from "fastify";
import type { TokenSigner } from "../auth/tokens.ts";
import type { Cookie } from "./cookies.ts";

/**
 * The account this browser has just made, remembered in its sign-up cookie (cookies.ts) for a
 * day: with it, and the account's password, the student puts a mistyped address right
 * (signup-correction.ts), and asks for the link again without typing the address twice. The
 * cookie holds a signed token (tokens.ts signSignup); SameSite=Strict keeps another site from
 * making a browser send it.
 */
export type SignupCookie = {
  remember: (reply: FastifyReply, userId: string) => Promise<void>;
  /** The id of the account the request's cookie names, while its token holds. */
  account: (request: FastifyRequest) => Promise<string | null>;
};

export function signupCookie(
  cookie: Cookie,
  signer: Pick<TokenSigner, "signSignup" | "verifySignup">,
): SignupCookie {
  return {
    remember: async (reply, userId) => cookie.set(reply, await signer.signSignup(userId)),
    account: async (request) => {
      // Belt and braces beside SameSite: a browser that says the request came from another site is refused.
      if (request.headers["sec-fetch-site"] === "cross-site") return null;
      const token = cookie.read(request);
      return token ? signer.verifySignup(token) : null;
    },
  };
}
