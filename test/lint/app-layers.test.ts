import { join } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rule as `npm run lint` runs it (eslint.config.js, eslint.layers.js, docs/decisions/059-layers.md), on
 * code linted as if it were a file of app/: an upward import is reported, and so is an import nobody can resolve,
 * which the layer rule alone would pass over.
 */
const ROOT = join(import.meta.dirname, "..", "..");

describe("the app's layer rule", () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  /** The rules that fired on `code` as the file `path` (relative to the repository). */
  async function rulesFiring(path: string, code: string): Promise<Array<string | null>> {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
    return (result?.messages ?? []).map((message) => message.ruleId);
  }

  it("reports an import from a layer above", async () => {
    expect(
      await rulesFiring(
        "app/lib/probe.ts",
        'import { requireAdmin } from "~/web/admin-request.server";\nexport const probe = requireAdmin;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("reports a ~/ import it cannot resolve, a type-only one too, instead of passing over it", async () => {
    expect(
      await rulesFiring(
        "app/lib/probe.ts",
        'import { gone } from "~/web/no-such-module";\nexport const probe = gone;\n',
      ),
    ).toEqual(["app-layers/resolvable-imports"]);
    expect(
      await rulesFiring(
        "app/lib/probe.ts",
        'import type { Gone } from "~/web/no-such-module";\nexport type Probe = Gone;\n',
      ),
    ).toEqual(["app-layers/resolvable-imports"]);
    expect(await rulesFiring("app/web/probe.ts", 'export { gone } from "~/lib/no-such-module";\n')).toEqual([
      "app-layers/resolvable-imports",
    ]);
  });

  it("passes imports that resolve and point down, packages and Node's modules included", async () => {
    expect(
      await rulesFiring(
        "app/web/probe.ts",
        [
          'import { readFileSync } from "node:fs";',
          'import { z } from "zod";',
          'import { messageKey } from "~/lib/staff-message";',
          'import type { Env } from "~/env.server";',
          "export const probe = [readFileSync, z, messageKey];",
          "export type Probe = Env;",
          "",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});
