import type { PrismaClient } from "@prisma/client";
import { wordsFor } from "~/i18n/words.server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveSubmitUnknown, stopWaiting } from "~/renders/review/review-actions.server";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import type { RenderMedia } from "~/renders/review/media-port";
import type { TryOnClient, TryOnJobStatus } from "~/tryon";
import { claimDueWork } from "~/worker/sql/claim-renders";
import { firstPollDelayMs, nextPollDelayMs } from "~/worker/steps/poll-schedule";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import { makeWorkerConfig } from "~/worker/worker-config";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";

// Failure reasons are stored as message keys (app/lib/staff-message.ts); staff read them in their language.
const english = wordsFor("en");

const SHOP = "tick.myshopify.com";
const API_KEY = "tick-test-key-0001";
const T0 = Date.UTC(2026, 5, 1, 12);

/** A try-on client that answers from a script, recording every call with the injected clock's time. */
function scriptedTryOn(clock: { now: number }) {
  const polls = new Map<string, number[]>();
  const submits: number[] = [];
  const statusOf = new Map<string, TryOnJobStatus["status"]>();
  let jobs = 0;
  let submitGate: Promise<void> | null = null;
  const client = {
    async checkTryOnInput(input: never) {
      return { ok: true, input, substitutions: [] };
    },
    async submitTryOnJob() {
      submits.push(clock.now);
      if (submitGate) await submitGate;
      jobs += 1;
      return { jobId: `job-${jobs}`, status: "running", rawStatus: "queued", credits: 5 };
    },
    async getJobStatus(jobId: string) {
      polls.set(jobId, [...(polls.get(jobId) ?? []), clock.now]);
      const status = statusOf.get(jobId) ?? "running";
      return {
        jobId,
        status,
        rawStatus: status === "running" ? "processing" : status,
        ...(status === "completed" ? { outputUrl: "https://x.test/r.jpg" } : {}),
      };
    },
  } as unknown as TryOnClient;
  return { client, polls, submits, statusOf, holdSubmits: (gate: Promise<void>) => (submitGate = gate) };
}

