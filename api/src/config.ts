import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { site } from "@ysp/content/site";
import { googleSignIn } from "@ysp/contract";
import { emailProblem } from "@ysp/contract/email";
import * as z from "zod/mini";
import type { HasherOptions } from "./auth/password-hasher.ts";
import type { DatabaseOptions } from "./db/client.ts";
import type { RateLimitConfig } from "./http/rate-limits.ts";
import type { Mailbox, MailConfig } from "./mail/mail-config.ts";
import { defaultFirstRetrySeconds } from "./mail/mail-queue.ts";

/** The only reader of process.env: every setting is checked here, once, at start-up. */

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

const integer = <Fallback extends number | undefined>(
  name: string,
  min: number,
  max: number,
  fallback: Fallback,
) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return fallback;
      const value = Number(raw);
      if (!Number.isInteger(value) || value < min || value > max) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be a whole number from ${min} to ${max} (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

/** Any case, because deployers write INFO and Production. */
const oneOf = <Value extends string, Fallback extends Value | undefined>(
  name: string,
  values: readonly Value[],
  fallback: Fallback,
) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = values.find((v) => v === raw.trim().toLowerCase());
      if (value === undefined) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be one of ${values.join(", ")} (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

/**
 * A phone on a bad 2G line (10 kbit/s) sends the largest body the API reads (16 KB) in about
 * 13 s and a request's headers (under 2 KB) in about 2 s; the rest is room for a stall.
 */
export const defaultTimeouts = { requestMs: 30_000, headersMs: 10_000 };

const envSchema = z.object({
  PORT: integer("PORT", 1, 65_535, 3000),
  HOST: z._default(z.string().check(z.minLength(1, "HOST must not be empty")), "127.0.0.1"),
  METRICS_PORT: integer("METRICS_PORT", 1, 65_535, undefined),
  METRICS_HOST: z._default(
    z.string().check(z.minLength(1, "METRICS_HOST must not be empty")),
    "127.0.0.1",
  ),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => /^postgres(ql)?:\/\/\S+$/.test(v),
          "DATABASE_URL must be a postgres:// or postgresql:// URL",
        ),
      ),
  ),
  DATABASE_POOL_SIZE: integer("DATABASE_POOL_SIZE", 1, 1000, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: integer("DATABASE_STATEMENT_TIMEOUT_MS", 100, 600_000, 5000),
  DATA_DIR: z._default(z.string(), "data"),
  JWT_SECRET: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => v.trim().length >= 32,
          "JWT_SECRET must be at least 32 characters long, not counting spaces at either end",
        ),
      ),
  ),
  NODE_ENV: oneOf("NODE_ENV", ["development", "production", "test"], undefined),
  TRUST_PROXY: z._default(z.string(), "false"),
  RATE_LIMIT_SIGNUP: integer("RATE_LIMIT_SIGNUP", 1, 10_000_000, 60),
  RATE_LIMIT_LOGIN: integer("RATE_LIMIT_LOGIN", 1, 10_000_000, 30),
  RATE_LIMIT_LOGIN_EMAIL: integer("RATE_LIMIT_LOGIN_EMAIL", 1, 10_000_000, 10),
  RATE_LIMIT_REFRESH: integer("RATE_LIMIT_REFRESH", 1, 10_000_000, 120),
  RATE_LIMIT_NEWSLETTER: integer("RATE_LIMIT_NEWSLETTER", 1, 10_000_000, 30),
  REFRESH_REUSE_GRACE_SECONDS: integer("REFRESH_REUSE_GRACE_SECONDS", 0, 60, 10),
  HASH_CONCURRENCY: integer("HASH_CONCURRENCY", 1, 256, availableParallelism()),
  HASH_QUEUE_MAX: integer("HASH_QUEUE_MAX", 0, 100_000, undefined),
  LOG_LEVEL: oneOf(
    "LOG_LEVEL",
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
    "info",
  ),
  WEB_BUILD_DIR: z._default(z.string(), join("web", "build")),
  SMTP_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) =>
            URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== "",
          "SMTP_URL must be an smtp:// or smtps:// URL with a host, such as smtp://user:pass@mail.example.com:587",
        ),
      ),
  ),
  MAIL_FROM: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => parseMailbox(v) !== null,
          "MAIL_FROM must be an address, or a name and an address such as YSP <hello@example.com>",
        ),
      ),
  ),
  PUBLIC_URL: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => publicOrigin(v) !== null,
          "PUBLIC_URL must be the site's address with http:// or https:// and no path, such as https://ysp.ng",
        ),
      ),
  ),
  RATE_LIMIT_MAIL: integer("RATE_LIMIT_MAIL", 1, 10_000_000, 10),
  RATE_LIMIT_MAIL_ADDRESS: integer("RATE_LIMIT_MAIL_ADDRESS", 1, 10_000_000, 5),
  REQUEST_TIMEOUT_MS: integer("REQUEST_TIMEOUT_MS", 1000, 600_000, defaultTimeouts.requestMs),
  HEADERS_TIMEOUT_MS: integer("HEADERS_TIMEOUT_MS", 1000, 600_000, defaultTimeouts.headersMs),
  RATE_LIMIT_MAIL_ADDRESS_FLOOD: integer("RATE_LIMIT_MAIL_ADDRESS_FLOOD", 1, 10_000_000, undefined),
  MAIL_RETRY_SECONDS: integer("MAIL_RETRY_SECONDS", 1, 3600, defaultFirstRetrySeconds),
  GOOGLE_CLIENT_ID: z.optional(z.string()),
  GOOGLE_CLIENT_SECRET: z.optional(z.string()),
  GOOGLE_ISSUER: z.optional(z.string()),
  GOOGLE_APP_CLIENT_IDS: z.optional(z.string()),
});

