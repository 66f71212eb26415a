/**
 * Each module that guards trust, with the test files that exercise it (docs/testing.md,
 * "Mutation scores"). Where a module holds plumbing beside its rule, the whole file is mutated.
 */
export const testsOf = {
  "contract/email.ts": [
    "contract/email.test.ts",
    "contract/api.test.ts",
    "contract/signup.test.ts",
  ],
  "contract/names.ts": ["contract/names.test.ts", "contract/signup.test.ts"],
  "api/src/auth/tokens.ts": [
    "api/src/auth/tokens.rules.test.ts",
    "api/src/auth/tokens.test.ts",
    "api/src/auth/tokens.claims.test.ts",
  ],
  "api/src/accounts/credentials.ts": [
    "api/src/accounts/credentials.rules.test.ts",
    "api/src/accounts/credentials.test.ts",
    "api/src/routes/sessions.test.ts",
    "api/src/routes/sessions.life.test.ts",
  ],
  "api/src/http/cross-site-posts.ts": ["api/src/http/cross-site-posts.test.ts"],
  "api/src/http/rate-limits.ts": [
    "api/src/http/rate-limits.rules.test.ts",
    "api/src/http/rate-limits.test.ts",
    "api/src/http/rate-limits.per-client.test.ts",
    "api/src/http/rate-limits.per-operation.test.ts",
  ],
  "api/src/auth/sessions.ts": [
    "api/src/auth/sessions.test.ts",
    "api/src/routes/auth.sessions.test.ts",
    "api/src/auth/tokens.test.ts",
  ],
  // The staff area (decision 041): who a session is, and what a spreadsheet runs.
  "api/src/staff/staff-sessions.ts": [
    "api/src/staff/staff-sessions.test.ts",
    "api/src/routes/staff.test.ts",
  ],
  "api/src/staff/csv.ts": ["api/src/staff/tables.test.ts", "api/src/cli/staff-lists.test.ts"],
  "api/src/staff/members.ts": ["api/src/routes/staff.test.ts"],
};

/**
 * The modules of this run: the one MUTATE names, or every one. A mutant of a module's top-level
 * code ("static") is tested against every test file of the run, each loaded again: 7 minutes for
 * all of them, seconds to a minute for one module's own.
 */
export const mutated = (() => {
  const chosen = process.env.MUTATE;
  if (chosen === undefined) return Object.keys(testsOf);
  if (!(chosen in testsOf))
    throw new Error(`MUTATE must be one of ${Object.keys(testsOf).join(", ")}; got "${chosen}"`);
  return [chosen];
})();

/**
 * `npm run test:mutation`: StrykerJS on those modules. Not part of `npm test`.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: {
    configFile: "vitest.mutation.config.ts",
    // The API's tests reach these modules through requests to the app, so Vitest's "related"
    // test files are all of them: the test files are chosen above instead.
    related: false,
  },
  mutate: mutated,
  coverageAnalysis: "perTest",
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  // Two shared cores, and each test file may start its own PostgreSQL: one mutant at a time.
  concurrency: 1,
  // The first run of every test file, on one worker, has taken 8 minutes where Stryker's
  // default allows 5.
  dryRunTimeoutMinutes: 30,
  // A mutant that makes a test run longer than this counts as detected ("timeout"). The tests'
  // times vary threefold with the load of the shared cores, so the margin is wide.
  timeoutFactor: 3,
  timeoutMS: 60_000,
};
