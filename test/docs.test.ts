import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/** The docs match the tree: every relative link and every repository path they name in backticks exists. */

const ROOT = new URL("..", import.meta.url).pathname;
const SKIP = new Set(["node_modules", ".git", ".cache", ".data", "build", "test-results", "reports", ".stryker-tmp"]);
// Webhook topics look like paths (`app/uninstalled`); they are not files.
const TOPICS = /^app\/(uninstalled|scopes_update)$/;

function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith(".stryker")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "dist" ? [] : markdownFiles(path);
    return entry.name.endsWith(".md") ? [path] : [];
  });
}

function brokenReferences(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const broken: string[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (!target || /^[a-z]+:/.test(target)) continue;
    if (!existsSync(normalize(join(dirname(file), target)))) broken.push(`link ${target}`);
  }
  const pathPattern =
    /`((?:app|test|e2e|bench|fakes|sandbox|scripts|harness|packages|extensions|docs|prisma)\/[\w./$-]+)`/g;
  for (const [, path] of text.matchAll(pathPattern)) {
    const clean = (path ?? "").replace(/\.$/, "");
    if (TOPICS.test(clean)) continue;
    if (!existsSync(join(ROOT, clean))) broken.push(`path ${clean}`);
  }
  return broken;
}

describe("the docs", () => {
  it("name only files and links that exist in the repository", () => {
    const broken = markdownFiles().flatMap((file) =>
      brokenReferences(file).map((reference) => `${file.slice(ROOT.length)}: ${reference}`),
    );
    expect(broken).toEqual([]);
  });

  it("list every decision record in the README", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const numbers = readdirSync(join(ROOT, "docs/decisions"))
      .map((name) => /^(\d{3})-/.exec(name)?.[1])
      .filter((number): number is string => Boolean(number));
    const listed = (number: string) =>
      new RegExp(`\\(${number}\\)|\\(${number}[-,]|[-,] ?${number}\\)|\\b${number}\\)`).test(readme) ||
      [...readme.matchAll(/\((\d{3})-(\d{3})\)/g)].some(
        ([, from, to]) => Number(number) >= Number(from) && Number(number) <= Number(to),
      );
    expect(numbers.filter((number) => !listed(number))).toEqual([]);
  });
});
