import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// .env.example doubles as the test environment: every variable documented there is what tests run with.
const exampleEnv = parseEnv(readFileSync(new URL("./.env.example", import.meta.url), "utf8"));

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "fakes/**/*.test.ts", "test/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    env: { ...exampleEnv, NODE_ENV: "test", DATABASE_URL: "" },
    pool: "forks",
    // Vitest's default is one fork fewer than the cores: one on CI's 2-core machine. Most files wait on PostgreSQL,
    // child processes or a browser rather than compute, so two at a time keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ["test/support/global-setup.ts"],
  },
});
