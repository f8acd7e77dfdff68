import type { PrismaClient } from "@prisma/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import type { WorkerLogger } from "~/worker/tick-context";
import { makeWorker, type Worker, type WorkerDeps } from "~/worker/worker";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop, TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";

const SHOP = "loop.myshopify.com";
const API_KEY = "loop-test-key-0001";
const T0 = Date.UTC(2026, 5, 1, 12);

/** A service whose jobs are always still running, counting the status checks. */
function runningTryOn() {
  const polls: string[] = [];
  const client = {
    async getJobStatus(jobId: string) {
      polls.push(jobId);
      return { jobId, status: "running", rawStatus: "processing" };
    },
  } as unknown as TryOnClient;
  return { client, polls };
}

function recordingLogger() {
  const lines: Array<{ level: string; message: string; context?: Record<string, unknown> }> = [];
  const logger: WorkerLogger = {
    info: (message, context) => lines.push({ level: "info", message, ...(context ? { context } : {}) }),
    warn: (message, context) => lines.push({ level: "warn", message, ...(context ? { context } : {}) }),
    error: (message, context) => lines.push({ level: "error", message, ...(context ? { context } : {}) }),
  };
  return { logger, lines };
}

describe("the worker's loop: ticks, sleeps and shutdown", () => {
  let database: TestDatabase;
  let tryOn: ReturnType<typeof runningTryOn>;

  const deps = (overrides: Partial<WorkerDeps> = {}): WorkerDeps => ({
    db: database.prisma,
    secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
    makeTryOnClient: () => tryOn.client,
    renderMediaFor: async () => {
      throw new Error("not used");
    },
    now: () => new Date(T0),
    random: () => 0.5,
    ...overrides,
  });

  /**
   * Runs the worker with a sleep that records each wait and stops the worker at the first one. A loop that never
   * sleeps is stopped after 200 reads of its clock, so a broken loop fails the test instead of spinning.
   */
  async function runUntilFirstSleep(make: (extra: Partial<WorkerDeps>) => Worker) {
    const sleeps: number[] = [];
    let clockReads = 0;
    const worker: Worker = make({
      now: () => {
        if (++clockReads > 200) void worker.stop();
        return new Date(T0);
      },
      sleep: async (ms) => {
        sleeps.push(ms);
        void worker.stop();
      },
    });
    await worker.run();
    return { sleeps, worker };
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    tryOn = runningTryOn();
    await database.prisma.shop.deleteMany();
    await seedShop(database.prisma, SHOP, {
      concurrencyCap: 5_000,
      tryOnApiKeyEncrypted: makeSecretBox(TEST_ENCRYPTION_KEY).seal(API_KEY, SHOP),
      tryOnKeyHash: hashServiceKey(API_KEY),
      tryOnBaseUrl: "https://tryon.test",
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("an idle tick claims nothing, is not saturated, and waits the tick interval", async () => {
    const worker = makeWorker(deps());
    expect(await worker.tick()).toEqual({ submitted: 0, worked: 0, saturated: false, idleMs: 1_000 });
  });

  it("a stopping worker claims nothing, even with work due", async () => {
    const worker = makeWorker(deps());
    await seedRenders(database.prisma, SHOP, 1, { nextAttemptAt: new Date(T0 - 1_000) });
    await worker.stop();
    expect(await worker.tick()).toEqual({ submitted: 0, worked: 0, saturated: false, idleMs: 1_000 });
    const [render] = await database.prisma.render.findMany({ where: { shop: SHOP } });
    expect([render?.state, render?.leaseOwner]).toEqual(["queued", null]);
  });

  it("ticks again at once after a full claim, and sleeps only once a tick leaves nothing due", async () => {
    await seedRenders(database.prisma, SHOP, 2, {
      state: "running",
      externalJobId: "job",
      submittedAt: new Date(T0 - 60_000),
      nextAttemptAt: new Date(T0 - 1_000),
    });
    const { sleeps } = await runUntilFirstSleep((extra) =>
      makeWorker(deps({ config: { workBatchSize: 1 }, ...extra })),
    );
    expect(tryOn.polls.sort()).toEqual(["job-1", "job-2"]);
    expect(sleeps).toEqual([1_000]);
  });

  it("after a failed tick, logs it and waits the whole tick interval before the next", async () => {
    // The next render falls due in 300 ms: a tick that ran would wait only that long.
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "later",
      submittedAt: new Date(T0 - 60_000),
      nextAttemptAt: new Date(T0 + 300),
    });
    const { logger, lines } = recordingLogger();
    let failed = false;
    const { sleeps } = await runUntilFirstSleep((extra) => {
      const now = extra.now ?? (() => new Date(T0));
      return makeWorker(
        deps({
          logger,
          ...extra,
          now: () => {
            if (!failed) {
              failed = true;
              throw new Error("clock broke");
            }
            return now();
          },
        }),
      );
    });
    expect(sleeps).toEqual([1_000]);
    expect(lines.filter((line) => line.level === "error")).toEqual([
      { level: "error", message: "tick failed", context: { error: "Error: clock broke" } },
    ]);
  });

  it("stops its heartbeat timer when the loop ends", async () => {
    const started: unknown[] = [];
    const cleared: unknown[] = [];
    const setIntervalReal = globalThis.setInterval;
    const clearIntervalReal = globalThis.clearInterval;
    vi.spyOn(globalThis, "setInterval").mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const timer = setIntervalReal(...args);
      started.push(timer);
      return timer;
    }) as typeof setInterval);
    vi.spyOn(globalThis, "clearInterval").mockImplementation((timer) => {
      cleared.push(timer);
      clearIntervalReal(timer);
    });
    await runUntilFirstSleep((extra) => makeWorker(deps(extra)));
    vi.restoreAllMocks();
    expect(started).toHaveLength(1);
    expect(cleared).toContain(started[0]);
  });

  it("logs a failed heartbeat, at start and at stop, and keeps going", async () => {
    const failing = new Proxy(database.prisma, {
      get: (target, property) =>
        property === "$executeRaw"
          ? (sql: TemplateStringsArray, ...values: unknown[]) =>
              sql.join("").includes('"WorkerHeartbeat"')
                ? Promise.reject(new Error("heartbeat table gone"))
                : target.$executeRaw(sql, ...values)
          : Reflect.get(target, property),
    }) as PrismaClient;
    const { logger, lines } = recordingLogger();
    await runUntilFirstSleep((extra) => makeWorker(deps({ db: failing, logger, ...extra })));
    expect(lines.filter((line) => line.message === "heartbeat failed")).toEqual([
      { level: "warn", message: "heartbeat failed", context: { error: "Error: heartbeat table gone" } },
      { level: "warn", message: "heartbeat failed", context: { error: "Error: heartbeat table gone" } },
    ]);
  });

  it("on stop, wakes a sleeping loop at once instead of letting it sit out its sleep", async () => {
    const signals: AbortSignal[] = [];
    const wakes: Array<() => void> = [];
    const worker = makeWorker(
      deps({
        sleep: (_ms, signal) =>
          new Promise<void>((resolve) => {
            signals.push(signal!);
            wakes.push(resolve);
            signal?.addEventListener("abort", () => resolve(), { once: true });
          }),
      }),
    );
    const running = worker.run();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    const stopping = worker.stop();
    const aborted = signals[0]?.aborted;
    for (const wake of wakes) wake();
    await Promise.all([running, stopping]);
    expect(aborted).toBe(true);
  });

  it("on stop, gives back its own leases but not a submit in flight, nor another worker's", async () => {
    const worker = makeWorker(deps());
    const lease = { leaseExpiresAt: new Date(T0 + 60_000) };
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "mine",
      leaseOwner: worker.id,
      ...lease,
    });
    await seedRenders(database.prisma, SHOP, 1, { state: "submitting", leaseOwner: worker.id, ...lease });
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "theirs",
      leaseOwner: "other",
      ...lease,
    });
    await worker.stop();
    const renders = await database.prisma.render.findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } });
    expect(renders.map((render) => [render.state, render.leaseOwner])).toEqual([
      ["running", null],
      ["submitting", worker.id],
      ["running", "other"],
    ]);
  });

  it("logs a step that throws with the render it was working on, and finishes the tick", async () => {
    const [render] = await seedRenders(database.prisma, SHOP, 1, {
      state: "publishing",
      fileId: "gid://shopify/MediaImage/1",
      publishOptions: { position: 0 },
      nextAttemptAt: new Date(T0 - 1_000),
    });
    const { logger, lines } = recordingLogger();
    const worker = makeWorker(deps({ logger }));
    expect((await worker.tick()).worked).toBe(1);
    const failed = lines.filter((line) => line.message === "render step failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]?.level).toBe("error");
    expect(failed[0]?.context).toMatchObject({ renderId: render!.id, state: "publishing" });
  });

  it("with automation, gathers deliveries before claiming and still finishes an idle tick", async () => {
    const worker = makeWorker(
      deps({
        automation: {
          limits: TEST_QUEUE_LIMITS,
          catalogFor: async () => {
            throw new Error("no deliveries, so never asked");
          },
          membershipFor: async () => {
            throw new Error("no deliveries, so never asked");
          },
        },
      }),
    );
    expect(await worker.tick()).toEqual({ submitted: 0, worked: 0, saturated: false, idleMs: 1_000 });
  });
});
