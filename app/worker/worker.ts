import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { PrismaClient, Render } from "@prisma/client";
import pLimit from "p-limit";
import { STEP_OF_STATE, type Metrics } from "~/metrics/metrics.server";
import type { RenderMedia } from "~/renders/review/media-port";
import type { SecretBox } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import { makeHeartbeat } from "./heartbeat";
import { makeServiceGates, makeSharedGateReader, TickGateState } from "./service-gates";
import { makeShopRuntimeLoader } from "./shop-runtime";
import { claimDueSubmits, claimDueWork, lockSubmitClaims } from "./sql/claim-renders";
import { completeFinishedRuns } from "./sql/complete-runs";
import { expireSubmitLeases } from "./sql/expire-submit-leases";
import type { RenderColourScorer } from "~/colour/render-colour.server";
import { nextDueAt } from "./sql/next-due";
import { checkImportedFiles, importRender } from "./steps/import-render";
import { pollRenders } from "./steps/poll-renders";
import { publishRender } from "./steps/publish-render";
import { submitRender } from "./steps/submit-render";
import { gatherAutomation, type AutomationDeps } from "./steps/gather-automation";
import { abortableSleep, type TickContext, type WorkerLogger } from "./tick-context";
import type { TransferGc } from "./transfer-gc";
import { makeWorkerConfig, type WorkerConfig, type WorkerConfigInput } from "./worker-config";

export interface WorkerDeps {
  db: PrismaClient;
  secretBox: SecretBox;
  makeTryOnClient(options: { baseUrl: string; apiKey: string }): TryOnClient;
  renderMediaFor(shop: string): Promise<RenderMedia>;
  defaultTryOnBaseUrl?: string | undefined;
  config?: WorkerConfigInput;
  workerId?: string;
  now?: () => Date;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: WorkerLogger;
  /** Counters and histograms for /metrics (app/metrics); none in tests that do not look at them. */
  metrics?: Metrics;
  /** Scores an imported render's colours against its product photo before review (issue 16); none: not scored. */
  scoreRenderColour?: RenderColourScorer;
  /** Told the bytes of each import, to give memory back after large transfers (ADR 058); none: never collects. */
  transferGc?: TransferGc;
  /** Gathers product deliveries into automatic runs (issue 29); none: deliveries wait for a worker that has it. */
  automation?: AutomationDeps;
}

export interface TickReport {
  submitted: number;
  worked: number;
  /** True when a claim came back full: there is more due work, so the next tick should not wait. */
  saturated: boolean;
  /** How long `run()` waits before the next tick: 0 when saturated, else until the next render is due (capped). */
  idleMs: number;
}

export interface Worker {
  readonly id: string;
  readonly config: WorkerConfig;
  /** One pass: reap lost submits, claim due work, run it, write the results. */
  tick(): Promise<TickReport>;
  /** Ticks until `stop()`; resolves when the loop has ended. */
  run(): Promise<void>;
  /** Stops claiming, lets in-flight submits finish, aborts polls and releases their leases. */
  stop(): Promise<void>;
}

const silentLogger: WorkerLogger = { info() {}, warn() {}, error() {} };

/**
 * The background loop. Like graphile-worker's worker: claim is one atomic statement, every write is fenced by
 * the lease token, and the loop can be driven tick by tick (tests, benchmarks) or run until stopped.
 */
