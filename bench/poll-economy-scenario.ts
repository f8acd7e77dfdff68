/**
 * What benchmark 1 runs (bench/poll-economy.ts reports it): the app's worker, tick by tick, following 1,000 jobs
 * of the simulator's default 90-240 s distribution on a simulated clock injected into the worker, the try-on
 * client and the simulator (exact and fast, no wall-clock compression), and the naive pollers on the same seeded
 * simulator, so every run sees the same 1,000 durations. Each worker scenario runs in its own process
 * (bench/poll-economy-child.ts) with its own database and clock, so the scenarios run side by side.
 */
import type { PrismaClient, Render } from "@prisma/client";
import { seededRandom } from "~/lib/seeded-random";
import { jobInputFor } from "~/looks/render-options";
import { WORKER_STATES } from "~/renders/lifecycle/render-states";
import { createTryOnClient, silentTryOnLogger, type TryOnClient } from "~/tryon";
import { firstPollDelayMs } from "~/worker/steps/poll-schedule";
import { makeWorker } from "~/worker/worker";
import { makeWorkerConfig, type WorkerConfigInput } from "~/worker/worker-config";
import { startTryOnSimulator, type TryOnSimulator } from "../fakes/tryon-service";
import { BENCH_OPTIONS, insertRenders, readyFilesMedia, secretBox, seedServiceShop } from "./lib/fixtures";
import { runNaivePoller } from "./naive-poller";
import { eachLimited, percentile } from "./lib/stats";

export const RENDERS = 1_000;
export const CONCURRENCY_CAP = 200;
const SIM_SEED = 20261107;
export const SHOP = "poll-economy.myshopify.com";
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

export interface Scenario {
  name: string;
  /** The shop's last 50 durations are known (drawn from the same distribution), as after its first renders. */
  warm: boolean;
  config?: WorkerConfigInput;
  /** Diagnostic: the shop's history is put back to the true durations after every tick, so it cannot drift. */
  pinHistory?: boolean;
}

export interface Outcome {
  requestsPerRender: number;
  /** Added latency of renders seen done at their first poll, and of those caught by the 3-second cadence. */
  firstPollLatencyS: number[];
  cadenceLatencyS: number[];
  /**
   * Per render, the added latency the schedule alone gives: the due time (nextAttemptAt) of the poll that saw it
   * done minus its end. `latencyS` is this plus how late that poll went out on the simulated clock
   * (`detectingPollLatenessS`: the idle sleep's floor, minTickGapMs), which a real run replaces by its own.
   */
  scheduleLatencyS: number[];
  detectingPollLatenessS: number[];
  /** Mean first-poll delay (s after submit) of the first and the last 100 renders submitted. */
  firstPollEarlyS: number;
  firstPollLateS: number;
  /** The first poll the shop's history gives at the end, and the true 5th percentile of the durations. */
  learnedFirstPollS: number;
  trueP5S: number;
  latencyS: number[];
  completed: number;
  detectedAtFirstPoll: number;
  ticks: number;
  simulatedS: number;
  realMs: number;
  meanDurationS: number;
}

function countingClient(
  inner: TryOnClient,
  polls: { counts: Map<string, number>; firstAt: Map<string, number>; lastDue: Map<string, number> },
  dueOf: Map<string, number>,
  clock: { now: number },
): TryOnClient {
  return {
    ...inner,
    getJobStatus(jobId, options) {
      polls.counts.set(jobId, (polls.counts.get(jobId) ?? 0) + 1);
      if (!polls.firstAt.has(jobId)) polls.firstAt.set(jobId, clock.now);
      const due = dueOf.get(jobId);
      if (due !== undefined) polls.lastDue.set(jobId, due);
      return inner.getJobStatus(jobId, options);
    },
  };
}

/**
 * The worker's database with each claimed render's nextAttemptAt remembered (the claim's RETURNING r.* rows pass
 * through here, as in bench/worker-child.ts), so a poll can be compared with the time it was due.
 */
function observingClaims(db: PrismaClient, dueOf: Map<string, number>): PrismaClient {
  return db.$extends({
    query: {
      async $allOperations({ operation, args, query }) {
        const result = await query(args);
        if (operation === "$queryRaw" && Array.isArray(result)) {
          for (const row of result as Array<Partial<Render>>) {
            if (row?.externalJobId && row.nextAttemptAt instanceof Date)
              dueOf.set(row.externalJobId, row.nextAttemptAt.getTime());
          }
        }
        return result;
      },
    },
  }) as unknown as PrismaClient;
}

async function startSimulator(clock: { now: number }): Promise<TryOnSimulator> {
  // Default job durations (90-240 s) at time factor 1: the clock is simulated, so nothing needs compressing.
  return startTryOnSimulator({ seed: SIM_SEED, initialCredits: 100_000_000 }, { now: () => clock.now });
}

