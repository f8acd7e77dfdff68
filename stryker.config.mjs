// Mutation testing (issue 13 point 14, widened by issue 27 point 7): `npm run test:mutation`, not part of `npm test`.
// The scope runs in parts, one folder at a time, so a part fits in the time a shared 2-core machine has:
// `MUTATION_PART=net npm run test:mutation` (parts in mutation-parts.mjs). Each part mutates its own files, runs
// its own tests (vitest.mutation.config.ts reads the same variable) and writes its own report under
// reports/mutation/<part>/. Without MUTATION_PART the original scope runs (`pipeline-core`). `--mutate` on the
// command line still narrows a part, e.g. to line ranges: `--mutate "app/worker/steps/import-render.ts:40-60"`.
// One mutant at a time: the machines have 2 shared cores and the tests share one PostgreSQL server.
import { mutationPart } from "./mutation-parts.mjs";

const part = mutationPart(process.env.MUTATION_PART);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", pool: "forks", related: false },
  mutate: [...part.mutate, "!**/*.test.ts"],
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run of every test, with coverage, takes minutes on a loaded 2-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${part.name}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${part.name}/mutation.json` },
  // One sandbox folder per part, so two parts can run side by side.
  tempDirName: `.stryker-tmp-${part.name}`,
  ignorePatterns: [".stryker-tmp*", ".data", "reports", "docs", "e2e", "extensions/*/dist", "build"],
  cleanTempDir: true,
};
