import type { CreateRateLimitOptions, RateLimitOptions } from "@fastify/rate-limit";
import { canonicalMailbox, serviceMessages } from "@ysp/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, sendError } from "./errors.ts";

export type RateLimitConfig = {
  signupPerMinute: number;
  loginPerMinute: number;
  loginPerEmailPerMinute: number;
  refreshPerMinute: number;
  newsletterPerMinute: number;
  /** Requests that send a link by mail (a new confirmation link, a password reset), per IP. */
  mailPerMinute: number;
  /** The same, per address: a mailbox gets at most this many such messages an hour. */
  mailPerAddressPerHour: number;
};

/** A limit a handler checks itself (answeredOverLimit), which tells `exceeded` when it refuses. */
export type HandlerLimit = CreateRateLimitOptions & { exceeded: () => void };

export type RateLimits = {
  signup: RateLimitOptions;
  loginPerIp: RateLimitOptions;
  /**
   * Checked inside the handlers, by a login and by a sign-up with a taken email
   * (routes/auth.ts): the plugin runs one limiter per request.
   */
  loginPerEmail: HandlerLimit;
  refresh: RateLimitOptions;
  newsletter: RateLimitOptions;
  mailPerIp: RateLimitOptions;
  /** Checked inside the handlers, after the body is read, like loginPerEmail. */
  mailPerAddress: HandlerLimit;
  /** The same for a parent's or guardian's address, which a student's request mails. */
  guardianPerAddress: HandlerLimit;
  /**
   * The same for the new address a change of address mails (or its owner, if it has one). Its
   * own allowance: the plugin adds the route's operation (login, for a password is checked) to
   * the key, so it is not counted with the link routes' (mail).
   */
  mailToNewAddress: HandlerLimit;
};

const minute = 60_000;
const hour = 60 * minute;

/** The body's email as the API keeps it, for limits counted per address. */
const bodyEmail = (request: FastifyRequest, field = "email") => {
  const email = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof email === "string" ? email.trim().toLowerCase() : "";
};

/**
 * The key of the count per mailbox the address reaches, for limits that protect a mailbox:
 * `kid+1@`, `kid+2@` and, at Gmail, `k.i.d@` all land in one inbox, and would each have had a
 * fresh allowance of messages to it. A handler that knows the address otherwise than by the
 * body (the account a cookie names) counts with the same key.
 */
export const mailAddressKey = (email: string) =>
  `mail-address:${canonicalMailbox(email.trim().toLowerCase())}`;

/**
 * The key of the login's count per address: a login names the address in its body, a change of
 * password by the bearer's account, and both count against one allowance.
 */
export const loginEmailKey = (email: string) => `login-email:${email.trim().toLowerCase()}`;

/** A limit a handler checks itself, made with `app.createRateLimit`. */
type LimitCheck = ReturnType<FastifyInstance["createRateLimit"]>;

/**
 * Checks a limit counted inside a handler (per email, per address), made from `options`; over
 * it, answers 429 as the plugin answers its own, with Retry-After, and says it has. The plugin
 * calls no `onExceeded` for such a check, so this does.
 */
export async function answeredOverLimit(
  check: LimitCheck,
  options: HandlerLimit,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const limit = await check(request);
  if (limit.isAllowed || !limit.isExceeded) return false;
  options.exceeded();
  reply.header("Retry-After", String(limit.ttlInSeconds));
  sendError(reply, {
    status: 429,
    code: "throttled",
    detail: serviceMessages.tooManyAttempts(limit.ttl),
  });
  return true;
}

/** The 429 answer, in the API's error shape; the plugin adds Retry-After. */
const tooMany = (_request: FastifyRequest, context: { ttl: number }) => ({
  statusCode: 429,
  ...errorBody("client_error", [
    { code: "throttled", detail: serviceMessages.tooManyAttempts(context.ttl), attr: null },
  ]),
});

/**
 * A limit per client IP for one operation, `name`, counted once for every route that serves it:
 * the refresh at both its addresses, the mail limit across every route that sends or opens a
 * link. Counted per route, each address would have been a fresh allowance.
 */
const perIp = (name: LimitName, max: number, limited: Limited): RateLimitOptions => ({
  max,
  timeWindow: minute,
  groupId: name,
  errorResponseBuilder: tooMany,
  onExceeded: () => limited(name),
});

/** The limits by name, as ysp_rate_limited_total labels what it counts. */
export type LimitName =
  | "signup"
  | "login"
  | "login-email"
  | "refresh"
  | "newsletter"
  | "mail"
  | "mail-address"
  | "guardian-address"
  | "new-address";

/** Told of each request over a limit (metrics.ts). */
type Limited = (name: LimitName) => void;

/**
 * Limits are counted in PostgreSQL when the API runs on it, shared by every instance
 * (rate-limit-store.ts), and in this process's memory on PGlite, which one process opens.
 */
export function rateLimits(config: RateLimitConfig, limited: Limited = () => {}): RateLimits {
  return {
    signup: perIp("signup", config.signupPerMinute, limited),
    loginPerIp: perIp("login", config.loginPerMinute, limited),
    loginPerEmail: {
      max: config.loginPerEmailPerMinute,
      timeWindow: minute,
      keyGenerator: (request) => loginEmailKey(bodyEmail(request)),
      exceeded: () => limited("login-email"),
    },
    refresh: perIp("refresh", config.refreshPerMinute, limited),
    newsletter: perIp("newsletter", config.newsletterPerMinute, limited),
    mailPerIp: perIp("mail", config.mailPerMinute, limited),
    mailPerAddress: {
      max: config.mailPerAddressPerHour,
      timeWindow: hour,
      keyGenerator: (request) => mailAddressKey(bodyEmail(request)),
      exceeded: () => limited("mail-address"),
    },
    guardianPerAddress: {
      max: config.mailPerAddressPerHour,
      timeWindow: hour,
      keyGenerator: (request) => mailAddressKey(bodyEmail(request, "guardian_email")),
      exceeded: () => limited("guardian-address"),
    },
    mailToNewAddress: {
      max: config.mailPerAddressPerHour,
      timeWindow: hour,
      keyGenerator: (request) => mailAddressKey(bodyEmail(request, "new_email")),
      exceeded: () => limited("new-address"),
    },
  };
}
