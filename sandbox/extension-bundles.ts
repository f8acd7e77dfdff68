import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";
import { build } from "vite";
import { z } from "zod";

/**
 * The admin extensions as the sandbox's admin runs them: each one's own source (extensions/<handle>/src and what
 * it imports from packages/extension-shared) bundled for the browser, as the Shopify CLI bundles it for admin.
 * Built once at sandbox start and cached on disk by the sources' hash, so a restart with unchanged code is quick.
 */

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const EXTENSIONS_DIR = join(REPO_ROOT, "extensions");
const SHARED_DIR = join(REPO_ROOT, "packages", "extension-shared");
/** The bundle's exports land on this global; the admin page calls its default export, as the target's host does. */
export const EXTENSION_BUNDLE_GLOBAL = "__modelShotsExtension";

export interface ExtensionBundle {
  handle: string;
  /** The name Shopify admin shows in the menu (shopify.extension.toml). */
  name: string;
  target: string;
  /** A classic script that defines EXTENSION_BUNDLE_GLOBAL. */
  code: string;
}

const tomlSchema = z.object({
  extensions: z
    .array(
      z.object({
        name: z.string(),
        handle: z.string(),
        targeting: z.array(z.object({ target: z.string(), module: z.string() })).length(1),
      }),
    )
    .length(1),
});

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** What a bundle is made from: the extensions' and the shared package's files, and the lockfile's dependencies. */
async function sourcesHash(): Promise<string> {
  const hash = createHash("sha256");
  const files = [
    ...(await filesUnder(EXTENSIONS_DIR)),
    ...(await filesUnder(join(SHARED_DIR, "src"))),
    join(REPO_ROOT, "package-lock.json"),
  ];
  for (const file of files)
    hash
      .update(relative(REPO_ROOT, file))
      .update("\0")
      .update(await readFile(file));
  return hash.digest("hex").slice(0, 24);
}

async function bundle(directory: string, module: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    root: directory,
    esbuild: { jsx: "automatic", jsxImportSource: "preact" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      lib: { entry: join(directory, module), formats: ["iife"], name: EXTENSION_BUNDLE_GLOBAL },
      rollupOptions: { output: { inlineDynamicImports: true, exports: "named" } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    "output" in result ? result.output : [],
  );
  const code = chunks.flatMap((chunk) => (chunk.type === "chunk" ? [chunk.code] : [])).join("\n");
  if (!code) throw new Error(`Bundling ${module} in ${directory} produced no code`);
  return code;
}

/** Every extension under extensions/, bundled (or read from `cacheDir` when its sources have not changed). */
export async function buildExtensionBundles(options: { cacheDir: string | null }): Promise<ExtensionBundle[]> {
  const cacheFile = options.cacheDir ? join(options.cacheDir, `extensions-${await sourcesHash()}.json`) : null;
  if (cacheFile) {
    const cached = await readFile(cacheFile, "utf8").catch(() => null);
    if (cached) return JSON.parse(cached) as ExtensionBundle[];
  }
  const handles = (await readdir(EXTENSIONS_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const bundles: ExtensionBundle[] = [];
  for (const handle of handles) {
    const directory = join(EXTENSIONS_DIR, handle);
    const toml = tomlSchema.parse(parseToml(await readFile(join(directory, "shopify.extension.toml"), "utf8")));
    const [extension] = toml.extensions;
    const [targeting] = extension?.targeting ?? [];
    if (!extension || !targeting) continue;
    bundles.push({
      handle: extension.handle,
      name: extension.name,
      target: targeting.target,
      code: await bundle(directory, targeting.module),
    });
  }
  if (cacheFile && options.cacheDir) {
    await mkdir(options.cacheDir, { recursive: true });
    await writeFile(cacheFile, JSON.stringify(bundles));
  }
  return bundles;
}
