/** scripts/colour-check.ts as staff run it: through tsx, in a process of its own. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RED, RED_HUE_SHIFTED, productPhoto, render, scenePhoto } from "./test-support";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
const SCRIPT = join(ROOT, "scripts", "colour-check.ts");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function colourCheck(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [SCRIPT, ...args], { cwd: ROOT, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "colour-check-"));
  writeFileSync(file("tee.jpg"), await productPhoto({ garment: RED }));
  writeFileSync(file("render.jpg"), await render({ garment: RED }));
  writeFileSync(file("drifted.png"), await render({ garment: RED_HUE_SHIFTED, format: "png" }));
  writeFileSync(file("notes.jpg"), "this is not an image");
  writeFileSync(file("scene.jpg"), await scenePhoto());
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run colour-check", () => {
  it("prints exactly one line with the score and verdict, and exits 0", async () => {
    const run = await colourCheck(file("tee.jpg"), file("render.jpg"));
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toMatch(/^deltaE=\d+\.\d{2} verdict=good\n$/);
  });

  it("reports drift for a render whose garment changed colour (and reads PNG)", async () => {
    const run = await colourCheck(file("tee.jpg"), file("drifted.png"));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^deltaE=\d+\.\d{2} verdict=drift\n$/);
  });

  it("exits 2 with a clear error for a missing file", async () => {
    const run = await colourCheck(file("missing.jpg"), file("render.jpg"));
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain(`cannot read the product photo ${file("missing.jpg")}: no such file`);
  });

  it("exits 2 for a file that is not an image, naming it", async () => {
    const run = await colourCheck(file("tee.jpg"), file("notes.jpg"));
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain(`cannot decode ${file("notes.jpg")} (render)`);
  });

  it("exits 2 with the usage for wrong arguments", async () => {
    const run = await colourCheck(file("tee.jpg"));
    expect(run).toMatchObject({ code: 2, stdout: "" });
    expect(run.stderr).toContain("usage: npm run colour-check -- <product photo> <render>");
  });

  it("exits 3 when both images read but the pair cannot be scored", async () => {
    const run = await colourCheck(file("scene.jpg"), file("render.jpg"));
    expect(run).toMatchObject({ code: 3, stdout: "" });
    expect(run.stderr).toContain("not scored (busy-background)");
  });
});
