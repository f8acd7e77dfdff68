import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { RESULTS_DIR } from "./support/global-setup";

/**
 * Runs after the others (files run in name order): on a fresh clone Vite has optimized nothing yet, and every
 * dependency it finds only when a page asks for it makes it reload every open page, in the middle of a test
 * (vite.config.ts scans the routes at start-up so that it does not). The sandbox's log says whether it happened.
 */
describe("the sandbox's dev server", () => {
  test.skipIf(Boolean(process.env.E2E_SANDBOX_READY_FILE))(
    "never reloaded the pages under the tests to optimize a dependency it had not found at start-up",
    async () => {
      const log = await readFile(join(RESULTS_DIR, "sandbox.log"), "utf8");
      expect(log).toContain("app dev server on http");
      const reloads = log
        .split("\n")
        .filter((line) => /new dependencies optimized|optimized dependencies changed/.test(line));
      expect(reloads).toEqual([]);
    },
  );
});
