import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
      return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

describe("the production build", () => {
  // `npm run build` bundles what app/ (and the extensions) import, starting from the Remix routes; the
  // sandbox is only ever started by scripts/sandbox.ts. An import from sandbox/ would pull it in.
  test("cannot contain the sandbox: nothing the app or its extensions build from imports sandbox/", async () => {
    const files = [
      ...(await sourceFiles(join(REPO_ROOT, "app"))),
      ...(await sourceFiles(join(REPO_ROOT, "extensions"))),
      join(REPO_ROOT, "vite.config.ts"),
    ];
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(file, "utf8");
      if (/from\s+["'][^"']*\bsandbox\/|import\(\s*["'][^"']*\bsandbox\//.test(text))
        offenders.push(relative(REPO_ROOT, file));
    }
    expect(offenders).toEqual([]);
  });
});
