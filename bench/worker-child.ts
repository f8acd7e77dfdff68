/**
 * A worker in its own process, for benchmarks 2, 4, 7 and 10: the app's worker wired to the simulator and the fake
 * Admin API server exactly as test/support/worker-process.ts wires it, plus measurements taken from outside the
 * worker's code (a wrapped try-on client, a Prisma query hook, RSS sampling). Driven over IPC by
 * bench/lib/worker-process.ts. Modes:
 *
 *   schedule  the worker runs; every status poll's lateness against the render's nextAttemptAt is recorded
 *   timers    baseline for `schedule`: no worker, one timer per job polling on the same 3.0-3.5 s schedule
 *   import    the worker runs; RSS is sampled and the kernel's peak RSS (VmHWM) read around the imports
 *   run       the worker runs, nothing is measured
 *   cost      the worker runs; only its status polls and its CPU in the window are counted (benchmarks 10 and 15:
 *             nothing on the worker's path but a counter, so the CPU is the worker's own)
 */
import "./lib/env";
import { readFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { PrismaClient, Render } from "@prisma/client";
import { z } from "zod";
import { createPrismaClient } from "~/db/prisma-client.server";
import { installOneHttpClient } from "~/net/outbound";
import type { TryOnClient } from "~/tryon";
import { makeWorker, type Worker } from "~/worker/worker";
import { workerDepsFor } from "../harness/pipeline";
import { instantFilesMedia } from "./lib/fixtures";

const env = z
  .object({
    DATABASE_URL: z.string(),
    FAKE_ADMIN_URL: z.string(),
    FAKE_ADMIN_TOKENS: z.string().transform((value) => z.record(z.string(), z.string()).parse(JSON.parse(value))),
    BENCH_MODE: z.enum(["schedule", "timers", "import", "run", "cost"]),
    /** "instant": Shopify's side of an import reduced to accepting it (bench/lib/fixtures.ts instantFilesMedia). */
    BENCH_MEDIA: z.enum(["fake-admin", "instant"]).default("fake-admin"),
    WORKER_CONFIG: z.string().default("{}"),
    /** Diagnostic: status polls go out without the worker's shutdown signal (see benchmark 2's --full variant). */
    BENCH_STRIP_SIGNAL: z.enum(["0", "1"]).default("0"),
    /** Diagnostic (needs --expose-gc): collect garbage every this many ms, so the peak shows what imports keep alive. */
    BENCH_GC_EVERY_MS: z.coerce.number().int().nonnegative().default(0),
    /** Baseline for benchmark 4: "off" runs the worker without collecting after large transfers (ADR 058). */
    BENCH_TRANSFER_GC: z.enum(["on", "off"]).default("on"),
  })
  .parse(process.env);

export type ParentMessage = { type: "measure" } | { type: "report" } | { type: "go" } | { type: "stop" };
export type ChildMessage =
  | { type: "ready"; rss: number }
  | { type: "idle"; rss: number }
  | { type: "report"; report: ScheduleReport | ImportReport | CostReport }
  | { type: "stopped" };

export interface ScheduleReport {
  kind: "schedule";
  /** Lateness of every status request sent in the window, ms (send time − scheduled time). */
  latenessMs: number[];
  /** The shop of each of those requests, index for index (benchmark 10 judges every shop apart). */
  pollShops: string[];
  /** The worker only: from nextAttemptAt to the claim that took the render, and from that claim to the request. */
  claimWaitMs: number[];
  /** How long each status request took. */
  requestMs: number[];
  /** From each request's scheduled time to its answer, ms (lateness plus request time; benchmark 1 uses it). */
  answeredMs: number[];
  inTickMs: number[];
  requests: number;
  errors: number;
  windowMs: number;
  cpuMs: number;
  /** The poller's event loop delay over the window (a blocked loop delays every timer and socket). */
  loopDelayMs: { p99: number; max: number };
  /** Every statement the worker sent in the window: when, how long, how many rows came back. */
  statements: Array<{ at: number; ms: number; rows: number; label: string }>;
}

export interface CostReport {
  kind: "cost";
  /** Status requests sent in the window, and how many failed. */
  requests: number;
  errors: number;
  /** Submits sent in the window (benchmark 10's steady state replaces finished renders). */
  submits: number;
  windowMs: number;
  /** process.cpuUsage over the window, user + system, every thread of the process. */
  cpuMs: number;
}

export interface ImportReport {
  kind: "import";
  idleRss: number;
  /** Kernel high-water mark since the reset at `go` (VmHWM), and the highest sampled RSS. */
  peakRss: number;
  sampledPeakRss: number;
  samples: number;
  downloadedBytes: number[];
  /**
   * process.memoryUsage() when idle, and at the highest RSS of a coarser sampling (every 10 ms): tells the V8 heap
   * and ArrayBuffers (network chunks, pixel arrays) apart from the rest (native allocations, compiled code).
   */
  usageAtIdle: NodeJS.MemoryUsage;
  usageAtPeak: NodeJS.MemoryUsage;
}

// As app/worker/main.ts does: one HTTP client in the process.
installOneHttpClient();
const send = (message: ChildMessage) => process.send?.(message);
const rawDb = createPrismaClient(env.DATABASE_URL);
const config = JSON.parse(env.WORKER_CONFIG) as Record<string, unknown>;

// ---- schedule / timers: lateness of each poll against its schedule ------------------------------------------
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const scheduled = new Map<string, number>();
const shopOf = new Map<string, string>();
const claimedAt = new Map<string, number>();
const window = {
  open: false,
  startedAt: 0,
  cpu: process.cpuUsage(),
  lateness: [] as number[],
  pollShops: [] as string[],
  claimWait: [] as number[],
  durations: [] as number[],
  answered: [] as number[],
  inTick: [] as number[],
  requests: 0,
  errors: 0,
  submits: 0,
  statements: [] as Array<{ at: number; ms: number; rows: number; label: string }>,
};

/** A short name for a statement, to tell the steps of a tick apart. */
function labelOf(operation: string, args: unknown): string {
  const sql = (args as { strings?: string[] } | undefined)?.strings?.[0] ?? "";
  if (sql.includes("'submit_unknown'")) return "expire-submit-leases";
  if (sql.includes("pg_advisory_xact_lock")) return "lock-submit-claims";
  if (sql.includes("WITH in_flight")) return "claim-submits";
  if (sql.includes("WITH picked")) return "claim-work";
  if (sql.includes("WITH v AS")) return "record-poll-results";
  if (sql.includes('"ShopSettings"')) return "record-durations";
  return operation;
}

/** Remembers each claimed render's nextAttemptAt: the claim's RETURNING r.* rows pass through here. */
const observedDb = rawDb.$extends({
  query: {
    async $allOperations({ model, operation, args, query }) {
      const started = Date.now();
      const result = await query(args);
      if (window.open)
        window.statements.push({
          at: started,
          ms: Date.now() - started,
          rows: Array.isArray(result) ? result.length : -1,
          // The model too: per-shop statements (ServiceGate reads and writes) must be told from per-tick ones.
          label: model ? `${model}.${operation}` : labelOf(operation, args),
        });
      if (operation === "$queryRaw" && Array.isArray(result)) {
        for (const row of result as Array<Partial<Render>>) {
          if (row && row.externalJobId && row.nextAttemptAt instanceof Date) {
            scheduled.set(row.externalJobId, row.nextAttemptAt.getTime());
            if (row.shop) shopOf.set(row.externalJobId, row.shop);
            claimedAt.set(row.externalJobId, Date.now());
          }
        }
      }
      return result;
    },
  },
}) as unknown as PrismaClient;

function timedClient(inner: TryOnClient): TryOnClient {
  return {
    ...inner,
    async getJobStatus(jobId, options) {
      const due = scheduled.get(jobId);
      if (window.open && due !== undefined) {
        const now = Date.now();
        window.lateness.push(now - due);
        window.pollShops.push(shopOf.get(jobId) ?? "");
        window.requests += 1;
        const claimed = claimedAt.get(jobId);
        if (claimed !== undefined) {
          window.claimWait.push(claimed - due);
          window.inTick.push(now - claimed);
        }
      }
      const sent = Date.now();
      try {
        return await inner.getJobStatus(jobId, env.BENCH_STRIP_SIGNAL === "1" ? {} : options);
      } catch (error) {
        if (window.open) window.errors += 1;
        throw error;
      } finally {
        if (window.open) window.durations.push(Date.now() - sent);
        if (window.open && due !== undefined) window.answered.push(Date.now() - due);
      }
    },
  };
}

/** Counts status polls and submits in the window, and nothing else: the CPU measured is the worker's. */
function countedClient(inner: TryOnClient): TryOnClient {
  return {
    ...inner,
    async getJobStatus(jobId, options) {
      if (!window.open) return inner.getJobStatus(jobId, options);
      window.requests += 1;
      try {
        return await inner.getJobStatus(jobId, options);
      } catch (error) {
        window.errors += 1;
        throw error;
      }
    },
    async submitTryOnJob(input, options) {
      if (window.open) window.submits += 1;
      return inner.submitTryOnJob(input, options);
    },
  };
}

// ---- import: RSS ----------------------------------------------------------------------------------------------
const rssSamples = {
  peak: 0,
  count: 0,
  idle: [] as number[],
  usageAtIdle: process.memoryUsage(),
  usageAtPeak: process.memoryUsage(),
};
const downloadedBytes: number[] = [];
function vmHwm(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}
function resetHwm() {
  // Linux: writing 5 to clear_refs resets the peak RSS to the current RSS.
  writeFileSync("/proc/self/clear_refs", "5");
}
function sizedClient(inner: TryOnClient): TryOnClient {
  return {
    ...inner,
    async downloadJobResult(job, options) {
      const result = await inner.downloadJobResult(job, options);
      let bytes = 0;
      const counted = result.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            bytes += chunk.byteLength;
            controller.enqueue(chunk);
          },
          flush() {
            downloadedBytes.push(bytes);
          },
        }),
      );
      return { ...result, body: counted };
    },
  };
}

