import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";

/**
 * The sandbox's browser code (the App Bridge stub and the admin page's script) is TypeScript, checked by
 * `tsc` with the rest of the tree and compiled here, one file at a time, when the sandbox starts.
 */
export async function compileBrowserScript(name: "app-bridge-stub" | "admin-page" | "extension-host"): Promise<string> {
  const source = await readFile(new URL(`./browser/${name}.ts`, import.meta.url), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext, removeComments: false },
    fileName: `${name}.ts`,
  });
  // Type-only imports leave an empty `export {}` behind; the scripts are classic scripts, not modules.
  return outputText.replace(/^export \{\};?\s*$/m, "");
}

export async function readBrowserAsset(name: string): Promise<string> {
  return readFile(new URL(`./browser/${name}`, import.meta.url), "utf8");
}

/**
 * Inter, the font Polaris asks for from Shopify's CDN. These machines are offline, but Prisma's Studio ships
 * Inter's Latin files; use them when they are there, and the system font otherwise.
 */
export async function findInterFonts(): Promise<Array<{ weight: number; file: string }>> {
  try {
    const require = createRequire(import.meta.url);
    const assets = join(dirname(require.resolve("prisma/package.json")), "build", "public", "assets");
    const names = await readdir(assets);
    return names.flatMap((name) => {
      const match = /^inter-latin-(\d{3})-normal\.[\w]+\.woff2$/.exec(name);
      return match ? [{ weight: Number(match[1]), file: join(assets, name) }] : [];
    });
  } catch {
    return [];
  }
}
