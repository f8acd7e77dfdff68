/**
 * For tests of the worker's status polls: a try-on client whose answer to each job id is scripted (a status, or an
 * error it throws), recording every call with the injected clock's time, and a worker driven tick by tick on it.
 */
import type { PrismaClient } from "@prisma/client";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient, TryOnJobStatus } from "~/tryon";
import type { WorkerLogger } from "~/worker/tick-context";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import type { WorkerConfigInput } from "~/worker/worker-config";
import { TEST_ENCRYPTION_KEY } from "./pipeline";
import { seedShop } from "./render-fixtures";

/** What the service answers for one job: a status, an error thrown, or either, decided at the call. */
export type PollAnswer = TryOnJobStatus | Error | (() => TryOnJobStatus | Error | Promise<TryOnJobStatus | Error>);

export interface PollCall {
  jobId: string;
  at: number;
  signal: AbortSignal | undefined;
}

/** A job still running at the service, as the service names it. */
export const stillRunning = (jobId: string): TryOnJobStatus => ({ jobId, status: "running", rawStatus: "processing" });

export function scriptedPolls(clock: { now: number }) {
  const answers = new Map<string, PollAnswer>();
  const calls: PollCall[] = [];
  const client = {
    async getJobStatus(jobId: string, options?: { signal?: AbortSignal }) {
      calls.push({ jobId, at: clock.now, signal: options?.signal });
      const scripted = answers.get(jobId) ?? stillRunning(jobId);
      const answer = typeof scripted === "function" ? await scripted() : scripted;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as TryOnClient;
  return { client, answers, calls };
}

/** A warn line the worker logged, with its fields. */
export interface WorkerLogLine {
  level: "info" | "warn" | "error";
  message: string;
  context: Record<string, unknown> | undefined;
}

export function recordingWorkerLogger(): WorkerLogger & { lines: WorkerLogLine[] } {
  const lines: WorkerLogLine[] = [];
  const at = (level: WorkerLogLine["level"]) => (message: string, context?: Record<string, unknown>) => {
    lines.push({ level, message, context });
  };
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

/** A shop with a try-on key (whose hash names its service gate). */
export async function seedPollingShop(db: PrismaClient, shop: string, apiKey: string): Promise<string> {
  await seedShop(db, shop, {
    concurrencyCap: 1_000,
    tryOnApiKeyEncrypted: makeSecretBox(TEST_ENCRYPTION_KEY).seal(apiKey, shop),
    tryOnKeyHash: hashServiceKey(apiKey),
    tryOnBaseUrl: "https://tryon.test",
  });
  return hashServiceKey(apiKey);
}

/** A worker on the injected clock and the scripted client (random fixed at 0.5, so every back-off is known). */
export function pollingWorker(
  db: PrismaClient,
  clock: { now: number },
  client: TryOnClient,
  options: { config?: WorkerConfigInput; logger?: WorkerLogger } = {},
) {
  const deps: WorkerDeps = {
    db,
    secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
    makeTryOnClient: () => client,
    renderMediaFor: async () => {
      throw new Error("not used");
    },
    now: () => new Date(clock.now),
    random: () => 0.5,
    config: { workBatchSize: 500, submitBatchSize: 50, ...options.config },
    ...(options.logger ? { logger: options.logger } : {}),
  };
  return makeWorker(deps);
}
