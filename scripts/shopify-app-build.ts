/**
 * Shopify's own CLI checks our config (`npm run test:app-config`, part of `npm test`; ADR 061).
 *
 * Runs `shopify app build` on shopify.app.toml and every extension in extensions/: the CLI parses the app config
 * with its own schema, checks each extension's module and target, and bundles it. Any error fails the run.
 *
 * @shopify/cli is not a dependency (it would slow down every `npm install`). The exact version pinned in
 * package.json (`config.shopifyCli`) is installed on first need into .cache/shopify-cli/<version>/ (git-ignored)
 * from the npm registry, and reused while the pin stays the same. The CLI needs Node 22: it runs on the project's
 * `node_modules/.bin/node`.
 *
 * The build writes into the tree: extensions/<x>/dist/, manifest.json, .shopify/, and it regenerates the committed
 * extensions/<x>/shopify.d.ts in its own formatting. The script puts back each shopify.d.ts as it found it and
 * removes what the build created. One run at a time per checkout (a lock in the cache folder).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { delimiter, join, relative } from "node:path";
import { parse as parseToml } from "smol-toml";

const REPO = join(import.meta.dirname, "..");
const BIN = join(REPO, "node_modules", ".bin");
const NODE = join(BIN, "node");
const CACHE = join(REPO, ".cache", "shopify-cli");
const LOCK = join(CACHE, "lock");
const BUILD_TIMEOUT_MS = 5 * 60_000;
const LOCK_WAIT_MS = 10 * 60_000;

function say(message: string) {
  console.log(`[app config] ${message}`);
}

/** A failure the run reports in one line; thrown, so the lock is released and the tree put back on the way out. */
class Failure extends Error {}

function fail(message: string): never {
  throw new Failure(message);
}

function pinnedVersion(): string {
  const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { config?: { shopifyCli?: unknown } };
  const version = pkg.config?.shopifyCli;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+$/.test(version)) {
    fail(`package.json "config.shopifyCli" must be an exact version such as "4.8.2", got ${JSON.stringify(version)}`);
  }
  return version;
}

/** npm and the CLI run on the project's Node 22; the machine's `node` may be older. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: [BIN, process.env.PATH ?? ""].join(delimiter), ...extra };
  // `npm run` passes the project's npm settings down; these would aim the cache install at the project.
  for (const key of Object.keys(env)) {
    if (/^npm_config_(prefix|local_prefix|global|workspaces?|include_workspace_root|omit|include|dry_run)$/.test(key)) {
      delete env[key];
    }
  }
  return env;
}

function checkNode() {
  if (!existsSync(NODE)) fail(`${relative(REPO, NODE)} is missing: run npm install (the "node" devDependency)`);
  const version = spawnSync(NODE, ["--version"], { encoding: "utf8" }).stdout.trim();
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  if (!(major >= 22)) fail(`${relative(REPO, NODE)} is ${version || "not runnable"}; Shopify's CLI needs Node 22`);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockOwner(): number | undefined {
  try {
    return Number(readFileSync(join(LOCK, "pid"), "utf8")) || undefined;
  } catch {
    return undefined;
  }
}

/** A directory as a lock: another run in this checkout (another `npm test`) waits; a dead owner's lock is taken over. */
async function acquireLock(): Promise<() => void> {
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = lockOwner();
    const stat = statSync(LOCK, { throwIfNoEntry: false });
    const age = stat ? Date.now() - stat.mtimeMs : 0;
    // No pid yet: the owner is between mkdir and write; only a lock that stays so for a while is abandoned.
    if ((owner !== undefined && !alive(owner)) || (owner === undefined && age > 30_000)) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) fail(`another run holds ${relative(REPO, LOCK)} (pid ${owner}); giving up`);
    if (!told) say(`waiting for another run (pid ${owner}) to finish`);
    told = true;
    await sleep(250);
  }
}

function installedVersion(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, "node_modules", "@shopify", "cli", "package.json"), "utf8"));
    return existsSync(join(dir, "node_modules", "@shopify", "cli", "bin", "run.js")) ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** The pinned CLI's entry point, installed into the cache first if it is not there yet. */
