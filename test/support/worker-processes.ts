import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { WorkerConfigInput } from "~/worker/worker-config";

const ENTRY = join(import.meta.dirname, "worker-process.ts");

export interface WorkerProcess {
  id: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts test/support/worker-process.ts; resolves once it has connected and started its loop. */
export async function startWorkerProcess(
  id: string,
  env: {
    databaseUrl: string;
    adminUrl: string;
    tokens: Map<string, string>;
    timeFactor: number;
    /** Worker config overrides (the defaults are test/support/worker-process.ts's). */
    config?: WorkerConfigInput;
    /** "offline-sessions": production's Admin client path over stored, expiring sessions, not `tokens`. */
    adminClient?: "fixed-tokens" | "offline-sessions";
  },
): Promise<WorkerProcess> {
  // Node itself with tsx as a loader: the tsx CLI would fork a second process that SIGKILL would not reach.
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl,
      FAKE_ADMIN_URL: env.adminUrl,
      FAKE_ADMIN_TOKENS: JSON.stringify(Object.fromEntries(env.tokens)),
      TIME_FACTOR: String(env.timeFactor),
      WORKER_ID: id,
      WORKER_CONFIG: JSON.stringify(env.config ?? {}),
      ADMIN_CLIENT: env.adminClient ?? "fixed-tokens",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`worker ${id} exited with ${code} before it was ready`)));
  });
  return { id, child, exited };
}

/**
 * Stops a worker. A SIGTERM (a test's clean-up) gets `graceMs` to stop as a deployment's grace period would, then
 * SIGKILL with a warning in the output: a clean-up that waits for ever would fail the file after its test passed,
 * as one did on CI's loaded machine (contention.test.ts, 2026-11-27), and hide nothing the tests check.
 */
export async function killWorker(
  worker: WorkerProcess,
  signal: NodeJS.Signals = "SIGKILL",
  graceMs = 30_000,
): Promise<void> {
  worker.child.kill(signal);
  if (signal === "SIGKILL") {
    await worker.exited;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
  const outcome = await Promise.race([worker.exited, late]);
  clearTimeout(timer);
  if (outcome === "late") {
    console.warn(`worker ${worker.id} did not stop within ${graceMs} ms of ${signal}; killed`);
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
}
