import { defineConfig, mergeConfig } from "vitest/config";
import { mutated, testsOf } from "./stryker.config.mjs";
import root from "./vitest.config.ts";

// mergeConfig joins arrays, so the root's `include` is left out rather than added to.
const { include: _everyTest, ...rootTest } = root.test ?? {};

/** The tests StrykerJS runs against each mutant (stryker.config.mjs): the mutated modules'. */
export default mergeConfig(
  { ...root, test: rootTest },
  defineConfig({
    test: {
      include: [...new Set(mutated.flatMap((module) => testsOf[module]))],
      // A test or hook that runs out of time fails, and Stryker counts its mutant as killed: on
      // two cores shared with other runs, PGlite's start alone has taken more than the root's
      // 60 s hook timeout.
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  }),
);