/** "Name <address>" or a bare address, as a message's From takes it; null when it is neither. */
export function parseMailbox(raw: string): { name: string; address: string } | null {
  const match = /^\s*(?:(.*?)\s*<([^<>\s]+)>|([^<>\s]+))\s*$/.exec(raw);
  const address = match?.[2] ?? match?.[3];
  if (!address || emailProblem(address) !== null) return null;
  return { name: (match?.[1] ?? "").replace(/^"|"$/g, ""), address };
}

/** Students reach the site over TLS, which the proxy in front of the app ends. */
export const isHttps = (publicUrl: string) => publicUrl.startsWith("https:");

/** The origin of an http(s) URL with nothing after it but an optional "/"; null otherwise. */
function publicOrigin(raw: string): string | null {
  const url = URL.parse(raw.trim());
  if (!url || !/^https?:$/.test(url.protocol) || url.hostname === "") return null;
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return null;
  return url.origin;
}

/** "Continue with Google": an OpenID Connect relying party on the server (auth/google.ts). */
export type GoogleConfig = {
  /** Where the provider is found by discovery: Google's own, or a test provider on loopback. */
  issuer: string;
  /** The web client's credentials, from Google Cloud's console. */
  clientId: string;
  clientSecret: string;
  /** The audiences of the ID tokens the app hands to logInWithGoogle; none: that answers 401. */
  appClientIds: string[];
  /** PUBLIC_URL + /login/google/callback, registered with the client. */
  redirectUri: string;
};

export const googleIssuer = "https://accounts.google.com";

export type Config = {
  /** Whether /staff is served at all: see staffAreaServed. */
  staffArea: boolean;
  port: number;
  host: string;
  database: DatabaseOptions;
  dataDir: string;
  jwtSecret: string;
  trustProxy: boolean | string[];
  rateLimits: RateLimitConfig;
  /** How long the token rotated just before a session's current one still gets its answer again. */
  refreshReuseGraceSeconds: number;
  hash: HasherOptions;
  logLevel: string;
  webBuildDir: string;
  /** Where the site and API are reached: links in mail, and the API document's server. */
  publicUrl: string;
  mail: MailConfig;
  /** The longest wait before a failed message's second try; each later wait doubles, to an hour. */
  mailRetrySeconds: number;
  /** Where Prometheus scrapes `/metrics`; null: no metrics listener. */
  metrics: { host: string; port: number } | null;
  /**
   * How long a request may take to arrive: all of it, and its headers. Past either, the
   * connection is answered 408 and closed, so a client sending a byte at a time cannot hold it.
   */
  timeouts: { requestMs: number; headersMs: number };
  /** Null: no page offers Google sign-in and its routes answer 404. */
  google: GoogleConfig | null;
};

export class ConfigError extends Error {}

/**
 * The default hashing queue: about a third of a second of work (a worker hashes
 * about 90 passwords a second). Sign-ups come in bursts; a queue shorter than a
 * burst refuses students with 503 while the workers then sit idle, and a refused
 * student has to tap again on a slow link, which costs far more than the wait.
 */
