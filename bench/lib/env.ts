/**
 * The environment every benchmark runs in: the test environment (.env.example, NODE_ENV=test), as vitest gives
 * the tests. Imported first by bench/run.ts and by every child process entry, before any app module reads it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");

const example = parseEnv(readFileSync(join(REPO_ROOT, ".env.example"), "utf8"));
for (const [key, value] of Object.entries(example)) {
  if (process.env[key] === undefined && value !== undefined) process.env[key] = value;
}
process.env.NODE_ENV ??= "test";
