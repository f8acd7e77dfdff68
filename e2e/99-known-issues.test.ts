import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { KNOWN_APP_ACCESSIBILITY_ISSUES } from "./support/known-app-issues";
import { KNOWN_SEEN_FILE } from "./support/staff-browser";

describe("the app's known accessibility issues", () => {
  test("each still occurs on some page (remove the ones that were fixed from e2e/support/known-app-issues.ts)", async () => {
    const seen = new Set(
      (await readFile(KNOWN_SEEN_FILE, "utf8").catch(() => ""))
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { where: string }).where),
    );
    const fixed = KNOWN_APP_ACCESSIBILITY_ISSUES.filter((issue) => !seen.has(issue.where)).map(
      (issue) => `${issue.rule}: ${issue.where}`,
    );
    expect(fixed).toEqual([]);
  });
});