const queuedPerWorker = 32;

/**
 * The default ceiling of mail to one address from every client together, in allowances of one
 * client (rate-limits.ts says why).
 */
const floodClients = 4;

/** Low enough that the event loop always wins the CPU from password hashing, high enough that hashing still uses every idle cycle. */
const hashWorkerNice = 10;

/** The names proxy-addr (Fastify's trustProxy) expands to ranges. */
const namedRanges = ["loopback", "linklocal", "uniquelocal"];

/** An address or CIDR range as proxy-addr parses it; it throws at start-up on anything else. */
function isProxyEntry(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : 0;
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string): boolean | string[] {
  const value = raw.trim().toLowerCase();
  if (value === "false") return false;
  if (value === "true") return true;
  // Fastify 5 ignores a hop count: it cannot tell a proxy's header from one a client forged.
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY cannot be a hop count, which Fastify ignores; list the proxies' IP addresses or CIDR ranges instead (got "${raw}")`,
    );
  }
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((entry) => !isProxyEntry(entry));
  if (list.length === 0 || bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false or a comma-separated list of proxy IP addresses, CIDR ranges (10.0.0.0/8) or the names loopback, linklocal, uniquelocal (got "${bad ?? raw}")`,
    );
  }
  return list;
}

/** In development the secret is made once and kept beside the data, so tokens survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

type Env = z.output<typeof envSchema>;

/** Each variable checked alone: the first bad one, named in one line. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  // An empty variable (a blank line in an env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const message = issue?.message ?? "is not valid";
    throw new ConfigError(message.startsWith(name) ? message : `${name}: ${message}`);
  }
  return parsed.data;
}

/** What production cannot make up: a secret every instance shares, and the site's address. */
function requireProductionSettings(e: Env) {
  if (!e.JWT_SECRET && e.NODE_ENV === "production") {
    throw new ConfigError(
      "JWT_SECRET must be set when NODE_ENV=production (at least 32 random characters, the same for every instance)",
    );
  }
  if (!e.PUBLIC_URL && e.NODE_ENV === "production") {
    throw new ConfigError(
      "PUBLIC_URL must be set when NODE_ENV=production: links in mail lead there (such as https://ysp.ng)",
    );
  }
}

/** The ceiling of mail to one address from every client together, never below one client's. */
function mailFloodPerAddress(e: Env): number {
  const mailFlood = e.RATE_LIMIT_MAIL_ADDRESS_FLOOD ?? floodClients * e.RATE_LIMIT_MAIL_ADDRESS;
  if (mailFlood < e.RATE_LIMIT_MAIL_ADDRESS) {
    throw new ConfigError(
      `RATE_LIMIT_MAIL_ADDRESS_FLOOD must be at least RATE_LIMIT_MAIL_ADDRESS (${e.RATE_LIMIT_MAIL_ADDRESS}): below it, one client alone reaches the ceiling of every client together (got ${mailFlood})`,
    );
  }
  return mailFlood;
}

/** Settings each valid alone that contradict each other: two ports, two time-outs. */
function refuseContradictions(e: Env) {
  if (e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (both ${e.PORT}): the metrics are never served on the site's port`,
    );
  }
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS}): the headers are part of the request (got "${e.HEADERS_TIMEOUT_MS}")`,
    );
  }
}

/** The proxies whose word on a client's address and scheme is taken. */
function trustedProxies(e: Env, publicUrl: string): boolean | string[] {
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  // nginx ends TLS: without trusting it, every request looks like plain http from 127.0.0.1,
  // and the rate limits count every student as one.
  if (e.NODE_ENV === "production" && isHttps(publicUrl) && trustProxy === false) {
    throw new ConfigError(
      "TRUST_PROXY must be set when NODE_ENV=production and PUBLIC_URL is https://: the proxy that ends TLS tells the app each client's address and scheme (such as TRUST_PROXY=127.0.0.1)",
    );
  }
  return trustProxy;
}

const isLoopback = (hostname: string) =>
  hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * The issuer's URL: https, as an identity provider's must be, except a provider on this very
 * machine outside production, which is how tests (ours and anyone's) stand in for Google.
 */
function googleIssuerUrl(e: Env): string {
  const raw = e.GOOGLE_ISSUER?.trim() ?? googleIssuer;
  const url = URL.parse(raw);
  const plainLoopback =
    url?.protocol === "http:" && isLoopback(url.hostname) && e.NODE_ENV !== "production";
  if (!url || url.search || url.hash || !(url.protocol === "https:" || plainLoopback))
    throw new ConfigError(
      `GOOGLE_ISSUER must be an https:// URL such as ${googleIssuer} (http:// only on a loopback address outside production) (got "${raw}")`,
    );
  return raw.replace(/\/$/, "");
}

