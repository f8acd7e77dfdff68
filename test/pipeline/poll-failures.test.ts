/**
 * What a failed status check does: a Retry-After pauses the key, an unknown job is left to a person, other failures
 * count toward the render's limit and the key's circuit. Never a resubmit. Tick by tick on an injected clock.
 */
import type { Prisma } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { wordsFor } from "~/i18n/words.server";
import { TryOnJobNotFoundError, TryOnRateLimitedError, TryOnUnavailableError } from "~/tryon";
import type { WorkerConfigInput } from "~/worker/worker-config";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders } from "../../harness/render-fixtures";
import {
  pollingWorker,
  recordingWorkerLogger,
  scriptedPolls,
  seedPollingShop,
  stillRunning,
  seedRunningRender,
} from "../../harness/scripted-polls";

const english = wordsFor("en");
const SHOP = "poll-failures.myshopify.com";
const T0 = Date.UTC(2026, 5, 1, 12);
const MINUTE = 60_000;
/** The first back-off with random() at 0.5: three quarters of the 5 s base. */
const FIRST_BACKOFF_MS = 3_750;
/** The next poll of a running job with random() at 0.5. */
const NEXT_POLL_MS = 3_250;

const unavailable = (retryAfterMs?: number) =>
  new TryOnUnavailableError("status unavailable", {
    operation: "status",
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
const rateLimited = (retryAfterMs?: number) =>
  new TryOnRateLimitedError("rate limited", {
    operation: "status",
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });

describe("a failed status check", () => {
  let database: TestDatabase;
  const clock = { now: T0 };
  let polls: ReturnType<typeof scriptedPolls>;
  let keyHash: string;
  let logger: ReturnType<typeof recordingWorkerLogger>;
  const worker = (config: WorkerConfigInput = {}) =>
    pollingWorker(database.prisma, clock, polls.client, { config, logger });
  const seedRunning = (overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}) =>
    seedRunningRender(database.prisma, SHOP, T0, overrides);
  const reload = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });
  const gate = () => database.prisma.serviceGate.findUnique({ where: { keyHash } });
  const delay = (render: { nextAttemptAt: Date | null }) => render.nextAttemptAt!.getTime() - clock.now;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock.now = T0;
    polls = scriptedPolls(clock);
    logger = recordingWorkerLogger();
    await database.prisma.shop.deleteMany();
    await database.prisma.serviceGate.deleteMany();
    keyHash = await seedPollingShop(database.prisma, SHOP, "poll-failures-key");
  });

  it("pauses the key until Retry-After has passed, leaves the render as it was and skips the key's other jobs", async () => {
    const limited = await seedRunning({ externalJobId: "job-a", errorCode: "earlier", errorMessage: "earlier words" });
    const next = await seedRunning({ externalJobId: "job-b" });
    polls.answers.set("job-a", rateLimited(20_000));
    await worker({ httpConcurrency: 1 }).tick();
    expect(polls.calls.map((call) => call.jobId)).toEqual(["job-a"]);
    const after = await reload(limited.id);
    expect([after.state, after.errorCode, after.errorMessage, after.attempts, delay(after)]).toEqual([
      "running",
      "earlier",
      "earlier words",
      0,
      20_000,
    ]);
    expect(delay(await reload(next.id))).toBe(NEXT_POLL_MS);
    expect((await gate())?.pausedUntil).toEqual(new Date(T0 + 20_000));
  });

  it.each([
    ["keeps a key's pause: a shorter Retry-After later in the tick does not shorten it", 20_000, 10_000, 20_000],
    ["lengthens a key's pause when a Retry-After later in the tick asks for longer", 10_000, 30_000, 30_000],
  ])("%s", async (_, firstMs, laterMs, pausedMs) => {
    await seedRunning({ externalJobId: "job-first" });
    await seedRunning({ externalJobId: "job-later" });
    polls.answers.set("job-first", rateLimited(firstMs));
    // Answered once the first pause is written, so the order of the two answers is known.
    polls.answers.set("job-later", async () => {
      while (!(await gate())) await new Promise((resolve) => setTimeout(resolve, 5));
      return rateLimited(laterMs);
    });
    await worker({ httpConcurrency: 2 }).tick();
    expect(polls.calls.map((call) => call.jobId).sort()).toEqual(["job-first", "job-later"]);
    expect((await gate())?.pausedUntil).toEqual(new Date(T0 + pausedMs));
  });

  it("waits one back-off when the service rate-limits without saying how long", async () => {
    const render = await seedRunning({ externalJobId: "job-r" });
    polls.answers.set("job-r", rateLimited());
    await worker().tick();
    const after = await reload(render.id);
    expect([after.attempts, delay(after)]).toEqual([0, FIRST_BACKOFF_MS]);
    expect((await gate())?.pausedUntil).toEqual(new Date(T0 + FIRST_BACKOFF_MS));
  });

  it("treats an unavailable service that says when to come back as a pause, not as a failed check", async () => {
    const render = await seedRunning({ externalJobId: "job-u" });
    polls.answers.set("job-u", unavailable(10_000));
    await worker().tick();
    const after = await reload(render.id);
    expect([after.attempts, after.errorCode, delay(after)]).toEqual([0, null, 10_000]);
    expect((await gate())?.pausedUntil).toEqual(new Date(T0 + 10_000));
  });

  it("counts any other failure against the render and the key, backs off and keeps the render's note", async () => {
    const render = await seedRunning({ externalJobId: "job-x", attempts: 3, errorCode: "earlier" });
    // Another render of the shop, not due: its count is left alone.
    const bystander = await seedRunning({ externalJobId: "job-y", nextAttemptAt: new Date(T0 + MINUTE) });
    polls.answers.set("job-x", unavailable());
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.attempts, after.errorCode, delay(after)]).toEqual([
      "running",
      4,
      "earlier",
      FIRST_BACKOFF_MS,
    ]);
    expect((await reload(bystander.id)).attempts).toBe(0);
    expect((await gate())?.consecutiveFailures).toBe(1);
    expect(logger.lines.filter((line) => line.level === "warn")).toEqual([
      {
        level: "warn",
        message: "status poll failed",
        context: { renderId: render.id, reason: "status unavailable", failures: 1 },
      },
    ]);
  });

  it("backs off longer the more checks with one key failed in a tick, never under the poll interval", async () => {
    const renders = await seedRenders(database.prisma, SHOP, 7, {
      state: "running",
      externalJobId: "job-m",
      submittedAt: new Date(T0 - MINUTE),
      nextAttemptAt: new Date(T0),
    });
    for (let i = 1; i <= 7; i++) polls.answers.set(`job-m-${i}`, unavailable());
    // A high threshold: the circuit stays shut, so all seven are checked in this tick.
    await worker({ httpConcurrency: 1, circuitFailureThreshold: 100, retryBaseMs: 1_000 }).tick();
    const delays = await Promise.all(renders.map(async (render) => delay(await reload(render.id))));
    delays.sort((a, b) => a - b);
    // Back-off of failure n (base 1 s, doubling, three quarters with random() at 0.5), capped at the 6th.
    expect(delays).toEqual([3_000, 3_000, 3_000, 6_000, 12_000, 24_000, 24_000]);
  });

  it("leaves a job the service no longer knows to a person, stalled, checked slowly and not counted as a failure", async () => {
    const render = await seedRunning({ externalJobId: "job-gone" });
    polls.answers.set("job-gone", new TryOnJobNotFoundError("no such job", { operation: "status", httpStatus: 404 }));
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.errorCode, after.attempts, delay(after)]).toEqual([
      "stalled",
      "job_not_found",
      0,
      MINUTE,
    ]);
    expect(english(after.errorMessage ?? "")).toBe(
      "The try-on service no longer finds this job. The app keeps checking and will not send it again.",
    );
  });

  it("stalls a running render at its last allowed failed check, saying how many failed and why", async () => {
    const below = await seedRunning({ externalJobId: "job-1", attempts: 1 });
    const at = await seedRunning({ externalJobId: "job-2", attempts: 2 });
    const stalled = await seedRunning({
      state: "stalled",
      externalJobId: "job-3",
      attempts: 9,
      errorCode: "job_not_found",
    });
    for (const job of ["job-1", "job-2", "job-3"]) polls.answers.set(job, new Error("connection reset"));
    await worker({ pollMaxFailures: 3, circuitFailureThreshold: 100 }).tick();
    const belowAfter = await reload(below.id);
    expect([belowAfter.state, belowAfter.attempts, belowAfter.errorCode]).toEqual(["running", 2, null]);
    const atAfter = await reload(at.id);
    expect([atAfter.state, atAfter.attempts, atAfter.errorCode, delay(atAfter)]).toEqual([
      "stalled",
      3,
      "poll_failed",
      MINUTE,
    ]);
    expect(english(atAfter.errorMessage ?? "")).toContain(
      "failed 3 status checks for this render (last: connection reset)",
    );
    // Already stalled: it keeps its note and is not stalled again.
    const stalledAfter = await reload(stalled.id);
    expect([stalledAfter.state, stalledAfter.attempts, stalledAfter.errorCode]).toEqual([
      "stalled",
      10,
      "job_not_found",
    ]);
    expect(delay(stalledAfter)).toBeLessThan(MINUTE);
  });

  it("does not count a check cut short by a shutdown as a failure", async () => {
    const render = await seedRunning({ externalJobId: "job-stop" });
    const stopping: Array<Promise<void>> = [];
    const polling = worker();
    polls.answers.set("job-stop", () => {
      stopping.push(polling.stop());
      return new Error("aborted");
    });
    await polling.tick();
    await Promise.all(stopping);
    const after = await reload(render.id);
    expect([after.state, after.attempts, delay(after)]).toEqual(["running", 0, NEXT_POLL_MS]);
    expect(await gate()).toBeNull();
  });

  it("opens the key's circuit once its failures reach the threshold, and says so", async () => {
    await seedRenders(database.prisma, SHOP, 2, {
      state: "running",
      externalJobId: "job-c",
      submittedAt: new Date(T0 - MINUTE),
      nextAttemptAt: new Date(T0),
    });
    polls.answers.set("job-c-1", new Error("boom"));
    polls.answers.set("job-c-2", new Error("boom"));
    await worker({ circuitFailureThreshold: 3 }).tick();
    expect(await gate()).toMatchObject({ consecutiveFailures: 2, circuitOpenUntil: null });
    expect(logger.lines.map((line) => line.message)).not.toContain("circuit open for a try-on service key");

    clock.now = T0 + MINUTE;
    await worker({ circuitFailureThreshold: 3 }).tick();
    expect(await gate()).toMatchObject({ consecutiveFailures: 4, circuitOpenUntil: new Date(clock.now + 30_000) });
    expect(logger.lines.filter((line) => line.message === "circuit open for a try-on service key")).toEqual([
      { level: "warn", message: "circuit open for a try-on service key", context: { failures: 2 } },
    ]);
  });

  it("closes the key's circuit when a check with it succeeds", async () => {
    await database.prisma.serviceGate.create({ data: { keyHash, consecutiveFailures: 3 } });
    const render = await seedRunning({ externalJobId: "job-ok" });
    polls.answers.set("job-ok", stillRunning("job-ok"));
    await worker().tick();
    expect((await reload(render.id)).pollCount).toBe(1);
    expect((await gate())?.consecutiveFailures).toBe(0);
  });
});