const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function runScheduler(
  db: PrismaClient,
  scenario: Scenario,
  log: (line: string) => void,
): Promise<Outcome> {
  await db.render.deleteMany();
  await db.shop.deleteMany();
  await db.serviceGate.deleteMany();
  const clock = { now: T0 };
  const sim = await startSimulator(clock);
  try {
    const history = seededRandom(99);
    const knownDurations = scenario.warm
      ? Array.from({ length: 50 }, () => Math.round(90_000 + history() * 150_000))
      : [];
    await seedServiceShop(db, SHOP, {
      apiKey: sim.apiKey,
      baseUrl: sim.baseUrl,
      concurrencyCap: CONCURRENCY_CAP,
      durationSamplesMs: knownDurations,
    });
    const front = sim.sampleImageUrl("tee-front.jpg");
    await insertRenders(db, SHOP, RENDERS, () => ({ frontImage: front, nextAttemptAt: new Date(T0) }));

    const polls = {
      counts: new Map<string, number>(),
      firstAt: new Map<string, number>(),
      lastDue: new Map<string, number>(),
    };
    const dueOf = new Map<string, number>();
    const errors: string[] = [];
    const worker = makeWorker({
      db: observingClaims(db, dueOf),
      secretBox: secretBox(),
      makeTryOnClient: ({ baseUrl, apiKey }) =>
        countingClient(
          createTryOnClient({ baseUrl, apiKey, timeoutMs: 10_000, logger: silentTryOnLogger, now: () => clock.now }),
          polls,
          dueOf,
          clock,
        ),
      renderMediaFor: async () => readyFilesMedia(),
      now: () => new Date(clock.now),
      random: seededRandom(7),
      logger: {
        info() {},
        warn() {},
        error: (message, context) => errors.push(`${message} ${JSON.stringify(context)}`),
      },
      ...(scenario.config ? { config: scenario.config } : {}),
    });
    const tickMs = makeWorkerConfig(scenario.config).tickIntervalMs;

    const started = performance.now();
    let ticks = 0;
    for (;;) {
      const report = await worker.tick();
      ticks += 1;
      if (scenario.pinHistory)
        await db.shopSettings.update({ where: { shop: SHOP }, data: { durationSamplesMs: knownDurations } });
      // A saturated tick is followed at once by the next one, as in worker.run().
      if (report.saturated) continue;
      // worker.run() sleeps report.idleMs: until the next render is due, capped at tickIntervalMs. When nothing is
      // due within the cap, it wakes every tickIntervalMs and finds nothing until the last sleep lands on the due
      // time; those empty ticks are skipped.
      const [progress] = await db.$queryRaw<Array<{ undetected: number; due_at: Date | null }>>`
        SELECT count(*) FILTER (WHERE state IN ('queued', 'submitting', 'running', 'stalled'))::int AS undetected,
               min("nextAttemptAt") FILTER (WHERE state::text = ANY(${[...WORKER_STATES]}::text[])) AS due_at
        FROM "Render" WHERE shop = ${SHOP}`;
      if (!progress || progress.undetected === 0) break;
      if (report.idleMs < tickMs) clock.now += report.idleMs;
      else clock.now = Math.max(clock.now + tickMs, progress.due_at?.getTime() ?? clock.now + tickMs);
      if (clock.now - T0 > 6 * 3_600_000)
        throw new Error("poll economy: the worker did not finish within 6 simulated hours");
      if (ticks % 1_000 === 0)
        log(`${scenario.name}: ${ticks} ticks, ${Math.round((clock.now - T0) / 1000)} simulated s`);
    }
    const realMs = performance.now() - started;
    if (errors.length > 0) log(`worker errors: ${errors.slice(0, 3).join(" | ")}`);

    const rows = await db.render.findMany({
      where: { shop: SHOP, renderedAt: { not: null } },
      select: { externalJobId: true, renderedAt: true, pollCount: true, submittedAt: true },
    });
    const latencyS: number[] = [];
    const firstPollLatencyS: number[] = [];
    const cadenceLatencyS: number[] = [];
    const scheduleLatencyS: number[] = [];
    const detectingPollLatenessS: number[] = [];
    const durations: number[] = [];
    const firstPollDelays: Array<{ submittedAt: number; delayS: number }> = [];
    let detectedAtFirstPoll = 0;
    for (const row of rows) {
      const job = row.externalJobId ? sim.getJob(row.externalJobId) : undefined;
      if (!job || job.endsAt === null || !row.renderedAt) throw new Error(`no simulator job for ${row.externalJobId}`);
      const latency = (row.renderedAt.getTime() - job.endsAt) / 1000;
      latencyS.push(latency);
      durations.push(job.endsAt - job.createdAt);
      // The poll that saw it done went out in the tick that set renderedAt (the clock stands still in a tick).
      const due = polls.lastDue.get(job.id);
      if (due === undefined) throw new Error(`no due time recorded for the last poll of ${job.id}`);
      scheduleLatencyS.push((due - job.endsAt) / 1000);
      detectingPollLatenessS.push((row.renderedAt.getTime() - due) / 1000);
      if (row.pollCount === 1) {
        detectedAtFirstPoll += 1;
        firstPollLatencyS.push(latency);
      } else cadenceLatencyS.push(latency);
      const firstPoll = polls.firstAt.get(job.id);
      if (firstPoll !== undefined)
        firstPollDelays.push({ submittedAt: job.createdAt, delayS: (firstPoll - job.createdAt) / 1000 });
    }
    firstPollDelays.sort((a, b) => a.submittedAt - b.submittedAt);
    const settings = await db.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    const requests = [...polls.counts.values()].reduce((sum, n) => sum + n, 0);
    return {
      firstPollLatencyS,
      cadenceLatencyS,
      scheduleLatencyS,
      detectingPollLatenessS,
      firstPollEarlyS: meanOf(firstPollDelays.slice(0, 100).map((entry) => entry.delayS)),
      firstPollLateS: meanOf(firstPollDelays.slice(-100).map((entry) => entry.delayS)),
      learnedFirstPollS:
        firstPollDelayMs({ config: makeWorkerConfig(scenario.config), random: () => 0 }, settings.durationSamplesMs) /
        1000,
      trueP5S: percentile(durations, 5) / 1000,
      requestsPerRender: requests / rows.length,
      latencyS,
      completed: rows.length,
      detectedAtFirstPoll,
      ticks,
      simulatedS: (clock.now - T0) / 1000,
      realMs,
      meanDurationS: meanOf(durations) / 1000,
    };
  } finally {
    await sim.stop();
  }
}

