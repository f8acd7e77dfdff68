/**
 * The three admin extensions: each toml declares the target its UI is written for, its sources type-check with
 * the extension's own tsconfig (Preact JSX against @shopify/ui-extensions' component types), and it bundles
 * (as the Shopify CLI does, with esbuild) under Shopify's 64 KB limit for admin UI extensions.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import ts from "typescript";
import { build } from "vite";
import { describe, expect, it } from "vitest";

const EXTENSIONS_DIR = join(import.meta.dirname, "..", "..", "extensions");
const SHARED_SOURCES = join(import.meta.dirname, "..", "..", "packages", "extension-shared", "src");
const SHOPIFY_UI_EXTENSION_LIMIT_BYTES = 64 * 1024;

const EXPECTED = [
  { handle: "model-shot-action", target: "admin.product-details.action.render", module: "./src/ActionExtension.tsx" },
  {
    handle: "bulk-products-action",
    target: "admin.product-index.selection-action.render",
    module: "./src/SelectionAction.tsx",
  },
  {
    handle: "bulk-collection-action",
    target: "admin.collection-details.action.render",
    module: "./src/CollectionAction.tsx",
  },
] as const;

interface ExtensionToml {
  api_version: string;
  extensions: Array<{
    handle: string;
    type: string;
    name: string;
    targeting: Array<{ target: string; module: string }>;
  }>;
}

const read = (...parts: string[]) => readFileSync(join(EXTENSIONS_DIR, ...parts), "utf8");

describe.each(EXPECTED)("extension $handle", ({ handle, target, module }) => {
  const directory = join(EXTENSIONS_DIR, handle);

  it(`declares ${target} with its module, in the API version its package types`, () => {
    const toml = parseToml(read(handle, "shopify.extension.toml")) as unknown as ExtensionToml;
    const [extension] = toml.extensions;
    expect(toml.extensions).toHaveLength(1);
    expect(extension).toMatchObject({ handle, type: "ui_extension", targeting: [{ target, module }] });
    expect(extension?.name.length).toBeLessThanOrEqual(30);
    expect(existsSync(join(directory, module))).toBe(true);
    // @shopify/ui-extensions versions follow the API version (2026.7.x types api_version 2026-07).
    const version = JSON.parse(read(handle, "package.json")).dependencies["@shopify/ui-extensions"] as string;
    expect(toml.api_version).toBe(
      version
        .split(".")
        .slice(0, 2)
        .join("-")
        .replace(/-(\d)$/, "-0$1"),
    );
    // The `shopify` global is typed for the same target.
    expect(read(handle, "shopify.d.ts")).toContain(`import("@shopify/ui-extensions/${target}").Api`);
  });

  it("bundles under Shopify's size limit", async () => {
    const output = await build({
      configFile: false,
      logLevel: "silent",
      root: directory,
      esbuild: { jsx: "automatic", jsxImportSource: "preact" },
      build: {
        write: false,
        minify: true,
        lib: { entry: join(directory, module), formats: ["es"], fileName: "extension" },
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      "output" in result ? result.output : [],
    );
    const code = chunks.flatMap((chunk) => (chunk.type === "chunk" ? [chunk.code] : [])).join("");
    expect(code.length).toBeGreaterThan(0);
    // Preact is bundled in, not left as an import the admin could not resolve.
    expect(code).not.toMatch(/from\s*["']preact/);
    expect(Buffer.byteLength(code)).toBeLessThan(SHOPIFY_UI_EXTENSION_LIMIT_BYTES);
  });
});

describe("the extensions' sources", () => {
  // One program for the three (their tsconfigs are the same options): the library types are read once.
  it("type-check with the extensions' tsconfig", () => {
    const fileNames: string[] = [];
    let options: ts.CompilerOptions = {};
    for (const { handle } of EXPECTED) {
      const directory = join(EXTENSIONS_DIR, handle);
      const config = ts.readConfigFile(join(directory, "tsconfig.json"), (path) => ts.sys.readFile(path));
      const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, directory);
      if (fileNames.length > 0)
        expect(parsed.options).toEqual({ ...options, configFilePath: parsed.options.configFilePath });
      options = parsed.options;
      fileNames.push(...parsed.fileNames);
    }
    for (const { handle, module } of EXPECTED)
      expect(fileNames).toContain(join(EXTENSIONS_DIR, handle, module.slice(2)));
    const program = ts.createProgram(fileNames, options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  });
});

describe("the code the extensions share (packages/extension-shared)", () => {
  it("reads a large collection's progress from the run preview answer (test/routes/large-collections.test.ts sends it)", async () => {
    const { readRunPreview } = await import("@model-shots/extension-shared/api");
    const looks = [{ id: null, name: "Shop defaults", summary: "", credits: 5, sends: null, problem: null }];
    const listing = { scopeTitle: "Everything", listed: 50, expected: 260 };
    expect(readRunPreview({ listing, looks, problem: null, paused: null })).toEqual({
      reading: listing,
      summary: null,
      looks,
      problem: null,
      paused: null,
    });
    expect(readRunPreview({ listing: { scopeTitle: "Everything", listed: "fifty" }, looks })).toBeNull();
  });

  it("calls only API routes the app has", () => {
    const sourceDirectories = [...EXPECTED.map(({ handle }) => join(EXTENSIONS_DIR, handle, "src")), SHARED_SOURCES];
    const sources = sourceDirectories.flatMap((directory) =>
      readdirSync(directory).map((file) => readFileSync(join(directory, file), "utf8")),
    );
    const paths = new Set(
      sources.flatMap((source) => [...source.matchAll(/["`](\/api\/[a-z-]+)/g)].map((match) => match[1] ?? "")),
    );
    expect(paths).toEqual(new Set(["/api/product-summary", "/api/renders", "/api/run-preview", "/api/runs"]));
    for (const path of paths) {
      expect(
        existsSync(join(EXTENSIONS_DIR, "..", "app", "routes", path.slice(1).replace("/", "."), "route.ts")),
        path,
      ).toBe(true);
    }
  });
});
