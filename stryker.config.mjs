// Mutation testing of the render pipeline (issue 13 point 14): `npm run test:mutation`, not part of `npm test`.
// Scoped to the worker's statements and steps and the render state machine and store; widen with
// `npm run test:mutation -- --mutate "app/renders/**/*.ts"` (and the tests in vitest.mutation.config.ts).
// One mutant at a time: the machines have 2 shared cores and the tests share one PostgreSQL server.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", pool: "forks", related: false },
  mutate: [
    "app/worker/sql/**/*.ts",
    "app/worker/steps/**/*.ts",
    "app/renders/lifecycle/render-states.ts",
    "app/renders/lifecycle/render-store.server.ts",
    "!**/*.test.ts",
  ],
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run of every test, with coverage, takes minutes on a loaded 2-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  ignorePatterns: [".data", "reports", "docs", "e2e", "extensions/*/dist", "build"],
  cleanTempDir: true,
};
