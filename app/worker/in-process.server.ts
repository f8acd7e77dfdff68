import { env } from "~/env.server";
import { makeAppWorker, type AppWorker } from "./app-worker.server";
import type { WorkerConfigInput } from "./worker-config";

declare global {
  // One in-process worker per server process, across Remix dev reloads.
  var __modelShotsWorker: AppWorker | undefined;
}

/**
 * Local development runs the worker inside the app's process: the embedded database belongs to one process,
 * and one command should give a working app. Production runs `npm run worker` processes instead
 * (WORKER_MODE=external).
 */
export function ensureInProcessWorker(config: WorkerConfigInput = {}): AppWorker | undefined {
  const settings = env();
  if (settings.WORKER_MODE !== "in-process") return undefined;
  if (globalThis.__modelShotsWorker) return globalThis.__modelShotsWorker;
  // The sandbox compresses the worker's schedule along with its simulator's (WORKER_TIME_FACTOR). Every loop the
  // worker process runs, retention included: the same run() as `npm run worker`.
  const appWorker = makeAppWorker({ timeFactor: settings.WORKER_TIME_FACTOR, ...config });
  globalThis.__modelShotsWorker = appWorker;
  void appWorker.run();
  return appWorker;
}
