import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./web/app", import.meta.url)) },
  },
  test: {
    globalSetup: ["@ysp/testing/temporary-root"],
    include: [
      "web/app/**/*.test.{ts,tsx}",
      "api/src/**/*.test.ts",
      "contract/**/*.test.ts",
      "openapi/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "web/e2e/**"],
  },
});
