import { signupCorrectionLifetime } from "@ysp/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TokenSigner } from "../auth/tokens.ts";

/**
 * The cookie naming the account this browser has just made, for a day: with it, and the
 * account's password, the student puts a mistyped address right (signup-correction.ts), and
 * asks for the link again without typing the address twice. A signed token (tokens.ts
 * signSignup), HttpOnly, and sent only from this site's own pages (SameSite=Strict), so another
 * site can neither read it nor make a browser use it. Its Path is the whole site: the API reads
 * it, and so do /signed-up and /correct-email, whose only common prefix is "/". The request log
 * writes no headers. Its name, attributes and reading are here only.
 */
export const signupCookieName = "ysp_signup";

export function rememberSignup(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "Set-Cookie",
    `${signupCookieName}=${token}; Path=/; Max-Age=${signupCorrectionLifetime.seconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The id of the account the request's cookie names, while its token holds. */
export async function signedUpAccount(
  request: FastifyRequest,
  signer: Pick<TokenSigner, "verifySignup">,
): Promise<string | null> {
  // Belt and braces beside SameSite: a browser that says the request came from another site is refused.
  if (request.headers["sec-fetch-site"] === "cross-site") return null;
  const token = new RegExp(`(?:^|;\\s*)${signupCookieName}=([^;]+)`).exec(
    request.headers.cookie ?? "",
  )?.[1];
  return token ? signer.verifySignup(token) : null;
}