function ensureCli(version: string): string {
  const dir = join(CACHE, version);
  const entry = join(dir, "node_modules", "@shopify", "cli", "bin", "run.js");
  if (installedVersion(dir) === version) return entry;

  const started = Date.now();
  say(`installing @shopify/cli@${version} into ${relative(REPO, dir)} (first run only)`);
  // Installed next door, then renamed into place: an interrupted install never looks like a cached one.
  const staging = join(CACHE, `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // Its own package.json, so npm treats the folder as a project root and does not climb to our workspaces.
  writeFileSync(
    join(staging, "package.json"),
    `${JSON.stringify({ name: "shopify-cli-cache", private: true, description: "See scripts/shopify-app-build.ts" }, null, 2)}\n`,
  );
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      staging,
      "--no-save",
      "--no-package-lock",
      "--no-audit",
      "--no-fund",
      "--no-update-notifier",
      // Nothing the CLI needs runs at install time (esbuild finds its platform package without its postinstall).
      "--ignore-scripts",
      "--loglevel=error",
      `@shopify/cli@${version}`,
    ],
    { cwd: staging, stdio: "inherit", env: childEnv(), shell: process.platform === "win32" },
  );
  if (npm.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    fail(`npm install @shopify/cli@${version} failed (exit ${npm.status ?? npm.signal})`);
  }
  const got = installedVersion(staging);
  if (got !== version) {
    rmSync(staging, { recursive: true, force: true });
    fail(`npm installed @shopify/cli ${got ?? "(nothing)"} instead of ${version}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  // Other versions (an older pin) and staging folders left by interrupted installs go.
  for (const name of readdirSync(CACHE)) {
    if (name !== version && name !== "lock") rmSync(join(CACHE, name), { recursive: true, force: true });
  }
  say(`installed @shopify/cli@${version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return entry;
}

type Extension = { dir: string; handles: string[] };

function extensions(): Extension[] {
  const root = join(REPO, "extensions");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((dir) => existsSync(join(dir, "shopify.extension.toml")))
    .map((dir) => ({ dir, handles: handlesIn(join(dir, "shopify.extension.toml")) }));
}

function handlesIn(file: string): string[] {
  let toml: { handle?: unknown; extensions?: Array<{ handle?: unknown }> };
  try {
    toml = parseToml(readFileSync(file, "utf8")) as typeof toml;
  } catch {
    return []; // Not TOML: the CLI says where.
  }
  return [toml.handle, ...(toml.extensions ?? []).map((e) => e.handle)].filter(
    (h): h is string => typeof h === "string",
  );
}

/** What the build writes into the tree, as it was before the build. */
function snapshot(exts: Extension[]) {
  const typings = new Map<string, Buffer>();
  const created: string[] = [];
  for (const { dir } of exts) {
    const typing = join(dir, "shopify.d.ts");
    if (existsSync(typing)) typings.set(typing, readFileSync(typing));
    else created.push(typing);
    for (const generated of ["manifest.json", "dist"]) {
      if (!existsSync(join(dir, generated))) created.push(join(dir, generated));
    }
  }
  if (!existsSync(join(REPO, ".shopify"))) created.push(join(REPO, ".shopify"));
  return () => {
    for (const [file, content] of typings) {
      if (!existsSync(file) || !readFileSync(file).equals(content)) writeFileSync(file, content);
    }
    for (const path of created) rmSync(path, { recursive: true, force: true });
  };
}

function build(entry: string): Promise<{ code: number; output: string }> {
  const args = [
    entry,
    "app",
    "build",
    "--path",
    REPO,
    "--config",
    "shopify.app.toml",
    // The project's own `npm install` provides the extensions' packages (workspaces); the CLI must not install.
    "--skip-dependencies-installation",
    "--no-color",
  ];
  const env = childEnv({ CI: "1", SHOPIFY_CLI_NO_ANALYTICS: "1", NO_COLOR: "1" });
  // Flags set in the caller's environment would change what is checked.
  for (const key of Object.keys(env)) if (key.startsWith("SHOPIFY_FLAG_")) delete env[key];
  const child = spawn(NODE, args, { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
    process.stderr.write(chunk);
  });
  const timer = setTimeout(() => child.kill("SIGTERM"), BUILD_TIMEOUT_MS);
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const version = pinnedVersion();
  checkNode();
  const release = await acquireLock();
  try {
    const entry = ensureCli(version);
    const exts = extensions();
    const restore = snapshot(exts);
    let result: { code: number; output: string };
    try {
      say(`shopify app build (@shopify/cli ${version}) on shopify.app.toml and ${exts.length} extension(s)`);
      result = await build(entry);
    } finally {
      restore();
    }
    if (result.code !== 0) fail(`shopify app build failed (exit ${result.code})`);
    // The CLI skips an extension whose `type` it does not know, without a word: every handle must have been built.
    const missing = exts.flatMap(({ dir, handles }) =>
      handles.filter((handle) => !builtIn(result.output, handle)).map((handle) => `${relative(REPO, dir)} (${handle})`),
    );
    if (missing.length > 0) {
      fail(`Shopify's CLI did not build ${missing.join(", ")}: check its type in shopify.extension.toml`);
    }
  } finally {
    release();
  }
  say(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The CLI prefixes each line of an extension's build with its handle. */
function builtIn(output: string, handle: string): boolean {
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*${escaped} │`, "m").test(output);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Failure)) throw error;
  console.error(`[app config] ${error.message}`);
  process.exit(1);
}
