// The parts of the mutation-testing scope (stryker.config.mjs, vitest.mutation.config.ts): for each folder, the
// files Stryker mutates and the tests it runs against them. A part's tests are those that reach its code in this
// process; tests whose worker runs in a child process cannot see Stryker's active mutant and are left out.
// `pipeline-slow` is not a folder: it adds the in-process pipeline tests that drive the worker in real time (about
// two minutes per mutant), meant to be run with `--mutate` line ranges on the mutants only they cover.

/** @typedef {{ name: string, mutate: string[], tests: string[] }} MutationPart */

const pipelineFastTests = [
  "test/pipeline/claims.test.ts",
  "test/pipeline/worker-tick.test.ts",
  "test/pipeline/queue-cap.test.ts",
];

/** @type {Record<string, Omit<MutationPart, "name">>} */
const parts = {
  "pipeline-core": {
    mutate: [
      "app/worker/sql/**/*.ts",
      "app/worker/steps/**/*.ts",
      "app/renders/lifecycle/render-states.ts",
      "app/renders/lifecycle/render-store.server.ts",
    ],
    tests: ["app/worker/**/*.test.ts", "app/renders/**/*.test.ts", ...pipelineFastTests],
  },
  net: {
    mutate: ["app/net/**/*.ts"],
    tests: [
      "app/net/**/*.test.ts",
      "app/env.server.test.ts",
      "test/security/outbound-hops.test.ts",
      "test/security/hostile-tenants.test.ts",
    ],
  },
  settings: {
    mutate: ["app/settings/**/*.ts"],
    tests: ["app/settings/**/*.test.ts", "test/routes/settings.test.ts", "test/security/keyring.test.ts"],
  },
  shops: {
    mutate: ["app/shops/**/*.ts"],
    tests: [
      "app/shops/**/*.test.ts",
      "test/webhooks.test.ts",
      "test/security/signed-webhooks.test.ts",
      "test/security/late-uninstall.test.ts",
      "test/security/keyring.test.ts",
      "test/routes/time-zone.test.ts",
    ],
  },
  lifecycle: {
    mutate: ["app/renders/lifecycle/**/*.ts"],
    tests: [
      "app/renders/**/*.test.ts",
      ...pipelineFastTests,
      "test/routes/queue-cap.test.ts",
      "test/routes/runs.test.ts",
    ],
  },
  // The lifecycle part's static mutants (module-level values: the transition table, the state groups, the colour
  // column's schema) each run every test of that part, an hour in all; this part runs them against the folder's
  // own tests and the fast pipeline tests only, which name the table and the schema.
  "lifecycle-static": {
    mutate: ["app/renders/lifecycle/**/*.ts"],
    tests: ["app/renders/lifecycle/**/*.test.ts", ...pipelineFastTests],
  },
  review: {
    mutate: ["app/renders/review/**/*.ts", "app/worker/steps/publish-render.ts"],
    tests: [
      "app/renders/**/*.test.ts",
      ...pipelineFastTests,
      "test/pipeline/publish-step.test.ts",
      "test/pipeline/publish-failures.test.ts",
      "test/routes/review.test.ts",
    ],
  },
  // The same for the review part's module-level schemas and templates, against the folder's own tests.
  "review-static": {
    mutate: ["app/renders/review/**/*.ts"],
    tests: ["app/renders/review/**/*.test.ts"],
  },
  worker: {
    mutate: ["app/worker/**/*.ts"],
    tests: [
      "app/worker/**/*.test.ts",
      "app/renders/**/*.test.ts",
      ...pipelineFastTests,
      // In-process tests of single steps, seconds each; the colour tests (20 s, a whole render each) are left out.
      "test/pipeline/publish-failures.test.ts",
      "test/pipeline/publish-step.test.ts",
      "test/pipeline/automation-gather.test.ts",
      "test/pipeline/metrics.test.ts",
      "test/pipeline/poll-statements.test.ts",
      "test/pipeline/prepared-statements.test.ts",
      "test/pipeline/uninstall-during-submit.test.ts",
      "test/pipeline/heartbeat.test.ts",
    ],
  },
  "pipeline-slow": {
    mutate: ["app/worker/steps/**/*.ts"],
    tests: [
      "test/pipeline/review.test.ts",
      "test/pipeline/faults.test.ts",
      "test/pipeline/bulk-run.test.ts",
      "test/pipeline/duplicate-job-id.test.ts",
      "test/pipeline/renditions.test.ts",
      "test/pipeline/transition-log.test.ts",
    ],
  },
};

/**
 * @param {string | undefined} name
 * @returns {MutationPart}
 */
export function mutationPart(name) {
  const key = name === undefined || name === "" ? "pipeline-core" : name;
  const part = parts[key];
  if (part === undefined) {
    throw new Error(`MUTATION_PART "${key}" is not one of: ${Object.keys(parts).join(", ")}`);
  }
  return { name: key, ...part };
}
