/**
 * Benchmark 15, CPU per status poll (issue 30 point 1): what one poll of a running render costs on our side, the
 * worker processes and the PostgreSQL backends serving them, measured as CPU time (process.cpuUsage inside each
 * worker, /proc/<pid>/stat of each backend), so the figure holds whatever else shares the cores. The simulator
 * answers from this process and is measured apart and left out: a real service's work is not ours.
 *
 * 8,000 renders over 500 shops (16 each, a try-on key each), hour-long jobs, due on the app's own cadence for a
 * running render (3.0-3.5 s): about 2,460 polls a second asked of 4 compiled worker processes, about the rate
 * benchmark 10's steady state asks. Whether they keep up is not the question here (benchmark 10's is); what each
 * poll costs is. BENCH_EXPLAIN=1 also prints the plans of the claim and the poll results on this data.
 */
import os from "node:os";
import { startFakeAdminServer } from "../fakes/shopify-admin";
import { startTryOnSimulator } from "../fakes/tryon-service";
import { createTestDatabase } from "../harness/database";
import { backendCpu, backendNames, cpuSince } from "./lib/cpu";
import { appPollCadence, loadAverage, makeSimClock, releaseSchedule, seedInFlight } from "./lib/in-flight";
import { compareResultStatements, explainPollStatements, renderUpdates, updatesSince } from "./lib/poll-plans";
import { fixed, sleep } from "./lib/stats";
import type { Benchmark } from "./lib/types";
import { buildCompiledBenchWorker, startBenchWorker, type BenchWorkerProcess } from "./lib/worker-process";
import type { CostReport } from "./worker-child";

const SHOPS = 500;
const RENDERS_PER_SHOP = 16;
const IN_FLIGHT = SHOPS * RENDERS_PER_SHOP;
const WORKERS = 4;
const WARMUP_MS = 10_000;
const WARMUP_MAX_MS = 120_000;
const MEASURE_MS = 30_000;
/** The goal: a quarter of a millisecond of our CPU per poll, 4,000 polls per core-second. */
export const GOAL_MS_PER_POLL = 0.25;

export interface PollCost {
  polls: number;
  errors: number;
  submits: number;
  windowMs: number;
  workerCpuMs: number;
  databaseCpuMs: number;
  simulatorCpuMs: number;
  loadAtStart: string;
  loadAtEnd: string;
  /** Per group of workers (A/B runs, see pollCost): its polls, its workers' CPU and its own backends' CPU. */
  groups: Array<{ label: string; pids: number[]; polls: number; workerCpuMs: number; databaseCpuMs: number }>;
}

export const msPerPoll = (cost: PollCost) => (cost.workerCpuMs + cost.databaseCpuMs) / Math.max(1, cost.polls);
export const pollsPerCoreSecond = (cost: PollCost) => 1000 / msPerPoll(cost);

/**
 * Opens every worker's window at once for `windowMs` and reads the CPU our side spent in it: each worker's own
 * process.cpuUsage, the database's backends from /proc, and this process's (the simulator's) apart.
 */