// ---- wiring -----------------------------------------------------------------------------------------------------
const deps = workerDepsFor({
  db: env.BENCH_MODE === "schedule" ? observedDb : rawDb,
  adminUrl: env.FAKE_ADMIN_URL,
  tokens: env.FAKE_ADMIN_TOKENS,
  workerId: `bench-${env.BENCH_MODE}-${process.pid}`,
  config,
  ...(env.BENCH_TRANSFER_GC === "off" ? { transferGc: { moved() {} } } : {}),
});
if (env.BENCH_MEDIA === "instant") deps.renderMediaFor = async () => instantFilesMedia();
const wrap =
  env.BENCH_MODE === "schedule"
    ? timedClient
    : env.BENCH_MODE === "import"
      ? sizedClient
      : env.BENCH_MODE === "cost"
        ? countedClient
        : (client: TryOnClient) => client;
let worker: Worker | undefined;
let running: Promise<void> | undefined;
const timers = new Set<NodeJS.Timeout>();
let stopping = false;

if (env.BENCH_MODE !== "timers") {
  worker = makeWorker({
    ...deps,
    makeTryOnClient: (options) => wrap(deps.makeTryOnClient(options)),
    logger: {
      info() {},
      warn() {},
      error: (message, context) => console.error(JSON.stringify({ message, ...context })),
    },
  });
  running = worker.run();
}

