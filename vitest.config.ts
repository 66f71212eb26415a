import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { inlineScriptPlugin } from "./web/inline-script-plugin.ts";

export default defineConfig({
  // The site's modules import scripts as text or as a file's address, as its build does.
  plugins: [inlineScriptPlugin()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./web/app", import.meta.url)) },
  },
  test: {
    // The run's folder first, then the migrated databases every API test file copies (one
    // PostgreSQL server for the run).
    globalSetup: ["@ysp/testing/temporary-root", "./api/test/template-databases.ts"],
    // Tests start real PostgreSQL servers and hash with argon2id on two shared cores: vitest's
    // 5 s default fails a clean-clone CI run, where one test may start PostgreSQL.
    // This bounds a hang, it measures nothing.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at once on two cores, where vitest's default (cores − 1) ran one: most of a
    // file's time is spent waiting on its PostgreSQL, SMTP server or hashing worker. The unit
    // phase takes 14.6 min one file at a time and 8.7 min two at a time (docs/decisions/029).
    maxWorkers: 2,
    // Each worker keeps the modules it has loaded from one file to the next: loading the server
    // again for each of the 71 files left both cores idle for minutes. 7.1 min instead of 8.6
    // (docs/decisions/029). Files restore what they change (timers, globals, env).
    isolate: false,
    include: [
      "content/**/*.test.ts",
      "web/app/**/*.test.{ts,tsx}",
      "api/src/**/*.test.ts",
      "contract/**/*.test.ts",
      "openapi/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "e2e/**"],
  },
});
