import { defineConfig } from "vitest/config";
import { FileNameSequencer } from "./support/sequencer";

/**
 * `npm run test:e2e`: the sandbox's own tests and the end-to-end tests, which start one sandbox (the real
 * `npm run sandbox`, on free ports and a fresh embedded database) and drive it with Debian's Chromium.
 * Files run one after another, in name order, against that one sandbox. See docs/sandbox.md.
 */
export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["sandbox/**/*.test.ts", "e2e/**/*.test.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    sequence: { sequencer: FileNameSequencer },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
