/**
 * Shopify's Admin GraphQL schema for the app's pinned version, taken from the @shopify/dev-mcp package on
 * npm (which ships Shopify's introspection for each version). Only that one file is extracted: installing
 * the package itself would pull Shopify's CLI, Hydrogen and React 19 types into the app
 * (docs/decisions/003-testing-shopify-boundaries.md).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { ADMIN_API_VERSION } from "../app/shopify/api-version";

const SOURCE_PACKAGE = "@shopify/dev-mcp@1.16.0";
/** sha256 of dist/data/admin_<version>.json.gz in SOURCE_PACKAGE, so a changed file cannot slip in. */
const EXPECTED_SHA256: Record<string, string> = {
  "2026-10": "f3b522f264556925eada700e795e4a002a9cba83444ebcc6c0d724254a0c6593",
};

export const ADMIN_SCHEMA_DIR = join(import.meta.dirname, "..", ".cache", "shopify");
export const adminSchemaPath = (version: string = ADMIN_API_VERSION) => join(ADMIN_SCHEMA_DIR, `admin_${version}.json`);

export function ensureAdminSchema(version: string = ADMIN_API_VERSION): string {
  const target = adminSchemaPath(version);
  if (existsSync(target)) return target;
  const expected = EXPECTED_SHA256[version];
  if (!expected)
    throw new Error(`No checksum recorded for the Admin schema ${version}: add it to scripts/admin-schema.ts`);

  const work = mkdtempSync(join(tmpdir(), "admin-schema-"));
  try {
    const packed = execFileSync("npm", ["pack", SOURCE_PACKAGE, "--silent", "--pack-destination", work], {
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .pop();
    if (!packed) throw new Error(`npm pack ${SOURCE_PACKAGE} printed no file name`);
    const member = `package/dist/data/admin_${version}.json.gz`;
    execFileSync("tar", ["-xzf", join(work, packed), "-C", work, member]);
    const gz = readFileSync(join(work, member));
    const actual = createHash("sha256").update(gz).digest("hex");
    if (actual !== expected) throw new Error(`Admin schema ${version} checksum mismatch: ${actual}`);
    mkdirSync(ADMIN_SCHEMA_DIR, { recursive: true });
    writeFileSync(target, gunzipSync(gz));
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  console.log(`Admin API schema: ${ensureAdminSchema()}`);
}
