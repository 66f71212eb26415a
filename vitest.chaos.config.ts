import { defineConfig } from "vitest/config";

/** `npm run test:chaos`: the real server as a child process, killed, stopped and soaked. One file at a time, since each takes the machine. */
export default defineConfig({
  test: {
    globalSetup: ["@ysp/testing/temporary-root"],
    include: ["api/chaos/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
