import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { temporaryRoot } from "@ysp/testing/temporary-root";

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * A fresh embedded database for every run, shared with the specs that read it (each worker
 * loads this file again, and finds it in the environment).
 */
const e2eDataDir = process.env.E2E_DATA_DIR ?? runFolder();
process.env.E2E_DATA_DIR = e2eDataDir;

/**
 * The run's folder, also its TMPDIR, removed when the run's main process exits: after the web
 * server has stopped, whether the run passed, failed or never got its server up.
 */
function runFolder(): string {
  const { root, remove } = temporaryRoot("ysp-e2e-");
  process.env.TMPDIR = root;
  process.on("exit", remove);
  return root;
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    trace: "off",
  },
  // Every test runs on the students' screen, a 360 px phone. What depends on the width (layout,
  // the header's menu or navigation, screenshots) is tagged @layout and runs at 1280 px too;
  // what only a desktop shows (its scrollbars, its navigation) is tagged @desktop. A journey
  // through a form runs the same script at any width: twice cost the suite 1,300 s of 3,000.
  projects: [
    {
      name: "phone",
      use: { viewport: { width: 360, height: 800 }, hasTouch: true },
      grepInvert: /@desktop\b/,
    },
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 } },
      grep: /@layout\b|@desktop\b/,
    },
  ],
  webServer: {
    command: "node e2e/server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: "warn",
      // Every spec signs up and logs in from this one address, two workers at a time; the
      // limits themselves are tested against the API (api/src/http/rate-limits.test.ts).
      RATE_LIMIT_SIGNUP: "600",
      RATE_LIMIT_LOGIN: "600",
      RATE_LIMIT_NEWSLETTER: "600",
      RATE_LIMIT_MAIL: "600",
    },
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
