import { maskEmail } from "@ysp/contract/email";
import type { FastifyReply, FastifyRequest } from "fastify";
import { decodeURIComponentSafe } from "../pages/send-file.ts";
import type { Cookie } from "./cookies.ts";

/**
 * maskEmail's shape for an address the sign-up takes (contract/email.ts, ASCII only): one
 * printable character, "•••", "@" and a domain's letters, digits, dots and hyphens (≤ 253).
 */
const masked = /^[\x21-\x7e]•••@[A-Za-z0-9.-]{1,253}$/u;

/**
 * Keeps the address a sign-up without a script went to, masked, for the page it lands on. A
 * cookie (cookies.ts), not the 303's query: an address, even masked, stays out of the history,
 * the logs and the Referer.
 */
export function rememberSignedUp(cookie: Cookie, reply: FastifyReply, email: string) {
  cookie.set(reply, encodeURIComponent(maskEmail(email)));
}

/** The masked address of the cookie, when it holds one: anything else is not written. */
export function signedUpAddressOf(cookie: Cookie, request: FastifyRequest): string | undefined {
  const raw = cookie.read(request);
  const address = raw === undefined ? undefined : decodeURIComponentSafe(raw);
  return address !== undefined && masked.test(address) ? address : undefined;
}