/** The baseline poller: one timer per job, the worker's 3.0-3.5 s interval, no database on the way. */
async function startTimers() {
  const renders = await rawDb.render.findMany({
    where: { state: "running" },
    select: { externalJobId: true, nextAttemptAt: true, shop: true },
  });
  const settings = await rawDb.shopSettings.findMany();
  const client = timedClient(
    deps.makeTryOnClient({
      baseUrl: settings[0]?.tryOnBaseUrl ?? "",
      apiKey: deps.secretBox.open(settings[0]?.tryOnApiKeyEncrypted ?? "", settings[0]?.shop ?? ""),
    }),
  );
  const arm = (jobId: string, at: number) => {
    scheduled.set(jobId, at);
    const timer = setTimeout(
      async () => {
        timers.delete(timer);
        try {
          await client.getJobStatus(jobId);
        } catch {
          // counted in the window's errors
        }
        if (!stopping) arm(jobId, Date.now() + 3_000 + Math.round(Math.random() * 500));
      },
      Math.max(0, at - Date.now()),
    );
    timers.add(timer);
  };
  for (const render of renders) {
    if (!render.externalJobId || !render.nextAttemptAt) continue;
    shopOf.set(render.externalJobId, render.shop);
    arm(render.externalJobId, render.nextAttemptAt.getTime());
  }
}

