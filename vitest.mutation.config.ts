import { defineConfig } from "vitest/config";
import { mutationPart } from "./mutation-parts.mjs";
import base from "./vitest.config";

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): those of the part named by MUTATION_PART
 * (mutation-parts.mjs), which drive that part's code in this process. The multi-process tests (crash, contention,
 * faults across processes) run the worker in child processes, where a mutant is not active; they stay in
 * `npm test`. (`include` replaces the base list: mergeConfig would append to it.)
 */
export default defineConfig({
  ...base,
  // Stryker's sandbox links node_modules from outside it; route tests import Polaris's CSS with `?url`, which Vite's
  // strict file serving would refuse from there.
  server: { fs: { strict: false } },
  test: {
    ...base.test,
    include: mutationPart(process.env.MUTATION_PART).tests,
  },
});
