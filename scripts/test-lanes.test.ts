import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const LANES = join(import.meta.dirname, "test-lanes.ts");
const TSX = join(import.meta.dirname, "..", "node_modules", ".bin", "tsx");

// A package of its own whose scripts pass, fail or leave a trace, so the lanes' order and outcome can be read.
const dir = mkdtempSync(join(tmpdir(), "test-lanes-"));
writeFileSync(
  join(dir, "package.json"),
  JSON.stringify({
    name: "lanes-under-test",
    private: true,
    scripts: {
      first: "node -e \"console.log('first ran')\"",
      fails: 'node -e "process.exit(3)"',
      after: "node -e \"require('fs').writeFileSync('after-ran', '')\"",
      other: "node -e \"console.log('other ran')\"",
    },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...lanes: string[]) => spawnSync(TSX, [LANES, ...lanes], { cwd: dir, encoding: "utf8" });

describe("scripts/test-lanes.ts", () => {
  it("fails with the failing script's code, stops that lane there, runs the other lane to its end", () => {
    const result = run("first fails after", "other");
    expect(result.status).toBe(3);
    expect(result.stdout).toContain("[first] first ran");
    expect(result.stdout).toContain("[other] other ran");
    expect(result.stdout).toMatch(/lane 1 {2}fails +FAILED \(exit 3\)/);
    expect(result.stdout).toMatch(/lane 1 {2}after +not run/);
    expect(result.stdout).toMatch(/lane 2 {2}other +passed/);
    expect(spawnSync("test", ["-e", join(dir, "after-ran")]).status).toBe(1);
  });

  it("passes when every script in every lane passes", () => {
    const result = run("first other", "after");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/lane 2 {2}after +passed/);
  });
});
