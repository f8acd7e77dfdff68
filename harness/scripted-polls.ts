/**
 * For tests of the worker's status polls: a try-on client whose answer to each job id is scripted (a status, or an
 * error it throws), recording every call with the injected clock's time, and a worker driven tick by tick on it.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import { makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient, TryOnJobStatus } from "~/tryon";
import type { WorkerLogger } from "~/worker/tick-context";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import type { WorkerConfigInput } from "~/worker/worker-config";
import { TEST_ENCRYPTION_KEY } from "./pipeline";
import { seedRenders } from "./render-fixtures";
import { seedShopWithKey } from "./worker-steps";

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

export { recordingWorkerLogger } from "./recording-logger";

/** A shop with a try-on key (whose hash names its service gate). */
export const seedPollingShop = (db: PrismaClient, shop: string, apiKey: string) =>
  seedShopWithKey(db, shop, apiKey, 1_000);

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

/** One render of `shop` running at the service since a minute before `now`, due for its poll at `now`, 5 credits charged. */
export const seedRunningRender = (
  db: PrismaClient,
  shop: string,
  now: number,
  overrides: Partial<Prisma.RenderUncheckedCreateInput> = {},
) =>
  seedRenders(db, shop, 1, {
    state: "running",
    submittedAt: new Date(now - 60_000),
    nextAttemptAt: new Date(now),
    creditsCharged: 5,
    ...overrides,
  }).then((rows) => rows.at(-1)!);