export function makeWorker(deps: WorkerDeps): Worker {
  const config = makeWorkerConfig(deps.config);
  const id = deps.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const sleep = deps.sleep ?? abortableSleep;
  const logger = deps.logger ?? silentLogger;
  const gates = makeServiceGates(deps.db);
  // On the worker's clock: an injected test clock that stands still never re-reads, so counts stay exact.
  const gateClock = () => now().getTime();
  const readSharedGate = makeSharedGateReader(deps.db, { recheckMs: config.gateRecheckMs, clock: gateClock });
  const loadShopRuntimes = makeShopRuntimeLoader({
    db: deps.db,
    secretBox: deps.secretBox,
    defaultTryOnBaseUrl: deps.defaultTryOnBaseUrl,
    makeTryOnClient: deps.makeTryOnClient,
  });
  const shutdown = new AbortController();
  // Every poll, download and upload in flight listens to it (app/tryon/deadline.ts): dozens at once is by design.
  setMaxListeners(0, shutdown.signal);
  const heartbeat = makeHeartbeat(deps.db, id);
  let running: Promise<void> | undefined;
  let stopping = false;

  async function tick(): Promise<TickReport> {
    const tickStart = now();
    await expireSubmitLeases(deps.db, tickStart);
    if (stopping) return { submitted: 0, worked: 0, saturated: false, idleMs: config.tickIntervalMs };
    if (deps.automation) await gatherAutomation({ db: deps.db, config, now, logger, deps: deps.automation });

    const claim = { workerId: id, now: tickStart };
    const [, submits] = await deps.db.$transaction([
      lockSubmitClaims(deps.db),
      claimDueSubmits(deps.db, { ...claim, leaseMs: config.submitLeaseMs, limit: config.submitBatchSize }),
    ]);
    const work = await claimDueWork(deps.db, { ...claim, leaseMs: config.workLeaseMs, limit: config.workBatchSize });
    if (submits.length === 0 && work.length === 0)
      return { submitted: 0, worked: 0, saturated: false, idleMs: await idleMs() };

    observeClaims(tickStart, submits, work);
    const shops = [...new Set([...submits, ...work].map((render) => render.shop))];
    const ctx: TickContext = {
      db: deps.db,
      config,
      now,
      random,
      logger,
      runtimes: await loadShopRuntimes(shops),
      gates,
      tickGates: new TickGateState({ read: readSharedGate, recheckMs: config.gateRecheckMs, clock: gateClock }),
      renderMediaFor: deps.renderMediaFor,
      scoreRenderColour: deps.scoreRenderColour,
      transferGc: deps.transferGc,
      signal: shutdown.signal,
      metrics: deps.metrics,
    };

    const byState = (...states: Render["state"][]) => work.filter((render) => states.includes(render.state));
    const importing = new Map<string, Render[]>();
    for (const render of byState("importing"))
      importing.set(render.shop, [...(importing.get(render.shop) ?? []), render]);

    await Promise.all([
      pLimit(config.httpConcurrency).map(submits, (render) => guard(render, () => submitRender(ctx, render))),
      pollRenders(ctx, byState("running", "stalled")),
      pLimit(Math.max(1, Math.floor(config.httpConcurrency / 4))).map(byState("rendered", "import_failed"), (render) =>
        guard(render, () => importRender(ctx, render)),
      ),
      pLimit(4).map([...importing.entries()], ([shop, renders]) => checkImportedFiles(ctx, shop, renders)),
      pLimit(4).map(byState("publishing"), (render) => guard(render, () => publishRender(ctx, render))),
    ]);
    await completeFinishedRuns(deps.db, now());
    const saturated = submits.length === config.submitBatchSize || work.length === config.workBatchSize;
    return { submitted: submits.length, worked: work.length, saturated, idleMs: saturated ? 0 : await idleMs() };
  }

  /** Submits and polls claimed, and how late each step was claimed after it fell due (the schedule's accuracy). */
  function observeClaims(at: Date, submits: Render[], work: Render[]) {
    const metrics = deps.metrics;
    if (!metrics) return;
    metrics.submits.inc(submits.length);
    for (const render of [...submits, ...work]) {
      const step = STEP_OF_STATE[render.state] ?? render.state;
      if (step === "poll") metrics.polls.inc();
      const due = render.nextAttemptAt ?? at;
      metrics.lateness.observe({ step }, Math.max(0, at.getTime() - due.getTime()) / 1000);
    }
  }

  async function idleMs(): Promise<number> {
    const from = now();
    const due = await nextDueAt(deps.db, from, new Date(from.getTime() + config.tickIntervalMs));
    if (!due) return config.tickIntervalMs;
    return Math.min(config.tickIntervalMs, Math.max(config.minTickGapMs, due.getTime() - from.getTime()));
  }

  /** A bug in one step must not stop the loop; the render's lease expires and it is picked up again. */
  async function guard(render: Render, step: () => Promise<void>) {
    try {
      await step();
    } catch (error) {
      logger.error("render step failed", { renderId: render.id, state: render.state, error: String(error) });
    }
  }

  /** A failed beat is logged, never fatal: the next one, or the next tick, will tell. */
  function beat(): Promise<void> {
    return heartbeat.beat().catch((error: unknown) => logger.warn("heartbeat failed", { error: String(error) }));
  }

  async function loop(): Promise<void> {
    let lastBeat = beat();
    // Beats on its own timer, so one long tick (a slow network) does not read as a dead worker.
    const timer = setInterval(() => (lastBeat = beat()), config.heartbeatIntervalMs);
    try {
      await ticks();
    } finally {
      clearInterval(timer);
      // A beat still in flight would clear the stop's mark if it landed after it.
      await lastBeat;
      await heartbeat.stopped().catch((error: unknown) => logger.warn("heartbeat failed", { error: String(error) }));
    }
  }

  async function ticks(): Promise<void> {
    while (!stopping) {
      let report: TickReport = { submitted: 0, worked: 0, saturated: false, idleMs: config.tickIntervalMs };
      try {
        report = await tick();
      } catch (error) {
        logger.error("tick failed", { error: String(error) });
      }
      if (report.idleMs > 0 && !stopping) await sleep(report.idleMs, shutdown.signal);
    }
  }

  return {
    id,
    config,
    tick,
    run() {
      running ??= loop();
      return running;
    },
    async stop() {
      stopping = true;
      // Polls and imports stop waiting on the network; a submit is never aborted mid-flight.
      shutdown.abort();
      await running;
      // Leases this worker still holds on anything but a submit go back at once, so another worker can continue.
      await deps.db.render.updateMany({
        where: { leaseOwner: id, state: { not: "submitting" } },
        data: { leaseOwner: null, leaseExpiresAt: null },
      });
    },
  };
}