/** Google sign-in's settings: on with a client id and secret, off without either. */
function googleSettings(e: Env, publicUrl: string): GoogleConfig | null {
  const clientId = e.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = e.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) {
    const stray = e.GOOGLE_ISSUER
      ? "GOOGLE_ISSUER"
      : e.GOOGLE_APP_CLIENT_IDS
        ? "GOOGLE_APP_CLIENT_IDS"
        : null;
    if (stray)
      throw new ConfigError(
        `${stray} needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: without them Google sign-in is off`,
      );
    return null;
  }
  if (!clientId || !clientSecret)
    throw new ConfigError(
      `GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (only ${clientId ? "GOOGLE_CLIENT_ID" : "GOOGLE_CLIENT_SECRET"} is)`,
    );
  return {
    issuer: googleIssuerUrl(e),
    clientId,
    clientSecret,
    appClientIds: (e.GOOGLE_APP_CLIENT_IDS ?? "")
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
    redirectUri: `${publicUrl}${googleSignIn.callback}`,
  };
}

/** Reads and checks the environment; throws a ConfigError with one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  // From the repository, not the working directory: started elsewhere, the server would
  // otherwise open a new empty database and sign with a new secret.
  const dataDir = resolve(repoRoot, e.DATA_DIR);
  requireProductionSettings(e);
  const mailFlood = mailFloodPerAddress(e);
  refuseContradictions(e);
  const publicUrl = publicOrigin(e.PUBLIC_URL ?? "") ?? `http://localhost:${e.PORT}`;
  const trustProxy = trustedProxies(e, publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? {
          kind: "postgres",
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          timeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { kind: "pglite", dataDir: join(dataDir, "pglite") },
    dataDir,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    trustProxy,
    rateLimits: {
      mailPerMinute: e.RATE_LIMIT_MAIL,
      mailPerAddressPerHour: e.RATE_LIMIT_MAIL_ADDRESS,
      mailFloodPerAddressPerHour: mailFlood,
      signupPerMinute: e.RATE_LIMIT_SIGNUP,
      loginPerMinute: e.RATE_LIMIT_LOGIN,
      loginPerEmailPerMinute: e.RATE_LIMIT_LOGIN_EMAIL,
      refreshPerMinute: e.RATE_LIMIT_REFRESH,
      newsletterPerMinute: e.RATE_LIMIT_NEWSLETTER,
    },
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    hash: {
      workers: e.HASH_CONCURRENCY,
      maxQueued: e.HASH_QUEUE_MAX ?? queuedPerWorker * e.HASH_CONCURRENCY,
      nice: hashWorkerNice,
    },
    logLevel: e.LOG_LEVEL,
    webBuildDir: resolve(repoRoot, e.WEB_BUILD_DIR),
    publicUrl,
    mail: {
      transport: e.SMTP_URL
        ? { kind: "smtp", url: e.SMTP_URL }
        : { kind: "files", dir: join(dataDir, "mail") },
      from: parseMailbox(e.MAIL_FROM ?? site.mailFrom) as Mailbox,
      publicUrl,
    },
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    metrics: e.METRICS_PORT ? { host: e.METRICS_HOST, port: e.METRICS_PORT } : null,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_MS, headersMs: e.HEADERS_TIMEOUT_MS },
    google: googleSettings(e, publicUrl),
    staffArea: staffAreaServed(e, publicUrl),
  };
}

/**
 * The staff area is served behind TLS, or over plain http only at a loopback name outside
 * production (npm start, the tests): its session cookie must not cross a network in clear, and
 * browsers make passkeys only in a secure context, which plain http is only on this machine.
 */
function staffAreaServed(e: Env, publicUrl: string): boolean {
  if (isHttps(publicUrl)) return true;
  return isLoopback(new URL(publicUrl).hostname) && e.NODE_ENV !== "production";
}
