import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, PRODUCT_TYPES } from "~/tryon/wire";

const english = JSON.parse(readFileSync("app/i18n/locales/en/messages.json", "utf8")) as Record<string, unknown>;

/** A key exists when its path leads to words, or to plural forms (`one`/`other`). */
function exists(key: string): boolean {
  let node: unknown = english;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" || (typeof node === "object" && node !== null && "other" in node);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("messages keys written in code", () => {
  it("every literal messages: key in app/ has English words", () => {
    const missing = sourceFiles("app").flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/["`]messages:([\w.]+)(?=["`?])/g)]
        .map((match) => match[1] ?? "")
        .filter((key) => !key.endsWith(".") && !exists(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("the keys code builds from a name have English words", () => {
    const built = [
      ...["approved", "rejected", "reverted", "resolved", "stopped"].map((action) => `refusal.changed.${action}`),
      ...["pause", "resume", "cancel"].map((action) => `refusal.run.${action}`),
      ...["noCopy", "copyFailed", "onCopy", "unknownMannequin", "unknownPose", "unknownBackground"].map(
        (name) => `photo.${name}`,
      ),
      ...["modelInLook", "poseInLook", "backgroundInLook"].map((name) => `sent.${name}`),
      ...PRODUCT_TYPES.map((type) => `garment.${type}`),
      ...PRODUCT_CATEGORIES.map((category) => `productCategory.${category}`),
    ];
    expect(built.filter((key) => !exists(key))).toEqual([]);
  });
});
