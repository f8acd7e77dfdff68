/** Starts bench/worker-child.ts in its own Node process and talks to it over IPC. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChildMessage, ParentMessage } from "../worker-child";
import { REPO_ROOT } from "./env";

const ENTRY = join(import.meta.dirname, "..", "worker-child.ts");
const COMPILED_ENTRY = join(REPO_ROOT, "build", "bench", "worker-child.js");
let compiledThisRun = false;

/**
 * The Node options `npm run start:worker` gives the production worker (package.json), so the compiled child runs
 * as production runs the worker: `node <options> build/worker/main.js`.
 */
export function productionWorkerNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const words = (scripts["start:worker"] ?? "").split(/\s+/).filter(Boolean);
  const entry = words.indexOf("build/worker/main.js");
  if (words[0] !== "node" || entry < 0) {
    throw new Error(`package.json's start:worker is not "node [options] build/worker/main.js": ${words.join(" ")}`);
  }
  return words.slice(1, entry);
}

/**
 * Compiles bench/worker-child.ts as `npm run build` compiles the worker (bench/vite.worker-child.config.ts), once
 * per harness run, so the compiled child is always today's code.
 */
export function buildCompiledBenchWorker(): void {
  if (compiledThisRun && existsSync(COMPILED_ENTRY)) return;
  execFileSync("npx", ["vite", "build", "--config", "bench/vite.worker-child.config.ts", "--logLevel", "error"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  compiledThisRun = true;
}

export interface BenchWorkerProcess {
  child: ChildProcess;
  pid: number;
  send(message: ParentMessage): void;
  /** Resolves with the next message of that type. */
  next<T extends ChildMessage["type"]>(type: T, timeoutMs?: number): Promise<Extract<ChildMessage, { type: T }>>;
  stop(): Promise<void>;
}

export async function startBenchWorker(input: {
  mode: "schedule" | "timers" | "import" | "run" | "cost";
  databaseUrl: string;
  adminUrl: string;
  tokens: Map<string, string>;
  config?: Record<string, unknown>;
  nodeOptions?: string[];
  env?: Record<string, string>;
  /**
   * Run the compiled child (plain JavaScript, see buildCompiledBenchWorker) with the production worker's Node
   * options instead of the TypeScript through tsx: for measuring memory, where tsx's loader thread and transforms
   * would count as the worker's.
   */
  compiled?: boolean;
  /** How long the child may take to load and connect (a loaded machine takes its time). */
  readyTimeoutMs?: number;
  /** With `compiled`: another compiled child (build/bench/worker-child.js of other code) instead of today's. */
  compiledEntry?: string;
}): Promise<BenchWorkerProcess> {
  // Node itself with tsx as a loader (not the tsx CLI, which would add a second process), or the compiled child.
  // BENCH_CHILD_NODE_OPTIONS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to look inside a worker process. They
  // come after the production worker's options, so they can also override one (--max-semi-space-size=16).
  const extra = (process.env.BENCH_CHILD_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  if (input.compiled && !input.compiledEntry) buildCompiledBenchWorker();
  const before = input.compiled ? productionWorkerNodeOptions() : [];
  const entry = input.compiled ? [input.compiledEntry ?? COMPILED_ENTRY] : ["--import", "tsx", ENTRY];
  const child = spawn(process.execPath, [...before, ...extra, ...(input.nodeOptions ?? []), ...entry], {
    env: {
      ...process.env,
      DATABASE_URL: input.databaseUrl,
      FAKE_ADMIN_URL: input.adminUrl,
      FAKE_ADMIN_TOKENS: JSON.stringify(Object.fromEntries(input.tokens)),
      BENCH_MODE: input.mode,
      WORKER_CONFIG: JSON.stringify(input.config ?? {}),
      ...input.env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const next = <T extends ChildMessage["type"]>(type: T, timeoutMs = 60_000) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off("message", onMessage);
        reject(new Error(`worker process sent no "${type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (message: ChildMessage) => {
        if (message.type !== type) return;
        clearTimeout(timer);
        child.off("message", onMessage);
        resolve(message as Extract<ChildMessage, { type: T }>);
      };
      child.on("message", onMessage);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`worker process exited with ${code} before sending "${type}"`));
      });
    });
  await next("ready", input.readyTimeoutMs).catch((error: unknown) => {
    // Not left running against a database the harness is about to drop.
    child.kill("SIGKILL");
    throw error;
  });
  return {
    child,
    pid: child.pid ?? -1,
    send: (message) => child.send(message),
    next,
    async stop() {
      if (child.exitCode !== null) return;
      const stopped = next("stopped", 30_000).catch(() => undefined);
      child.send({ type: "stop" } satisfies ParentMessage);
      await stopped;
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