/** Counts every statement the worker sends (model operations and raw SQL alike). */
function countingClient(db: PrismaClient) {
  const counter = { statements: 0 };
  const client = db.$extends({
    query: {
      async $allOperations({ args, query }) {
        counter.statements += 1;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { client, counter };
}

describe("the worker, tick by tick with an injected clock", () => {
  let database: TestDatabase;
  const clock = { now: T0 };
  let tryOn: ReturnType<typeof scriptedTryOn>;

  const deps = (db: PrismaClient): WorkerDeps => ({
    db,
    secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
    makeTryOnClient: () => tryOn.client,
    renderMediaFor: async () => {
      throw new Error("not used");
    },
    now: () => new Date(clock.now),
    random: () => 0.5,
    config: { workBatchSize: 5_000, submitBatchSize: 50 },
  });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock.now = T0;
    tryOn = scriptedTryOn(clock);
    await database.prisma.shop.deleteMany();
    await database.prisma.serviceGate.deleteMany();
    await seedShop(database.prisma, SHOP, {
      concurrencyCap: 5_000,
      tryOnApiKeyEncrypted: makeSecretBox(TEST_ENCRYPTION_KEY).seal(API_KEY, SHOP),
      tryOnKeyHash: hashServiceKey(API_KEY),
      tryOnBaseUrl: "https://tryon.test",
    });
  });

  it("costs the same number of statements per tick with 10, 100 or 1,000 renders in flight", async () => {
    const perTick: number[] = [];
    for (const inFlight of [10, 100, 1_000]) {
      await database.prisma.render.deleteMany();
      await seedRenders(database.prisma, SHOP, inFlight, {
        state: "running",
        externalJobId: "job",
        submittedAt: new Date(T0 - 30_000),
        nextAttemptAt: new Date(T0),
      });
      const { client, counter } = countingClient(database.prisma);
      const worker = makeWorker(deps(client));
      await worker.tick();
      perTick.push(counter.statements);
      expect(await database.prisma.render.count({ where: { pollCount: 1 } })).toBe(inFlight);
    }
    expect(new Set(perTick).size).toBe(1);
  });

  it("waits for the first poll until completion is plausible, learned from the shop's history", async () => {
    const worker = makeWorker(deps(database.prisma));
    await seedRenders(database.prisma, SHOP, 1, { nextAttemptAt: new Date(T0) });
    await worker.tick();
    const noHistory = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });
    expect(noHistory.state).toBe("running");
    // 60 s by default (plus at most 0.5 s of jitter).
    expect(noHistory.nextAttemptAt!.getTime() - T0).toBe(60_000 + 250);

    // With history (90-240 s), the first poll aims at the fastest twentieth, half an interval early.
    const samples = Array.from({ length: 50 }, (_, i) => 90_000 + i * 3_000);
    await database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { durationSamplesMs: samples } });
    await seedRenders(database.prisma, SHOP, 1, { nextAttemptAt: new Date(T0) });
    await worker.tick();
    const learned = await database.prisma.render.findFirstOrThrow({
      where: { shop: SHOP, state: "running", id: { not: noHistory.id } },
    });
    expect(learned.nextAttemptAt!.getTime() - T0).toBe(
      firstPollDelayMs({ config: makeWorkerConfig(), random: () => 0.5 }, samples),
    );
    expect(learned.nextAttemptAt!.getTime() - T0).toBe(93_000 - 1_500 + 250);
  });

  it("never polls a job faster than every 3 seconds, and records how long it took", async () => {
    const worker = makeWorker({ ...deps(database.prisma), random: Math.random });
    await seedRenders(database.prisma, SHOP, 20, {
      state: "running",
      externalJobId: null,
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0),
    });
    const renders = await database.prisma.render.findMany({ where: { shop: SHOP } });
    for (const [index, render] of renders.entries()) {
      await database.prisma.render.update({ where: { id: render.id }, data: { externalJobId: `job-${index}` } });
    }
    for (let second = 0; second < 60; second++) {
      clock.now = T0 + second * 1_000;
      if (second === 40) for (let i = 0; i < 20; i++) tryOn.statusOf.set(`job-${i}`, "completed");
      await worker.tick();
    }
    for (const times of tryOn.polls.values()) {
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(3_000);
    }
    // All 20 were detected as rendered (the import after that is not part of this test).
    expect(await database.prisma.render.count({ where: { shop: SHOP, renderedAt: { not: null } } })).toBe(20);
    const settings = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(settings.durationSamplesMs).toHaveLength(20);
    expect(Math.min(...settings.durationSamplesMs)).toBeGreaterThanOrEqual(40_000);
  });

  it("when idle, waits until the next render is due: never past the tick interval, never under the floor", async () => {
    const worker = makeWorker(deps(database.prisma));
    expect((await worker.tick()).idleMs).toBe(1_000);
    // Renders that wait on a person are never "due".
    await seedRenders(database.prisma, SHOP, 1, { state: "in_review", nextAttemptAt: new Date(T0 + 10) });
    expect((await worker.tick()).idleMs).toBe(1_000);
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "job-a",
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0 + 2_000),
    });
    expect((await worker.tick()).idleMs).toBe(1_000);
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "job-b",
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0 + 340),
    });
    expect((await worker.tick()).idleMs).toBe(340);
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "job-c",
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0 + 20),
    });
    expect((await worker.tick()).idleMs).toBe(100);
  });

  it("records a job found done at its first poll as an upper bound, not as its duration", async () => {
    const worker = makeWorker(deps(database.prisma));
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "job-quick",
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0 + 95_000),
    });
    tryOn.statusOf.set("job-quick", "completed");
    clock.now = T0 + 95_000;
    await worker.tick();
    const settings = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(settings.durationSamplesMs).toEqual([-95_000]);
  });

  it("marks a job with no final status after the stall limit as stalled, polls it slowly and never resubmits it", async () => {
    const worker = makeWorker({
      ...deps(database.prisma),
      config: { stallAfterMs: 10 * 60_000, stalledPollIntervalMs: 60_000 },
    });
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "job-s",
      submittedAt: new Date(T0),
      nextAttemptAt: new Date(T0),
    });
    clock.now = T0 + 10 * 60_000 + 1;
    await worker.tick();
    const stalled = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });
    expect(stalled.state).toBe("stalled");
    expect(stalled.nextAttemptAt!.getTime() - clock.now).toBe(60_000);
    clock.now += 30_000;
    await worker.tick();
    expect(tryOn.polls.get("job-s")).toHaveLength(1);
    clock.now += 30_001;
    tryOn.statusOf.set("job-s", "completed");
    await worker.tick();
    expect((await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } })).state).toBe("rendered");
    expect(tryOn.submits).toHaveLength(0);
  });

  it("gives a stalled job up to a person past its maximum age, after which it no longer holds the shop's cap", async () => {
    await database.prisma.shopSettings.update({ where: { shop: SHOP }, data: { concurrencyCap: 1 } });
    const worker = makeWorker({
      ...deps(database.prisma),
      config: { stallAfterMs: 10 * 60_000, stalledPollIntervalMs: 60_000, stalledGiveUpAfterMs: 60 * 60_000 },
    });
    await seedRenders(database.prisma, SHOP, 1, {
      state: "stalled",
      externalJobId: "job-old",
      submittedAt: new Date(T0),
      creditsCharged: 5,
      nextAttemptAt: new Date(T0 + 59 * 60_000),
    });
    await seedRenders(database.prisma, SHOP, 1, { nextAttemptAt: new Date(T0) });
    // Below the maximum age: polled, still stalled, and the queued render waits under the cap of 1.
    clock.now = T0 + 59 * 60_000;
    expect((await worker.tick()).submitted).toBe(0);
    const stalled = () => database.prisma.render.findFirstOrThrow({ where: { externalJobId: "job-old" } });
    expect((await stalled()).state).toBe("stalled");
    // Past it: the next poll hands it to a person, with no next attempt.
    clock.now = T0 + 60 * 60_000 + 1;
    await worker.tick();
    const given = await stalled();
    expect([given.state, given.errorCode, given.nextAttemptAt, given.creditsCharged]).toEqual([
      "submit_unknown",
      "stalled_too_long",
      null,
      5,
    ]);
    expect(english(given.errorMessage ?? "")).toContain("may have been charged");
    // The shop's one slot is free again: the queued render is submitted; the old job is neither polled nor resent.
    clock.now += 1;
    expect((await worker.tick()).submitted).toBe(1);
    expect(tryOn.polls.get("job-old")).toHaveLength(2);
    clock.now += 10 * 60_000;
    await worker.tick();
    expect(tryOn.polls.get("job-old")).toHaveLength(2);
    expect(tryOn.submits).toHaveLength(1);
  });

  it("lets staff stop waiting for a stalled job: it fails, is never resent, and its credits stay counted", async () => {
    const [render] = await seedRenders(database.prisma, SHOP, 1, {
      state: "stalled",
      externalJobId: "job-x",
      submittedAt: new Date(T0),
      creditsCharged: 5,
      nextAttemptAt: new Date(T0 + 60_000),
    });
    // A job that started cannot be settled as never started: its credits would leave the ledger.
    await database.prisma.render.update({ where: { id: render!.id }, data: { state: "submit_unknown" } });
    const refusal = await resolveSubmitUnknown(database.prisma, {
      shop: SHOP,
      renderId: render!.id,
      outcome: "not_started",
    }).catch((error: Error) => error.message);
    expect(english(refusal ?? "")).toContain("stop waiting instead");
    await stopWaiting(database.prisma, { shop: SHOP, renderId: render!.id, reviewer: "staff" });
    const after = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect([after.state, after.errorCode, after.creditsCharged, after.nextAttemptAt]).toEqual([
      "failed",
      "stopped_waiting",
      5,
      null,
    ]);
    const again = await stopWaiting(database.prisma, { shop: SHOP, renderId: render!.id, reviewer: "staff" }).catch(
      (error: Error) => error.message,
    );
    expect(english(again ?? "")).toContain("cannot be stopped");
    clock.now = T0 + 60 * 60_000;
    await makeWorker(deps(database.prisma)).tick();
    expect([tryOn.submits.length, tryOn.polls.get("job-x")]).toEqual([0, undefined]);
  });

  it("takes no live lease when its own clock runs 5 minutes fast: leases are read on the database's clock", async () => {
    const fast = makeWorker({ ...deps(database.prisma), now: () => new Date(Date.now() + 5 * 60_000) });
    // Another worker's live leases (60 s on the database's clock): a queued render it is checking, a submit in
    // flight, a poll in progress.
    const [dbNow] = await database.prisma.$queryRaw<{ now: Date }[]>`
      SELECT statement_timestamp() AT TIME ZONE 'UTC' AS now`;
    const held = { leaseOwner: "other-worker", leaseExpiresAt: new Date(dbNow!.now.getTime() + 60_000) };
    await seedRenders(database.prisma, SHOP, 1, held);
    await seedRenders(database.prisma, SHOP, 1, { ...held, state: "submitting", creditsCharged: 5 });
    await seedRenders(database.prisma, SHOP, 1, { ...held, state: "running", externalJobId: "job-held" });
    const snapshot = () =>
      database.prisma.render
        .findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } })
        .then((rows) => rows.map((row) => [row.state, row.leaseOwner, row.leaseToken]));
    const before = await snapshot();
    expect(await fast.tick()).toMatchObject({ submitted: 0, worked: 0 });
    expect(await snapshot()).toEqual(before);
    expect([tryOn.submits.length, tryOn.polls.size]).toEqual([0, 0]);

    // Once the leases have really expired, the same worker takes all three (the test can fail).
    await database.prisma.$executeRaw`UPDATE "Render" SET "leaseExpiresAt" = "leaseExpiresAt" - interval '2 minutes'`;
    expect(await fast.tick()).toMatchObject({ submitted: 1, worked: 1 });
    expect((await snapshot()).map(([state]) => state)).toEqual(["running", "submit_unknown", "running"]);
  });

  it("renews its lease before attaching a published image: a publish taken over while Shopify was slow attaches nothing", async () => {
    const attached: string[] = [];
    let entered!: () => void;
    const inProductMedia = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const slowShopify = new Promise<void>((resolve) => (release = resolve));
    const media: Partial<RenderMedia> = {
      async productMedia() {
        entered();
        await slowShopify;
        return { exists: true, mediaIds: [] };
      },
      async attachToProduct(fileId) {
        attached.push(fileId);
      },
    };
    const worker = makeWorker({ ...deps(database.prisma), renderMediaFor: async () => media as RenderMedia });
    await seedRenders(database.prisma, SHOP, 1, {
      state: "publishing",
      externalJobId: "job-p",
      fileId: "gid://shopify/MediaImage/f1",
      nextAttemptAt: new Date(T0),
    });
    const tick = worker.tick();
    await inProductMedia;
    // The lease runs out while Shopify is slow, and another worker takes the render over.
    await database.prisma.$executeRaw`
      UPDATE "Render" SET "leaseExpiresAt" = "leaseExpiresAt" - interval '1 hour' WHERE "leaseExpiresAt" IS NOT NULL`;
    const [taken] = await claimDueWork(database.prisma, {
      workerId: "other",
      now: new Date(T0),
      leaseMs: 60_000,
      limit: 5,
    });
    expect(taken?.state).toBe("publishing");
    release();
    await tick;
    expect(attached).toEqual([]);
    const render = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });
    expect([render.state, render.leaseOwner]).toEqual(["publishing", "other"]);
  });

  it("imports a finished render by adopting the file an earlier attempt already created, uploading nothing", async () => {
    // An earlier attempt staged the upload (recorded on the render) and created the file, then died before
    // recording it: the retry creates from the recorded upload, Shopify refuses the duplicate name, and the
    // existing file is adopted. Nothing is downloaded or uploaded again.
    let uploads = 0;
    let creates = 0;
    const media: Partial<RenderMedia> = {
      async stageImage() {
        uploads += 1;
        return { resourceUrl: "https://uploads.test/second", filename: "second.jpg" };
      },
      async createFileFrom(staged) {
        creates += 1;
        return staged.resourceUrl === "https://uploads.test/earlier"
          ? { existing: { fileId: "gid://shopify/MediaImage/earlier", status: "UPLOADED" } }
          : { created: { fileId: "gid://shopify/MediaImage/second", status: "UPLOADED" } };
      },
    };
    const worker = makeWorker({ ...deps(database.prisma), renderMediaFor: async () => media as RenderMedia });
    await seedRenders(database.prisma, SHOP, 1, {
      state: "rendered",
      externalJobId: "job-i",
      outputUrl: "https://x.test/r.jpg",
      creditsCharged: 5,
      nextAttemptAt: new Date(T0),
      stagedUpload: { resourceUrl: "https://uploads.test/earlier", filename: "model-shot-earlier.jpg" },
    });
    await worker.tick();
    const render = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });
    expect([render.state, render.fileId, uploads, creates]).toEqual([
      "importing",
      "gid://shopify/MediaImage/earlier",
      0,
      1,
    ]);
  });

  it("on shutdown lets a submit in flight finish and record its job, and releases every other lease", async () => {
    const worker = makeWorker(deps(database.prisma));
    await seedRenders(database.prisma, SHOP, 1, { nextAttemptAt: new Date(T0) });
    let releaseSubmit!: () => void;
    tryOn.holdSubmits(new Promise<void>((resolve) => (releaseSubmit = resolve)));
    const tick = worker.tick();
    while (tryOn.submits.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // A poll lease this worker holds (as if claimed in the same tick).
    await seedRenders(database.prisma, SHOP, 1, {
      state: "running",
      externalJobId: "j",
      leaseOwner: worker.id,
      leaseExpiresAt: new Date(T0 + 60_000),
    });
    const stopping = worker.stop();
    releaseSubmit();
    await tick;
    await stopping;
    const renders = await database.prisma.render.findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } });
    expect(renders.map((render) => [render.state, render.externalJobId, render.leaseOwner])).toEqual([
      ["running", "job-1", null],
      ["running", "j", null],
    ]);
  });
});

describe("the polling schedule", () => {
  const ctx = (random: number) => ({ config: makeWorkerConfig(), random: () => random });

  it("keeps every later poll between 3 and 3.5 seconds apart", () => {
    expect(nextPollDelayMs(ctx(0))).toBe(3_000);
    expect(nextPollDelayMs(ctx(0.999))).toBeLessThanOrEqual(3_500);
  });

  it("falls back to the default first poll until a shop has five durations", () => {
    expect(firstPollDelayMs(ctx(0), [100_000, 120_000, 130_000, 140_000])).toBe(60_000);
    expect(firstPollDelayMs(ctx(0), [100_000, 120_000, 130_000, 140_000, 150_000])).toBe(98_500);
  });

  it("scales the whole schedule with the time factor, never below the scaled 3-second floor", () => {
    const fast = makeWorkerConfig({ timeFactor: 0.01 });
    expect([fast.pollIntervalMs, fast.firstPollDefaultMs, fast.stallAfterMs]).toEqual([30, 600, 9_000]);
    expect(() => makeWorkerConfig({ pollIntervalMs: 1_000 })).toThrow();
  });
});
