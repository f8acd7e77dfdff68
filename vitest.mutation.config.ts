import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): those that drive the worker's statements
 * and steps in this process. The multi-process tests (crash, contention, faults) run the worker in child processes,
 * where a mutant is not active, and take minutes each; they stay in `npm test`. (`include` replaces the base list:
 * mergeConfig would append to it.)
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "app/worker/**/*.test.ts",
      "app/renders/**/*.test.ts",
      "test/pipeline/claims.test.ts",
      "test/pipeline/worker-tick.test.ts",
      "test/pipeline/queue-cap.test.ts",
    ],
  },
});