export async function measurePollCost(
  db: Parameters<typeof backendCpu>[0],
  workers: BenchWorkerProcess[],
  windowMs: number,
  /** Each worker's group, index for index; its connections carry application_name `bench-<group>`. */
  groupOf: string[] = [],
): Promise<PollCost> {
  const loadAtStart = loadAverage();
  const simulatorCpu = process.cpuUsage();
  const databaseCpu = await backendCpu(db);
  const opened = Date.now();
  for (const worker of workers) worker.send({ type: "measure" });
  await sleep(windowMs);
  const reports = await Promise.all(
    workers.map(async (worker) => {
      const answer = worker.next("report", 60_000);
      worker.send({ type: "report" });
      return (await answer).report as CostReport;
    }),
  );
  const simulator = process.cpuUsage(simulatorCpu);
  const databaseCpuAfter = await backendCpu(db);
  const databaseCpuMs = cpuSince(databaseCpu, databaseCpuAfter);
  const names = await backendNames(db);
  const sum = (pick: (report: CostReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  const groups = [...new Set(groupOf)].map((label) => {
    const mine = reports.filter((_, index) => groupOf[index] === label);
    const backends = (cpu: Map<number, number>) =>
      new Map([...cpu].filter(([pid]) => names.get(pid) === `bench-${label}`));
    return {
      label,
      pids: workers.filter((_, index) => groupOf[index] === label).map((worker) => worker.pid),
      polls: mine.reduce((total, report) => total + report.requests, 0),
      workerCpuMs: mine.reduce((total, report) => total + report.cpuMs, 0),
      databaseCpuMs: cpuSince(backends(databaseCpu), backends(databaseCpuAfter)),
    };
  });
  return {
    groups,
    polls: sum((report) => report.requests),
    errors: sum((report) => report.errors),
    submits: sum((report) => report.submits),
    windowMs: Date.now() - opened,
    workerCpuMs: sum((report) => report.cpuMs),
    databaseCpuMs,
    simulatorCpuMs: (simulator.user + simulator.system) / 1000,
    loadAtStart,
    loadAtEnd: loadAverage(),
  };
}

/** The figure lines every benchmark that measures poll cost prints. */
export function describePollCost(cost: PollCost): Array<[string, string]> {
  const per = (ms: number) => fixed(ms / Math.max(1, cost.polls), 3);
  const percent = (ms: number) => fixed((100 * ms) / cost.windowMs, 0);
  return [
    [
      "polls",
      `${cost.polls} status polls in ${fixed(cost.windowMs / 1000, 1)} s = ${fixed(cost.polls / (cost.windowMs / 1000), 0)}/s, ${cost.errors} failed, ${cost.submits} submits`,
    ],
    [
      "CPU per poll",
      `${fixed(msPerPoll(cost), 3)} ms (workers ${per(cost.workerCpuMs)} ms, PostgreSQL backends ${per(cost.databaseCpuMs)} ms) = ${fixed(pollsPerCoreSecond(cost), 0)} polls per core-second; simulator, left out, ${per(cost.simulatorCpuMs)} ms`,
    ],
    [
      "CPU, % of one core",
      `workers ${percent(cost.workerCpuMs)}, PostgreSQL ${percent(cost.databaseCpuMs)}, simulator ${percent(cost.simulatorCpuMs)}; ${os.availableParallelism()} cores`,
    ],
    ["load average", `${cost.loadAtStart} when the window opened, ${cost.loadAtEnd} when it closed`],
    ...cost.groups.map((group): [string, string] => {
      const per = (ms: number) => fixed(ms / Math.max(1, group.polls), 3);
      return [
        `group ${group.label}`,
        `${group.polls} polls, ${per(group.workerCpuMs + group.databaseCpuMs)} ms per poll (workers ${per(group.workerCpuMs)}, their PostgreSQL backends ${per(group.databaseCpuMs)}); worker pids ${group.pids.join(", ")}`,
      ];
    }),
  ];
}

/**
 * A/B in one run, so every side shares the machine's load (on a shared machine two runs minutes apart differ by
 * more than most changes): BENCH_AB_BASE=<path to a compiled build/bench/worker-child.js of other code> runs it
 * in some of the workers (group "base"), BENCH_AB_NODE_OPTIONS gives those Node options to some others (group
 * "options"), and today's code runs in the rest ("this"); workers are dealt to the groups in turn.
 * BENCH_WORKERS changes the number of workers (4), e.g. 6 for three groups of two.
 */
function abGroups(workers: number): Array<{ label: string; compiledEntry?: string; nodeOptions?: string[] }> {
  const base = process.env.BENCH_AB_BASE;
  const options = process.env.BENCH_AB_NODE_OPTIONS?.split(" ").filter(Boolean);
  const variants: Array<{ label: string; compiledEntry?: string; nodeOptions?: string[] }> = [
    ...(base ? [{ label: "base", compiledEntry: base }] : []),
    { label: base || options ? "this" : "all" },
    ...(options ? [{ label: "options", nodeOptions: options }] : []),
  ];
  return Array.from({ length: workers }, (_, index) => variants[index % variants.length] as (typeof variants)[number]);
}

/**
 * Waits until every render was polled twice (at least WARMUP_MS, at most WARMUP_MAX_MS): by then each worker has
 * met every shop and made its client, which on a loaded machine takes longer than a fixed warm-up, and a window
 * that caught those first ticks counted 500 client set-ups per worker as polling.
 */
async function warmUp(db: Parameters<typeof backendCpu>[0]): Promise<number> {
  const started = Date.now();
  await sleep(WARMUP_MS);
  while (Date.now() - started < WARMUP_MAX_MS) {
    const [row] = await db.$queryRaw<
      Array<{ least: number | null }>
    >`SELECT min("pollCount")::int AS least FROM "Render"`;
    if ((row?.least ?? 0) >= 2) break;
    await sleep(2_000);
  }
  return Date.now() - started;
}

const withApplicationName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
};

export const pollCost: Benchmark = {
  id: "poll-cost",
  number: 15,
  title: "CPU per status poll",
  summary: `${IN_FLIGHT.toLocaleString("en-US")} running renders (${SHOPS} shops × ${RENDERS_PER_SHOP}, a try-on key each, hour-long jobs) due every 3.0–3.5 s, polled by ${WORKERS} compiled worker processes sharing one PostgreSQL database: CPU time of the workers and their PostgreSQL backends per status poll over ${MEASURE_MS / 1000} s (simulator measured apart, left out). PostgreSQL.`,
  async run(ctx) {
    const cadence = appPollCadence();
    const database = await createTestDatabase("postgres");
    const clock = makeSimClock();
    const sim = await startTryOnSimulator(
      { jobDurationMs: { min: 3_600_000, max: 3_600_000 }, maxConcurrentJobs: RENDERS_PER_SHOP },
      { now: clock.now },
    );
    const admin = await startFakeAdminServer();
    const workers: BenchWorkerProcess[] = [];
    try {
      ctx.log(`seeding ${SHOPS} shops and submitting ${IN_FLIGHT} hour-long jobs…`);
      await seedInFlight(database.prisma, sim, clock, {
        shops: SHOPS,
        perShop: RENDERS_PER_SHOP,
        concurrencyCap: RENDERS_PER_SHOP,
        credits: 10_000,
        // Shops interleaved over one mean interval, so the load is even from the first second.
        firstDueMs: (shop, render) => Math.round(((render * SHOPS + shop) / IN_FLIGHT) * cadence.meanMs),
      });
      // Statistics as autovacuum keeps them in a running installation: fresh tables without them made the claim
      // visit every due render shop by shop (EXPLAIN, docs/benchmarks.md section 15), whenever autovacuum came late.
      if (process.env.BENCH_NO_ANALYZE !== "1") await database.prisma.$executeRaw`ANALYZE`;
      const groups = abGroups(Number(process.env.BENCH_WORKERS ?? WORKERS));
      if (groups.some((group) => group.compiledEntry)) buildCompiledBenchWorker();
      workers.push(
        ...(await Promise.all(
          groups.map((group) =>
            startBenchWorker({
              mode: "cost",
              compiled: true,
              databaseUrl: withApplicationName(database.url, `bench-${group.label}`),
              adminUrl: admin.url,
              tokens: new Map(),
              ...(group.compiledEntry ? { compiledEntry: group.compiledEntry } : {}),
              ...(group.nodeOptions ? { nodeOptions: group.nodeOptions } : {}),
            }),
          ),
        )),
      );
      await releaseSchedule(database.prisma, clock, 1_000);
      ctx.log(
        `released; warming up (every render polled twice, at least ${WARMUP_MS / 1000} s), then measuring ${MEASURE_MS / 1000} s…`,
      );
      const warmedAt = await warmUp(database.prisma);
      ctx.log(`warm after ${fixed(warmedAt / 1000, 0)} s`);
      const updatesBefore = await renderUpdates(database.prisma);
      const cost = await measurePollCost(
        database.prisma,
        workers,
        MEASURE_MS,
        groups.map((group) => group.label),
      );
      const updates = updatesSince(updatesBefore, await renderUpdates(database.prisma));
      const ms = msPerPoll(cost);
      if (process.env.BENCH_EXPLAIN === "1") {
        // Diagnostic, after the window: the plans of the claim and the poll results on this data (rolled back).
        const plans = await explainPollStatements(database.prisma, 500);
        ctx.log(`claim of 500 due renders:\n${plans.claim}\npoll results of those 500:\n${plans.results}`);
        // The narrower "still running" update against the worker's, on the backend's CPU (ADR 079, item 8).
        const compared = await compareResultStatements(database.prisma, 6);
        ctx.log(
          `poll results of 500 still-running renders, backend CPU over 6 rounds each: the worker's update ${compared.fullMs} ms, the narrow one ${compared.narrowMs} ms (${compared.rows} rows in all)`,
        );
        if (process.env.BENCH_EXPLAIN_ANALYZED === "1") {
          await database.prisma.$executeRaw`ANALYZE`;
          const analyzed = await explainPollStatements(database.prisma, 500);
          ctx.log(`after ANALYZE, claim:\n${analyzed.claim}\npoll results:\n${analyzed.results}`);
        }
      }
      return {
        id: this.id,
        title: this.title,
        database: "PostgreSQL",
        figures: [
          [
            "schedule",
            `${IN_FLIGHT.toLocaleString("en-US")} renders due every ${cadence.minMs / 1000}–${cadence.maxMs / 1000} s: ${fixed(IN_FLIGHT / (cadence.meanMs / 1000), 0)} polls/s asked of ${WORKERS} workers`,
          ],
          ...describePollCost(cost),
          [
            "Render row updates",
            `${updates.updates} in the window (${fixed(updates.updates / Math.max(1, cost.polls), 2)} per poll), ${fixed((100 * updates.hot) / Math.max(1, updates.updates), 0)} % of them HOT (no index entry written)`,
          ],
        ],
        headline: `${fixed(ms, 3)} ms of CPU per poll (workers ${fixed(cost.workerCpuMs / Math.max(1, cost.polls), 3)}, PostgreSQL ${fixed(cost.databaseCpuMs / Math.max(1, cost.polls), 3)}) = ${fixed(pollsPerCoreSecond(cost), 0)} polls per core-second at ${fixed(cost.polls / (cost.windowMs / 1000), 0)} polls/s; load average ${cost.loadAtEnd.split(" ")[0]}`,
        baseline: `the goal's budget: ${GOAL_MS_PER_POLL} ms, ${fixed(1000 / GOAL_MS_PER_POLL, 0)} per core-second; ${fixed(ms / GOAL_MS_PER_POLL)}× it`,
        goal: `≤ ${GOAL_MS_PER_POLL} ms per poll (${fixed(1000 / GOAL_MS_PER_POLL, 0)} polls per core-second)`,
        met: cost.polls > 0 && ms <= GOAL_MS_PER_POLL,
        notes:
          cost.polls > 0 && ms > GOAL_MS_PER_POLL
            ? [`${fixed(ms, 3)} ms per poll is over the ${GOAL_MS_PER_POLL} ms budget.`]
            : [],
      };
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await sim.stop();
      await admin.close();
      await database.close();
    }
  },
};
