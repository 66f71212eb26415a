import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { fixtureSiteDir, migratedDataDir } from "../test/harness.ts";
import { loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(join(tmpdir(), "ysp-config-"));
const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const jwtSecret = "a-shared-secret-of-at-least-32-characters";

describe("configuration", () => {
  it("has working defaults: port 3000 on 127.0.0.1 with embedded PGlite", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ kind: "pglite", dataDir: join(dir, "pglite") });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.logLevel).toBe("info");
  });

  it("generates a development secret once and keeps it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, "jwt-secret"), "utf8").trim()).toBe(first);
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", PORT: "" });
    expect(config.database.kind).toBe("pglite");
    expect(config.port).toBe(3000);
  });

  it("queues about a third of a second of hashing per worker unless HASH_QUEUE_MAX says", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, HASH_CONCURRENCY: "3" }).hash.maxQueued).toBe(96);
    const set = loadConfig({ DATA_DIR: dir, HASH_CONCURRENCY: "3", HASH_QUEUE_MAX: "0" });
    expect(set.hash).toMatchObject({ workers: 3, maxQueued: 0 });
  });

  it("gives a retried refresh 10 seconds unless REFRESH_REUSE_GRACE_SECONDS says", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).refreshReuseGraceSeconds).toBe(10);
    expect(
      loadConfig({ DATA_DIR: dir, REFRESH_REUSE_GRACE_SECONDS: "0" }).refreshReuseGraceSeconds,
    ).toBe(0);
  });

  it("lets every client together send an address four clients' mail unless RATE_LIMIT_MAIL_ADDRESS_FLOOD says", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).rateLimits).toMatchObject({
      mailPerAddressPerHour: 5,
      mailFloodPerAddressPerHour: 20,
    });
    expect(
      loadConfig({ DATA_DIR: dir, RATE_LIMIT_MAIL_ADDRESS: "10" }).rateLimits
        .mailFloodPerAddressPerHour,
    ).toBe(40);
    expect(
      loadConfig({ DATA_DIR: dir, RATE_LIMIT_MAIL_ADDRESS_FLOOD: "5" }).rateLimits
        .mailFloodPerAddressPerHour,
    ).toBe(5);
  });

  it("serves metrics only when METRICS_PORT is set, on 127.0.0.1 unless METRICS_HOST says", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, METRICS_PORT: "9464" }).metrics).toEqual({
      host: "127.0.0.1",
      port: 9464,
    });
    expect(
      loadConfig({ DATA_DIR: dir, METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics,
    ).toEqual({ host: "10.0.0.5", port: 9464 });
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_PORT: "metrics" })).toThrow(
      'METRICS_PORT must be a whole number from 1 to 65535 (got "metrics")',
    );
    expect(() => loadConfig({ DATA_DIR: dir, PORT: "4000", METRICS_PORT: "4000" })).toThrow(
      "METRICS_PORT must differ from PORT (both 4000): the metrics are never served on the site's port",
    );
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u:p@db:5432/ysp",
      JWT_SECRET: jwtSecret,
    });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://u:p@db:5432/ysp",
      poolSize: 10,
      timeoutMs: 5000,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: "postgres://u:p@db:5432/ysp",
        DATABASE_STATEMENT_TIMEOUT_MS: "1500",
        JWT_SECRET: jwtSecret,
      }).database,
    ).toMatchObject({ timeoutMs: 1500 });
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: "70000" }, /^PORT must be/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL must be a postgres:\/\//],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: "50" },
      /^DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 100 to 600000 \(got "50"\)$/,
    ],
    [{ JWT_SECRET: "short" }, /^JWT_SECRET must be at least 32 characters/],
    [{ JWT_SECRET: " ".repeat(32) }, /^JWT_SECRET must be at least 32 characters/],
    [{ JWT_SECRET: `  ${"x".repeat(31)}  ` }, /^JWT_SECRET must be at least 32 characters/],
    [{ NODE_ENV: "production" }, /^JWT_SECRET must be set when NODE_ENV=production/],
    [{ NODE_ENV: "Production" }, /^JWT_SECRET must be set when NODE_ENV=production/],
    [
      { NODE_ENV: "prod" },
      /^NODE_ENV must be one of development, production, test \(got "prod"\)$/,
    ],
    [{ RATE_LIMIT_SIGNUP: "-1" }, /^RATE_LIMIT_SIGNUP must be a whole number/],
    [
      { REFRESH_REUSE_GRACE_SECONDS: "90" },
      /^REFRESH_REUSE_GRACE_SECONDS must be a whole number from 0 to 60 \(got "90"\)$/,
    ],
    [{ HASH_QUEUE_MAX: "many" }, /^HASH_QUEUE_MAX must be a whole number from 0 to 100000/],
    [{ TRUST_PROXY: "yes please" }, /^TRUST_PROXY must be true, false or a comma-separated list/],
    [{ TRUST_PROXY: "abc" }, /^TRUST_PROXY must be .*loopback.* \(got "abc"\)$/],
    [{ TRUST_PROXY: "10.0.0.1, 10.0.0.300" }, /^TRUST_PROXY must be .*\(got "10.0.0.300"\)$/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^TRUST_PROXY must be .*\(got "10.0.0.0\/33"\)$/],
    [{ TRUST_PROXY: "," }, /^TRUST_PROXY must be/],
    [{ TRUST_PROXY: "2" }, /^TRUST_PROXY cannot be a hop count/],
    [
      { NODE_ENV: "production", JWT_SECRET: "x".repeat(32) },
      /^PUBLIC_URL must be set when NODE_ENV=production/,
    ],
    [
      { PUBLIC_URL: "ysp.ng" },
      /^PUBLIC_URL must be the site's address with http:\/\/ or https:\/\//,
    ],
    [{ PUBLIC_URL: "https://ysp.ng/app" }, /^PUBLIC_URL must be .* and no path/],
    [
      { NODE_ENV: "production", JWT_SECRET: jwtSecret, PUBLIC_URL: "https://ysp.ng" },
      /^TRUST_PROXY must be set when NODE_ENV=production and PUBLIC_URL is https:\/\/: [^\n]*TRUST_PROXY=127\.0\.0\.1\)$/,
    ],
    [
      { REQUEST_TIMEOUT_MS: "500" },
      /^REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000 \(got "500"\)$/,
    ],
    [
      { HEADERS_TIMEOUT_MS: "40000" },
      /^HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS \(30000\)[^\n]*\(got "40000"\)$/,
    ],
    [{ SMTP_URL: "mail.example.com:587" }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: "http://mail.example.com" }, /^SMTP_URL must be an smtp:\/\//],
    [{ MAIL_FROM: "YSP" }, /^MAIL_FROM must be an address, or a name and an address/],
    [{ MAIL_FROM: "YSP <hello@>" }, /^MAIL_FROM must be/],
    [{ RATE_LIMIT_MAIL_ADDRESS: "0" }, /^RATE_LIMIT_MAIL_ADDRESS must be a whole number from 1/],
    [
      { RATE_LIMIT_MAIL_ADDRESS_FLOOD: "4" },
      /^RATE_LIMIT_MAIL_ADDRESS_FLOOD must be at least RATE_LIMIT_MAIL_ADDRESS \(5\)/,
    ],
    [
      { LOG_LEVEL: "loud" },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "loud"\)$/,
    ],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("accepts JWT_SECRET and any case of NODE_ENV and LOG_LEVEL", () => {
    const config = loadConfig({
      NODE_ENV: "Production",
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: "INFO",
      PUBLIC_URL: "https://ysp.ng",
      TRUST_PROXY: "127.0.0.1",
    });
    expect(config.jwtSecret).toBe(jwtSecret);
    expect(config.logLevel).toBe("info");
  });

  it("writes mail to files under DATA_DIR, from the site's sender, with links to this port by default", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, PORT: "4100" }).mail).toEqual({
      transport: { kind: "files", dir: join(dir, "mail") },
      from: { name: "YSP", address: "hello@ysp.ng" },
      publicUrl: "http://localhost:4100",
    });
  });

  it("sends over SMTP_URL, from MAIL_FROM, with links to PUBLIC_URL", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MAIL_FROM: '"YSP Lagos" <hello@example.com>',
      PUBLIC_URL: "https://ysp.example/",
    });
    expect(config.mail).toEqual({
      transport: { kind: "smtp", url: "smtps://user:pass@mail.example.com:465" },
      from: { name: "YSP Lagos", address: "hello@example.com" },
      publicUrl: "https://ysp.example",
    });
  });

  it("needs TRUST_PROXY in production only behind TLS, where a proxy ends it", () => {
    const production = { DATA_DIR: dataDir(), NODE_ENV: "production", JWT_SECRET: jwtSecret };
    expect(loadConfig({ ...production, PUBLIC_URL: "http://10.0.0.5:3000" }).trustProxy).toBe(
      false,
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: "https://ysp.ng" })).toThrow(
      /^TRUST_PROXY must be set/,
    );
    expect(() =>
      loadConfig({ ...production, PUBLIC_URL: "https://ysp.ng", TRUST_PROXY: "false" }),
    ).toThrow(/^TRUST_PROXY must be set/);
    expect(
      loadConfig({ ...production, PUBLIC_URL: "https://ysp.ng", TRUST_PROXY: "127.0.0.1" })
        .trustProxy,
    ).toEqual(["127.0.0.1"]);
  });

  it("serves the staff area behind TLS, or over http only at a loopback name outside production", () => {
    const served = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: jwtSecret, ...env }).staffArea;
    expect(served({})).toBe(true);
    expect(served({ PUBLIC_URL: "http://127.0.0.1:3000" })).toBe(true);
    expect(served({ PUBLIC_URL: "http://192.168.1.5:3000" })).toBe(false);
    expect(served({ PUBLIC_URL: "http://ysp.ng" })).toBe(false);
    const production = { NODE_ENV: "production", TRUST_PROXY: "127.0.0.1" };
    expect(served({ ...production, PUBLIC_URL: "http://localhost:3000" })).toBe(false);
    expect(served({ ...production, PUBLIC_URL: "https://ysp.ng" })).toBe(true);
  });

  it("waits 30 s for a whole request and 10 s for its headers unless REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS say", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).timeouts).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
    });
    expect(
      loadConfig({ DATA_DIR: dir, REQUEST_TIMEOUT_MS: "60000", HEADERS_TIMEOUT_MS: "60000" })
        .timeouts,
    ).toEqual({ requestMs: 60_000, headersMs: 60_000 });
  });

  it("tries refused mail again after up to 30 s unless MAIL_RETRY_SECONDS says, from 1 to 3600", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mailRetrySeconds).toBe(30);
    expect(loadConfig({ DATA_DIR: dir, MAIL_RETRY_SECONDS: "2" }).mailRetrySeconds).toBe(2);
    for (const bad of ["0", "3601", "1.5"])
      expect(() => loadConfig({ DATA_DIR: dir, MAIL_RETRY_SECONDS: bad })).toThrow(
        /^MAIL_RETRY_SECONDS must be/,
      );
  });

  it("turns Google sign-in on with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).google).toBeNull();
    const client = { GOOGLE_CLIENT_ID: "web.apps", GOOGLE_CLIENT_SECRET: "s3cret" };
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://ysp.ng", ...client }).google).toEqual({
      issuer: "https://accounts.google.com",
      clientId: "web.apps",
      clientSecret: "s3cret",
      appClientIds: [],
      redirectUri: "https://ysp.ng/login/google/callback",
    });
    expect(
      loadConfig({ DATA_DIR: dir, ...client, GOOGLE_APP_CLIENT_IDS: " a.apps, ,b.apps " }).google
        ?.appClientIds,
    ).toEqual(["a.apps", "b.apps"]);
    expect(() => loadConfig({ DATA_DIR: dir, GOOGLE_APP_CLIENT_IDS: "a.apps" })).toThrow(
      /^GOOGLE_APP_CLIENT_IDS needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: "web.apps" })).toThrow(
      /^GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together \(only GOOGLE_CLIENT_ID is\)/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, GOOGLE_ISSUER: "https://id.example" })).toThrow(
      /^GOOGLE_ISSUER needs/,
    );
  });

  it("finds Google's provider over https only, or on loopback outside production", () => {
    const dir = dataDir();
    const client = { DATA_DIR: dir, GOOGLE_CLIENT_ID: "web.apps", GOOGLE_CLIENT_SECRET: "s3cret" };
    for (const issuer of ["http://127.0.0.1:4000", "http://localhost:4000/", "http://[::1]:4000"])
      expect(loadConfig({ ...client, GOOGLE_ISSUER: issuer }).google?.issuer).toBe(
        issuer.replace(/\/$/, ""),
      );
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: "http://ysp.test",
    };
    for (const [issuer, env] of [
      ["http://id.example", {}],
      ["http://127.0.0.1.example.com", {}],
      ["ftp://127.0.0.1", {}],
      ["https://id.example?x=1", {}],
      ["not a url", {}],
      ["http://127.0.0.1:4000", production],
    ] as const)
      expect(() => loadConfig({ ...client, ...env, GOOGLE_ISSUER: issuer })).toThrow(
        /^GOOGLE_ISSUER must be an https:\/\/ URL/,
      );
  });

  it("reads TRUST_PROXY as a flag or proxy addresses", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "FALSE" }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.2",
    ]);
  });

  it.each([
    ["true", "198.51.100.1"],
    ["10.0.0.1", "10.0.0.1"],
    ["10.0.0.0/8, 192.168.1.1/24", "192.168.1.200"],
    ["::1, fe80::/10, ::ffff:10.0.0.1", "fe80::1"],
    ["Loopback, linklocal, uniquelocal", "172.16.0.9"],
  ])("gives Fastify a TRUST_PROXY it accepts: %s", async (value, proxy) => {
    const { trustProxy } = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    const app = Fastify({ trustProxy });
    app.get("/", async (request) => request.ip);
    const reply = await app.inject({
      url: "/",
      remoteAddress: proxy,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(reply.body).toBe("203.0.113.7");
  });

  it("finds DATA_DIR from the repository, wherever the server is started", () => {
    const started = process.cwd();
    process.chdir(tmpdir());
    try {
      expect(loadConfig({ JWT_SECRET: jwtSecret }).dataDir).toBe(join(repoRoot, "data"));
      expect(loadConfig({ JWT_SECRET: jwtSecret, DATA_DIR: "var/ysp" }).dataDir).toBe(
        join(repoRoot, "var/ysp"),
      );
    } finally {
      process.chdir(started);
    }
  });
});

