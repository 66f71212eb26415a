import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import type { HasherOptions } from "./auth/password-hasher.ts";
import type { DatabaseOptions } from "./db/client.ts";
import type { RateLimitConfig } from "./rate-limits.ts";

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

const envSchema = z.object({
  PORT: integer("PORT", 1, 65_535, 3000),
  HOST: z._default(z.string().check(z.minLength(1, "HOST must not be empty")), "127.0.0.1"),
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
  DATA_DIR: z._default(z.string().check(z.minLength(1, "DATA_DIR must not be empty")), "./data"),
  JWT_SECRET: z.optional(
    z.string().check(z.minLength(32, "JWT_SECRET must be at least 32 characters long")),
  ),
  NODE_ENV: z.optional(z.string()),
  TRUST_PROXY: z._default(z.string(), "false"),
  RATE_LIMIT_SIGNUP: integer("RATE_LIMIT_SIGNUP", 1, 10_000_000, 60),
  RATE_LIMIT_LOGIN: integer("RATE_LIMIT_LOGIN", 1, 10_000_000, 30),
  RATE_LIMIT_LOGIN_EMAIL: integer("RATE_LIMIT_LOGIN_EMAIL", 1, 10_000_000, 10),
  RATE_LIMIT_REFRESH: integer("RATE_LIMIT_REFRESH", 1, 10_000_000, 120),
  RATE_LIMIT_NEWSLETTER: integer("RATE_LIMIT_NEWSLETTER", 1, 10_000_000, 30),
  HASH_CONCURRENCY: integer("HASH_CONCURRENCY", 1, 256, availableParallelism()),
  HASH_QUEUE_MAX: integer("HASH_QUEUE_MAX", 0, 100_000, undefined),
  LOG_LEVEL: z._default(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
    "info",
  ),
  WEB_BUILD_DIR: z._default(z.string(), join(repoRoot, "web", "build")),
});

export type Config = {
  port: number;
  host: string;
  database: DatabaseOptions;
  dataDir: string;
  jwtSecret: string;
  trustProxy: boolean | number | string[];
  rateLimits: RateLimitConfig;
  hash: HasherOptions;
  logLevel: string;
  webBuildDir: string;
};

export class ConfigError extends Error {}

/**
 * The default hashing queue: about a third of a second of work (a worker hashes
 * about 90 passwords a second). Sign-ups come in bursts; a queue shorter than a
 * burst refuses students with 503 while the workers then sit idle, and a refused
 * student has to tap again on a slow link, which costs far more than the wait.
 */
const queuedPerWorker = 32;

/** Low enough that the event loop always wins the CPU from password hashing, high enough that hashing still uses every idle cycle. */
const hashWorkerNice = 10;

function parseTrustProxy(raw: string): boolean | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.every((s) => /^[0-9a-fA-F.:/]+$/.test(s))) return list;
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses (got "${raw}")`,
  );
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

/** Reads and checks the environment; throws a ConfigError with one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (a blank line in an env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const message = issue?.message ?? "is not valid";
    throw new ConfigError(message.startsWith(name) ? message : `${name}: ${message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (!e.JWT_SECRET && e.NODE_ENV === "production") {
    throw new ConfigError(
      "JWT_SECRET must be set when NODE_ENV=production (at least 32 random characters, the same for every instance)",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: "pglite", dataDir: join(dataDir, "pglite") },
    dataDir,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      signupPerMinute: e.RATE_LIMIT_SIGNUP,
      loginPerMinute: e.RATE_LIMIT_LOGIN,
      loginPerEmailPerMinute: e.RATE_LIMIT_LOGIN_EMAIL,
      refreshPerMinute: e.RATE_LIMIT_REFRESH,
      newsletterPerMinute: e.RATE_LIMIT_NEWSLETTER,
    },
    hash: {
      workers: e.HASH_CONCURRENCY,
      maxQueued: e.HASH_QUEUE_MAX ?? queuedPerWorker * e.HASH_CONCURRENCY,
      nice: hashWorkerNice,
    },
    logLevel: e.LOG_LEVEL,
    webBuildDir: resolve(e.WEB_BUILD_DIR),
  };
}
