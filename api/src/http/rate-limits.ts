import {
  type CreateRateLimitOptions,
  normalizeIP,
  type RateLimitOptions,
} from "@fastify/rate-limit";
import { canonicalMailbox, serviceMessages } from "@ysp/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody, sendError } from "./errors.ts";

export type RateLimitConfig = {
  signupPerMinute: number;
  loginPerMinute: number;
  loginPerEmailPerMinute: number;
  refreshPerMinute: number;
  newsletterPerMinute: number;
  /**
   * Requests that send a link by mail (a new confirmation link, a password reset), per IP; and,
   * counted apart, refused unsubscribe tokens.
   */
  mailPerMinute: number;
  /** The same, per client and address: one client may have a mailbox sent this many an hour. */
  mailPerAddressPerHour: number;
  /** The same, per address from every client together: only a flood reaches it. */
  mailFloodPerAddressPerHour: number;
};

/** A limit a handler checks itself (answeredOverLimit), which tells `exceeded` when it refuses. */
export type HandlerLimit = CreateRateLimitOptions & { exceeded: () => void };

/**
 * The messages a mailbox is sent, counted per client (its IP) and mailbox, and per mailbox from
 * every client together (checkMailboxLimit).
 */
export type MailboxLimit = { perClient: HandlerLimit; flood: HandlerLimit };

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
  mailPerAddress: MailboxLimit;
  /** The same for a parent's or guardian's address, which a student's request mails. */
  guardianPerAddress: MailboxLimit;
  /**
   * The same for the new address a change of address mails (or its owner, if it has one). Its
   * own allowance: the plugin adds the route's operation (login, for a password is checked) to
   * the key, so it is not counted with the link routes' (mail).
   */
  mailToNewAddress: MailboxLimit;
  /**
   * Refused unsubscribe tokens per client, checked by the handler once a token is refused: a
   * good one is never counted nor refused (routes/newsletter.ts).
   */
  unsubscribeRefused: HandlerLimit;
};

const minute = 60_000;
const hour = 60 * minute;

/**
 * The body's email as sent, for limits counted per address: each key normalises it as the API
 * keeps addresses (loginEmailKey, and mailboxKey through canonicalMailbox).
 */
const bodyEmail = (request: FastifyRequest, field = "email") => {
  const email = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof email === "string" ? email : "";
};

/**
 * The key of a count per mailbox, for limits that protect a mailbox: `kid+1@`, `kid+2@` and, at
 * Gmail, `k.i.d@` all land in one inbox, and would each have had a fresh allowance of messages
 * to it.
 */
const mailboxKey = (email: string) => `mail-address:${canonicalMailbox(email)}`;

/** The client a request comes from, as the plugin counts it per IP (an IPv6 /64 as one). */
const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);

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

/**
 * Checks a mailbox's allowances, made from `limit`; over one, answers 429 as answeredOverLimit
 * does and says it has. The client's own first: a client past it spends nothing of the
 * mailbox's, so no one client alone brings the flood ceiling down on the mailbox's owner.
 */
export function checkMailboxLimit(app: FastifyInstance, limit: MailboxLimit) {
  const perClient = app.createRateLimit(limit.perClient);
  const flood = app.createRateLimit(limit.flood);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> =>
    (await answeredOverLimit(perClient, limit.perClient, request, reply)) ||
    (await answeredOverLimit(flood, limit.flood, request, reply));
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

/** The allowances of a mailbox by name, each per client and, with "-flood", from all. */
type MailboxLimitName = "mail-address" | "guardian-address" | "new-address";

/** The limits by name, as ysp_rate_limited_total labels what it counts. */
export type LimitName =
  | "signup"
  | "login"
  | "login-email"
  | "refresh"
  | "newsletter"
  | "mail"
  | "unsubscribe"
  | MailboxLimitName
  | `${MailboxLimitName}-flood`;

/** Told of each request over a limit (metrics.ts). */
type Limited = (name: LimitName) => void;

/**
 * The allowances of the mailbox the body's `field` names. Counted per mailbox alone, a stranger
 * who asked 5 times for a student's reset locked the student's own reset and "Your data" out for
 * the hour, and again the next hour; counted per client and mailbox, a stranger spends only
 * their own allowance. The flood ceiling bounds what every client together has one mailbox
 * sent: by default 5 an hour per client and 20 from all, where per client alone a thousand
 * addresses could send one mailbox 5,000 messages an hour. At 20, locking the owner out takes
 * four clients spending their whole allowance within the hour, not one stranger.
 */
const perMailbox = (
  name: MailboxLimitName,
  field: string,
  config: RateLimitConfig,
  limited: Limited,
): MailboxLimit =>
  countedByMailbox(
    {
      perClient: {
        max: config.mailPerAddressPerHour,
        timeWindow: hour,
        exceeded: () => limited(name),
      },
      flood: {
        max: config.mailFloodPerAddressPerHour,
        timeWindow: hour,
        exceeded: () => limited(`${name}-flood`),
      },
    },
    (request) => bodyEmail(request, field),
  );

/**
 * `limit`, counted for the mailbox `addressOf` finds: a handler that knows the address otherwise
 * than by the body (the account a cookie names) counts with the same keys as the body's would.
 */
export const countedByMailbox = (
  limit: {
    perClient: Omit<HandlerLimit, "keyGenerator">;
    flood: Omit<HandlerLimit, "keyGenerator">;
  },
  addressOf: (request: FastifyRequest) => string,
): MailboxLimit => ({
  perClient: {
    ...limit.perClient,
    keyGenerator: (request) => `${mailboxKey(addressOf(request))} ${clientOf(request)}`,
  },
  flood: { ...limit.flood, keyGenerator: (request) => mailboxKey(addressOf(request)) },
});

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
    mailPerAddress: perMailbox("mail-address", "email", config, limited),
    guardianPerAddress: perMailbox("guardian-address", "guardian_email", config, limited),
    mailToNewAddress: perMailbox("new-address", "new_email", config, limited),
    unsubscribeRefused: {
      max: config.mailPerMinute,
      timeWindow: minute,
      keyGenerator: (request) => `unsubscribe-refused:${clientOf(request)}`,
      exceeded: () => limited("unsubscribe"),
    },
  };
}