describe("the server's start", () => {
  const run = promisify(execFile);
  const main = fileURLToPath(new URL("./main.ts", import.meta.url));

  /** Starts main.ts to its exit and returns what it printed on stderr. */
  async function startToExit(env: Record<string, string>) {
    try {
      await run(process.execPath, [main], {
        // The fixture site: start-up must get past the build to meet the HOST or PORT.
        env: {
          ...process.env,
          WEB_BUILD_DIR: fixtureSiteDir,
          // Migrated already: a fresh PGlite's initdb took most of each start.
          DATA_DIR: migratedDataDir("ysp-config-"),
          DATABASE_URL: "",
          ...env,
        },
        timeout: 60_000,
      });
      return { code: 0, stderr: "" };
    } catch (error) {
      const failed = error as { code?: number; stderr?: string };
      return { code: failed.code, stderr: failed.stderr ?? "" };
    }
  }

  it("stops with one line naming HOST when it cannot be resolved", {
    timeout: 60_000,
  }, async () => {
    const { code, stderr } = await startToExit({ HOST: "no-such-host.invalid", PORT: "3431" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^ysp: HOST "no-such-host\.invalid" is not a name [^\n]*\n$/);
  });

  it("stops with one line naming PORT when it is taken", { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { code, stderr } = await startToExit({ HOST: "127.0.0.1", PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`^ysp: PORT ${port} is already in use [^\\n]*\\n$`));
    } finally {
      taken.close();
    }
  });

  it("stops with one line naming METRICS_PORT when it is taken", { timeout: 60_000 }, async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { code, stderr } = await startToExit({
        HOST: "127.0.0.1",
        PORT: "3432",
        METRICS_PORT: String(port),
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(`^ysp: METRICS_PORT ${port} is already in use on 127\\.0\\.0\\.1[^\\n]*\\n$`),
      );
    } finally {
      taken.close();
    }
  });
});
