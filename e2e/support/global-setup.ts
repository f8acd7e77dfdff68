import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { assertChromiumInstalled } from "./chromium";
import { sandboxInfoSchema, type SandboxInfo } from "./sandbox-info";

declare module "vitest" {
  interface ProvidedContext {
    sandbox: SandboxInfo;
  }
}

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const RESULTS_DIR = join(REPO_ROOT, "test-results");
/** Fast enough for tests (90-240 s jobs take 1.8-4.8 s), slow enough to watch a run's progress and pause it. */
const E2E_TIME_FACTOR = "0.02";
const START_TIMEOUT_MS = 240_000;

/**
 * Starts one sandbox for the whole e2e run, exactly as `npm run sandbox` does (the same script), on free
 * ports and its own fresh embedded database, with hot reloading off; and stops it at the end. Its output goes
 * to test-results/sandbox.log.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  await mkdir(RESULTS_DIR, { recursive: true });
  await rm(join(RESULTS_DIR, "axe"), { recursive: true, force: true });
  // While writing tests: reuse a sandbox started by hand with
  //   npm run sandbox -- --port 0 --no-hot-reload --time-factor 0.02 --ready-file /tmp/sandbox.json
  const reuse = process.env.E2E_SANDBOX_READY_FILE;
  if (reuse) {
    project.provide("sandbox", sandboxInfoSchema.parse(JSON.parse(await readFile(reuse, "utf8"))));
    return async () => undefined;
  }
  const work = await mkdtemp(join(tmpdir(), "model-shots-e2e-"));
  const readyFile = join(work, "sandbox.json");
  const logFile = join(RESULTS_DIR, "sandbox.log");
  const log = createWriteStream(logFile);

  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(REPO_ROOT, "scripts", "sandbox.ts"),
      "--port",
      "0",
      "--no-hot-reload",
      "--time-factor",
      E2E_TIME_FACTOR,
      "--ready-file",
      readyFile,
    ],
    // The sandbox reads .env.example itself; the test runner's own variables must not leak into the app.
    {
      cwd: REPO_ROOT,
      env: {
        NODE_ENV: "development",
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        TMPDIR: process.env.TMPDIR ?? "",
        // The demo store's collections are small: this sends them through the background listing the way a
        // collection of thousands goes, so the browser tests cover that path too.
        BULK_RUN_LIST_INLINE_UP_TO: "5",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await rm(work, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  let info: SandboxInfo | null = null;
  while (!info) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The sandbox did not start (exit code ${child.exitCode}); see ${logFile}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The sandbox did not start within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
    }
    const text = await readFile(readyFile, "utf8").catch(() => null);
    if (text) info = sandboxInfoSchema.parse(JSON.parse(text));
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide("sandbox", info);
  return stop;
}
