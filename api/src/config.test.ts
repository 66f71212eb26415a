import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(join(tmpdir(), "ysp-config-"));

describe("configuration", () => {
  it("has working defaults: port 3000 on 127.0.0.1 with embedded PGlite", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ kind: "pglite", dataDir: join(dir, "pglite") });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
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

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u:p@db:5432/ysp" });
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://u:p@db:5432/ysp",
      poolSize: 10,
    });
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: "70000" }, /^PORT must be/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL must be a postgres:\/\//],
    [{ JWT_SECRET: "short" }, /^JWT_SECRET must be at least 32 characters/],
    [{ NODE_ENV: "production" }, /^JWT_SECRET must be set when NODE_ENV=production/],
    [{ RATE_LIMIT_SIGNUP: "-1" }, /^RATE_LIMIT_SIGNUP must be a whole number/],
    [{ HASH_QUEUE_MAX: "many" }, /^HASH_QUEUE_MAX must be a whole number from 0 to 100000/],
    [{ TRUST_PROXY: "yes please" }, /^TRUST_PROXY must be/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL/],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("reads TRUST_PROXY as a flag, a hop count or addresses", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.2",
    ]);
  });
});
