/**
 * The production path, checked end to end (`npm run test:production`, part of `npm test`):
 *   1. `npm run build` compiles the web app and the worker;
 *   2. the tracked files and the build are copied to a temporary folder and installed there with
 *      `npm ci --omit=dev` (from npm's cache, as a deployment would from the registry): no dev tools;
 *   3. with NODE_ENV=production against a fresh database on the PostgreSQL server, `npm run setup` applies the
 *      migrations, `npm start` serves the app (GET /healthz must answer 200) and `npm run start:worker` runs a
 *      worker (it must check in);
 *   4. both get SIGTERM and must exit within 30 s, the worker recording a clean stop.
 * It prints the production install's size and the compiled worker's idle RSS.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import pg from "pg";
import { postgresServerUrl } from "../harness/database";

const REPO = join(import.meta.dirname, "..");
const STOP_WITHIN_MS = 30_000;
const START_WITHIN_MS = 120_000;
/** What only development, tests or the sandbox use: none of it may be in the production install (TypeScript may: Prisma and Remix list it as a peer). */
const DEV_ONLY = ["tsx", "vitest", "patch-package", "@electric-sql/pglite", "playwright-core", "msw"];

function step(message: string) {
  console.log(`[production path] ${message}`);
}

function fail(message: string): never {
  throw new Error(`production path: ${message}`);
}

/** The environment a host gives the app: its own PATH (Node 22 and npm), nothing from the dev install. */
function productionPath(): string {
  const devBin = join(REPO, "node_modules", ".bin");
  const entries = (process.env.PATH ?? "").split(delimiter).filter((entry) => !entry.startsWith(REPO));
  // `npm run` put the dev install's Node 22 first; a production host brings its own Node 22 (engines: >=22.12).
  return [dirname(process.execPath), ...entries.filter((entry) => entry !== devBin)].join(delimiter);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs a package.json script of the production copy exactly as `npm run` would (its node_modules/.bin first on
 * PATH), but with `exec`, so SIGTERM reaches the server itself: npm would exit at once and leave it behind.
 */
function startScript(name: string, cwd: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const scripts = (JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const command = scripts[script] ?? fail(`package.json has no "${script}" script`);
  const path = [join(cwd, "node_modules", ".bin"), env.PATH].join(delimiter);
  const child = spawn("sh", ["-c", `exec ${command}`], {
    cwd,
    env: { ...env, PATH: path },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((line) => `  ${name} | ${line}`)
      .join("\n");
  child.stdout?.on("data", (chunk: Buffer) => console.log(prefix(chunk)));
  child.stderr?.on("data", (chunk: Buffer) => console.log(prefix(chunk)));
  return child;
}

async function stopWithin(name: string, child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) fail(`${name} had already exited (code ${child.exitCode})`);
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_WITHIN_MS);
  const code = await exited;
  if (code !== 0) fail(`${name} exited with code ${code} after SIGTERM (a clean stop exits 0)`);
  clearTimeout(timer);
  const took = Date.now() - started;
  if (took >= STOP_WITHIN_MS) fail(`${name} did not stop within ${STOP_WITHIN_MS / 1000} s of SIGTERM`);
  step(`${name} stopped ${took} ms after SIGTERM (exit code ${code})`);
  return took;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

async function main() {
  step("building (npm run build)");
  execFileSync("npm", ["run", "build"], { cwd: REPO, stdio: "inherit" });

  const copy = mkdtempSync(join(tmpdir(), "model-shots-production-"));
  const serverAdmin = new pg.Client({ connectionString: postgresServerUrl() });
  const database = `model_shots_production_${process.pid}`;
  const children: ChildProcess[] = [];
  await serverAdmin.connect();
  try {
    step(`copying the tracked files and the build to ${copy}`);
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: REPO, encoding: "utf8" })
      .split("\0")
      .filter(Boolean);
    for (const file of tracked) {
      if (!existsSync(join(REPO, file))) continue;
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(REPO, file), join(copy, file));
    }
    cpSync(join(REPO, "build"), join(copy, "build"), { recursive: true });

    const env: NodeJS.ProcessEnv = {
      PATH: productionPath(),
      HOME: process.env.HOME,
      NODE_ENV: "production",
      npm_config_cache: process.env.npm_config_cache,
    };
    step("installing production dependencies only (npm ci --omit=dev)");
    execFileSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: copy,
      env,
      stdio: "inherit",
    });
    const present = DEV_ONLY.filter((name) => existsSync(join(copy, "node_modules", name)));
    if (present.length > 0) fail(`the production install contains development packages: ${present.join(", ")}`);
    const installBytes = Number(
      execFileSync("du", ["-sb", join(copy, "node_modules")], { encoding: "utf8" }).split("\t")[0],
    );
    step(
      `production install: ${(installBytes / 2 ** 20).toFixed(0)} MiB in node_modules (none of ${DEV_ONLY.join(", ")})`,
    );

    await serverAdmin.query(`DROP DATABASE IF EXISTS ${database}`);
    await serverAdmin.query(`CREATE DATABASE ${database}`);
    const url = new URL(postgresServerUrl());
    url.pathname = `/${database}`;
    const port = await freePort();
    const appEnv: NodeJS.ProcessEnv = {
      ...env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      SHOPIFY_API_KEY: "production-check-client-id",
      SHOPIFY_API_SECRET: randomBytes(24).toString("hex"),
      SHOPIFY_APP_URL: "https://model-shots.example.com",
      APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    };

    step("applying migrations (npm run setup)");
    execFileSync("npm", ["run", "setup"], { cwd: copy, env: appEnv, stdio: "inherit" });

    step('starting the app ("start") and a worker ("start:worker")');
    const web = startScript("web", copy, "start", appEnv);
    const worker = startScript("worker", copy, "start:worker", appEnv);
    children.push(web, worker);
    for (const [name, child] of [
      ["web", web],
      ["worker", worker],
    ] as const) {
      child.once("exit", (code) => {
        if (code !== null && code !== 0) console.log(`  ${name} exited with code ${code}`);
      });
    }

    const health = await until(
      "GET /healthz answering 200",
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        return response.status === 200 ? await response.json() : undefined;
      },
      START_WITHIN_MS,
    );
    step(`GET /healthz: 200 ${JSON.stringify(health)}`);

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const beat = await until(
        "the worker's first heartbeat",
        async () => {
          const { rows } = await db.query<{ pid: number }>(
            `SELECT pid FROM "WorkerHeartbeat" WHERE "stoppedAt" IS NULL`,
          );
          return rows[0];
        },
        START_WITHIN_MS,
      );
      // Idle: give it a few ticks with nothing to do before reading its memory.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      step(`compiled worker idle RSS: ${rssMiB(beat.pid)} MiB (pid ${beat.pid})`);

      await stopWithin("web", web);
      await stopWithin("worker", worker);
      const { rows } = await db.query<{ stoppedAt: Date | null }>(`SELECT "stoppedAt" FROM "WorkerHeartbeat"`);
      if (!rows[0]?.stoppedAt) fail("the worker did not record a clean stop");
      step("the worker recorded a clean stop; the production path works");
    } finally {
      await db.end();
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await serverAdmin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await serverAdmin.end();
    rmSync(copy, { recursive: true, force: true });
  }
}

await main();