/** A naive poller (bench/naive-poller.ts) over the same 1,000 seeded jobs, all submitted at once. */
export async function runNaive(firstPollAfterMs: number): Promise<Outcome> {
  const clock = { now: T0 };
  const sim = await startSimulator(clock);
  try {
    const client = createTryOnClient({
      baseUrl: sim.baseUrl,
      apiKey: sim.apiKey,
      timeoutMs: 10_000,
      logger: silentTryOnLogger,
      now: () => clock.now,
    });
    const input = jobInputFor(BENCH_OPTIONS, { front: [sim.sampleImageUrl("tee-front.jpg")], mediaIds: [] });
    const jobs: Array<{ jobId: string; submittedAt: number }> = [];
    await eachLimited(Array.from({ length: RENDERS }), 8, async () => {
      const job = await client.submitTryOnJob(input);
      jobs.push({ jobId: job.jobId, submittedAt: clock.now });
    });
    const started = performance.now();
    const result = await runNaivePoller({ client, clock, jobs, firstPollAfterMs });
    const realMs = performance.now() - started;
    const latencyS: number[] = [];
    const firstPollLatencyS: number[] = [];
    const cadenceLatencyS: number[] = [];
    const durations: number[] = [];
    for (const { jobId } of jobs) {
      const job = sim.getJob(jobId);
      const detected = result.detectedAt.get(jobId);
      if (!job || job.endsAt === null || detected === undefined) throw new Error(`naive poller lost ${jobId}`);
      const latency = (detected - job.endsAt) / 1000;
      latencyS.push(latency);
      (result.requests.get(jobId) === 1 ? firstPollLatencyS : cadenceLatencyS).push(latency);
      durations.push(job.endsAt - job.createdAt);
    }
    const requests = [...result.requests.values()].reduce((sum, n) => sum + n, 0);
    return {
      firstPollLatencyS,
      cadenceLatencyS,
      // Perfect timers: every poll goes out when due.
      scheduleLatencyS: latencyS,
      detectingPollLatenessS: latencyS.map(() => 0),
      firstPollEarlyS: firstPollAfterMs / 1000,
      firstPollLateS: firstPollAfterMs / 1000,
      learnedFirstPollS: firstPollAfterMs / 1000,
      trueP5S: percentile(durations, 5) / 1000,
      requestsPerRender: requests / jobs.length,
      latencyS,
      completed: jobs.length,
      detectedAtFirstPoll: firstPollLatencyS.length,
      ticks: 0,
      simulatedS: (clock.now - T0) / 1000,
      realMs,
      meanDurationS: meanOf(durations) / 1000,
    };
  } finally {
    await sim.stop();
  }
}