let sampler: NodeJS.Timeout | undefined;
if (env.BENCH_MODE === "import") {
  const collect = (globalThis as { gc?: () => void }).gc;
  let lastGc = Date.now();
  sampler = setInterval(() => {
    if (collect && env.BENCH_GC_EVERY_MS > 0 && Date.now() - lastGc >= env.BENCH_GC_EVERY_MS) {
      collect();
      lastGc = Date.now();
    }
    const rss = process.memoryUsage.rss();
    if (rssSamples.count % 5 === 0) {
      const usage = process.memoryUsage();
      if (usage.rss > rssSamples.usageAtPeak.rss) rssSamples.usageAtPeak = usage;
    }
    rssSamples.count += 1;
    if (rss > rssSamples.peak) rssSamples.peak = rss;
    rssSamples.idle.push(rss);
  }, 2);
}

process.on("message", (message: ParentMessage) => {
  void (async () => {
    switch (message.type) {
      case "go":
        if (env.BENCH_MODE === "timers") await startTimers();
        if (env.BENCH_MODE === "import") {
          // Idle: the median of the last second's samples, the loop ticking with nothing to do.
          const recent = rssSamples.idle.slice(-500).sort((a, b) => a - b);
          const idle = recent[Math.floor(recent.length / 2)] ?? process.memoryUsage.rss();
          rssSamples.idle = [];
          rssSamples.peak = 0;
          rssSamples.count = 0;
          rssSamples.usageAtIdle = process.memoryUsage();
          rssSamples.usageAtPeak = rssSamples.usageAtIdle;
          resetHwm();
          idleRss = idle;
          send({ type: "idle", rss: idle });
        }
        break;
      case "measure":
        loopDelay.enable();
        loopDelay.reset();
        window.open = true;
        window.startedAt = Date.now();
        window.cpu = process.cpuUsage();
        break;
      case "report": {
        if (env.BENCH_MODE === "import") {
          send({
            type: "report",
            report: {
              kind: "import",
              idleRss,
              peakRss: vmHwm(),
              sampledPeakRss: rssSamples.peak,
              samples: rssSamples.count,
              downloadedBytes,
              usageAtIdle: rssSamples.usageAtIdle,
              usageAtPeak: rssSamples.usageAtPeak,
            },
          });
          break;
        }
        window.open = false;
        loopDelay.disable();
        const cpu = process.cpuUsage(window.cpu);
        if (env.BENCH_MODE === "cost") {
          send({
            type: "report",
            report: {
              kind: "cost",
              requests: window.requests,
              errors: window.errors,
              submits: window.submits,
              windowMs: Date.now() - window.startedAt,
              cpuMs: (cpu.user + cpu.system) / 1000,
            },
          });
          break;
        }
        send({
          type: "report",
          report: {
            kind: "schedule",
            latenessMs: window.lateness,
            pollShops: window.pollShops,
            claimWaitMs: window.claimWait,
            requestMs: window.durations,
            answeredMs: window.answered,
            inTickMs: window.inTick,
            requests: window.requests,
            errors: window.errors,
            windowMs: Date.now() - window.startedAt,
            statements: window.statements,
            cpuMs: (cpu.user + cpu.system) / 1000,
            loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
          },
        });
        break;
      }
      case "stop":
        stopping = true;
        for (const timer of timers) clearTimeout(timer);
        if (sampler) clearInterval(sampler);
        await worker?.stop();
        await running;
        await rawDb.$disconnect();
        send({ type: "stopped" });
        process.exit(0);
    }
  })();
});

let idleRss = 0;
// Connected and loaded: one query so the pool is open before the parent starts measuring.
await rawDb.$queryRaw`SELECT 1`;
send({ type: "ready", rss: process.memoryUsage.rss() });
