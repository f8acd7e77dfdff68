import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { FileNameSequencer } from "./support/sequencer";

/**
 * `npm run test:e2e`: two projects.
 * - "sandbox": the sandbox's own unit tests (sandbox/*.test.ts), quick, no browser.
 * - "e2e": the end-to-end tests. They start one sandbox (the real `npm run sandbox`, on free ports and a fresh
 *   embedded database) and drive it with Debian's Chromium; files run one after another, in name order,
 *   against that one sandbox. See docs/sandbox.md.
 * `--project sandbox` or `--project e2e` runs one of them.
 */
const root = new URL("..", import.meta.url).pathname;

export default defineConfig({
  test: {
    sequence: { sequencer: FileNameSequencer },
    fileParallelism: false,
    projects: [
      {
        // The sandbox's modules import the app's (`~/…`), as the app does.
        plugins: [tsconfigPaths()],
        test: { name: "sandbox", root, include: ["sandbox/**/*.test.ts"], testTimeout: 60_000 },
      },
      {
        // e2e/09 reads the app's Admin API version (`~/shopify/api-version`).
        plugins: [tsconfigPaths()],
        test: {
          name: "e2e",
          root,
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
