/**
 * Shops with renders already running at the simulator, as benchmarks 10 and 15 start from: each shop with its own
 * settings and try-on key (one simulator account each, so one client and one set of service gates per shop, as in
 * production), its renders' jobs submitted for real, and their rows parked until all exist.
 */
import os from "node:os";
import type { PrismaClient } from "@prisma/client";
import { jobInputFor } from "~/looks/render-options";
import { createTryOnClient, silentTryOnLogger } from "~/tryon";
import { makeWorkerConfig } from "~/worker/worker-config";
import type { TryOnSimulator } from "../../fakes/tryon-service";
import { BENCH_OPTIONS, insertRenders, seedServiceShop } from "./fixtures";
import { eachLimited } from "./stats";

export const shopDomain = (index: number) => `scale-${String(index + 1).padStart(3, "0")}.myshopify.com`;

/** Seeded renders wait here until all exist, so no worker sees a half-seeded schedule. */
export const PARKED_AT = Date.UTC(2100, 0, 1);
/** Shops seeded at once (each submits its jobs one after another): keeps the simulator busy, nothing times out. */
const SEED_SHOPS_AT_ONCE = 16;

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

/** The app's interval between polls of a running render: pollIntervalMs plus a uniform jitter. */
export function appPollCadence() {
  const config = makeWorkerConfig();
  return {
    minMs: config.pollIntervalMs,
    maxMs: config.pollIntervalMs + config.pollJitterMs,
    meanMs: config.pollIntervalMs + config.pollJitterMs / 2,
  };
}

export interface InFlightPlan {
  shops: number;
  perShop: number;
  /** Settings' concurrency cap of every shop (at least perShop). */
  concurrencyCap: number;
  credits: number;
  /** A shop's history of durations (ShopSettings.durationSamplesMs), as the worker learned it. */
  durationSamplesMs?: number[];
  /**
   * When render `renderIndex` of shop `shopIndex` is first due, in ms after the release (releaseSchedule), given
   * how long ago its job was submitted.
   */
  firstDueMs(shopIndex: number, renderIndex: number, ageMs: number): number;
  /** How long before the release each job was submitted (the simulator's clock is moved back while it is). */
  ageMs?(shopIndex: number, renderIndex: number): number;
}

/**
 * The simulator's clock (its `now` hook): frozen while jobs are seeded, at the seeding's start minus each group's
 * age, then running again from the release on, lagging real time so that at the release it reads the seeding's
 * start. A job seeded with age `a` is then exactly `a` old at the release, however long seeding took.
 */
export function makeSimClock() {
  let frozenAt: number | undefined;
  let lagMs = 0;
  return {
    now: () => frozenAt ?? Date.now() - lagMs,
    freeze(at: number) {
      frozenAt = at;
    },
    /** From now on the clock reads `at` at real time `realAt`. */
    runFrom(at: number, realAt: number) {
      frozenAt = undefined;
      lagMs = realAt - at;
    },
  };
}
export type SimClock = ReturnType<typeof makeSimClock>;

/**
 * Submits every shop's jobs to the simulator and inserts their renders as `running`, parked in 2100 (their
 * submittedAt too). Jobs with an age are submitted in groups of equal age, the simulator's clock frozen at the
 * seeding's start minus that age; releaseSchedule then starts the clock so every job has its age at the release.
 */
export async function seedInFlight(
  db: PrismaClient,
  sim: TryOnSimulator,
  clock: SimClock,
  plan: InFlightPlan,
): Promise<void> {
  const seedingStartedAt = Date.now();
  const keys = new Map<number, string>();
  await eachLimited(
    Array.from({ length: plan.shops }, (_, index) => index),
    SEED_SHOPS_AT_ONCE,
    async (shopIndex) => {
      const apiKey = sim.addApiKey({ credits: plan.credits });
      keys.set(shopIndex, apiKey);
      await seedServiceShop(db, shopDomain(shopIndex), {
        apiKey,
        baseUrl: sim.baseUrl,
        concurrencyCap: plan.concurrencyCap,
        ...(plan.durationSamplesMs ? { durationSamplesMs: plan.durationSamplesMs } : {}),
      });
    },
  );
  // Renders grouped by age (rounded to a second), each group submitted with the simulator's clock moved back.
  const groups = new Map<number, Array<[shopIndex: number, renderIndex: number]>>();
  for (let shopIndex = 0; shopIndex < plan.shops; shopIndex++) {
    for (let renderIndex = 0; renderIndex < plan.perShop; renderIndex++) {
      const age = Math.round((plan.ageMs?.(shopIndex, renderIndex) ?? 0) / 1000) * 1000;
      groups.set(age, [...(groups.get(age) ?? []), [shopIndex, renderIndex]]);
    }
  }
  const jobs = new Map<string, { jobId: string; ageMs: number }>();
  seededFrom.set(db, seedingStartedAt);
  const front = sim.sampleImageUrl("tee-front.jpg");
  const input = jobInputFor(BENCH_OPTIONS, { front: [front], mediaIds: [] });
  const clients = new Map<number, ReturnType<typeof createTryOnClient>>();
  const clientOf = (shopIndex: number) => {
    let client = clients.get(shopIndex);
    if (!client) {
      client = createTryOnClient({
        baseUrl: sim.baseUrl,
        apiKey: keys.get(shopIndex) ?? "",
        logger: silentTryOnLogger,
      });
      clients.set(shopIndex, client);
    }
    return client;
  };
  for (const [ageMs, members] of groups) {
    clock.freeze(seedingStartedAt - ageMs);
    await eachLimited(members, SEED_SHOPS_AT_ONCE * 4, async ([shopIndex, renderIndex]) => {
      const { jobId } = await clientOf(shopIndex).submitTryOnJob(input);
      jobs.set(`${shopIndex}/${renderIndex}`, { jobId, ageMs });
    });
  }
  await eachLimited(
    Array.from({ length: plan.shops }, (_, index) => index),
    SEED_SHOPS_AT_ONCE,
    async (shopIndex) => {
      await insertRenders(db, shopDomain(shopIndex), plan.perShop, (index) => {
        const job = jobs.get(`${shopIndex}/${index}`) as { jobId: string; ageMs: number };
        return {
          frontImage: front,
          state: "running",
          externalJobId: job.jobId,
          submittedAt: new Date(PARKED_AT - job.ageMs),
          creditsCharged: 5,
          nextAttemptAt: new Date(PARKED_AT + plan.firstDueMs(shopIndex, index, job.ageMs)),
        };
      });
    },
  );
}

const seededFrom = new WeakMap<PrismaClient, number>();

/**
 * Moves every parked render (its due time and its submit time) to its place after the release, in one statement,
 * and starts the simulator's clock so its jobs have their ages then; returns the release time.
 */
export async function releaseSchedule(db: PrismaClient, clock: SimClock, leadMs: number): Promise<number> {
  const releasedAt = Date.now() + leadMs;
  const shift = `${PARKED_AT - releasedAt} milliseconds`;
  await db.$executeRaw`
    UPDATE "Render" SET "nextAttemptAt" = "nextAttemptAt" - ${shift}::interval,
      "submittedAt" = "submittedAt" - ${shift}::interval
    WHERE "nextAttemptAt" >= ${new Date(PARKED_AT - 86_400_000)}`;
  clock.runFrom(seededFrom.get(db) ?? releasedAt, releasedAt);
  return releasedAt;
}
