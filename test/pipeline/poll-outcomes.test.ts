/**
 * What one status answer does to a render: its state, its next poll, the words staff read and the credits given
 * back. The worker is driven tick by tick on an injected clock, against a scripted try-on client.
 */
import type { Prisma } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { wordsFor } from "~/i18n/words.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import { pollingWorker, scriptedPolls, seedPollingShop, seedRunningRender } from "../../harness/scripted-polls";

const english = wordsFor("en");
const SHOP = "poll-outcomes.myshopify.com";
const T0 = Date.UTC(2026, 5, 1, 12);
const MINUTE = 60_000;
/** The next poll of a running job with random() at 0.5: the 3 s interval plus half the 0.5 s jitter. */
const NEXT_POLL_MS = 3_250;

describe("a status answer, applied to its render", () => {
  let database: TestDatabase;
  const clock = { now: T0 };
  let polls: ReturnType<typeof scriptedPolls>;
  const worker = () => pollingWorker(database.prisma, clock, polls.client);
  const seedRunning = (overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}) =>
    seedRunningRender(database.prisma, SHOP, T0, overrides);
  const reload = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock.now = T0;
    polls = scriptedPolls(clock);
    await database.prisma.shop.deleteMany();
    await seedPollingShop(database.prisma, SHOP, "poll-outcomes-key");
  });

  it("fails a job the service failed, gives back the credits not yet refunded and quotes the service's reason", async () => {
    const render = await seedRunning({ externalJobId: "job-f", creditsRefunded: 2 });
    polls.answers.set("job-f", {
      jobId: "job-f",
      status: "failed",
      rawStatus: "error",
      errorMessage: "  Bad image... really...  ",
    });
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.errorCode, after.serviceStatus, after.nextAttemptAt, after.finishedAt]).toEqual([
      "failed",
      "failed_by_service",
      "error",
      null,
      new Date(T0),
    ]);
    expect(after.creditsRefunded).toBe(5);
    const ledger = await database.prisma.creditLedgerEntry.findMany({ where: { renderId: render.id } });
    expect(ledger.map((entry) => [entry.kind, entry.credits])).toEqual([["refund", 3]]);
    expect(english(after.errorMessage ?? "")).toBe(
      "The try-on service could not make this render: Bad image... really. Its 5 credits were refunded.",
    );
  });

  it("says how many credits were refunded when the service failed a job without a reason", async () => {
    const render = await seedRunning({ externalJobId: "job-n" });
    polls.answers.set("job-n", { jobId: "job-n", status: "failed", rawStatus: "failed" });
    await worker().tick();
    const after = await reload(render.id);
    expect(english(after.errorMessage ?? "")).toBe(
      "The try-on service could not make this render. Its 5 credits were refunded.",
    );
  });

  it("records a finished job's result address and the service's status, and imports it at once", async () => {
    const render = await seedRunning({ externalJobId: "job-c", serviceStatus: "queued" });
    polls.answers.set("job-c", {
      jobId: "job-c",
      status: "completed",
      rawStatus: "succeeded",
      outputUrl: "https://x.test/out.jpg",
    });
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.outputUrl, after.serviceStatus, after.renderedAt, after.nextAttemptAt]).toEqual([
      "rendered",
      "https://x.test/out.jpg",
      "succeeded",
      new Date(T0),
      new Date(T0),
    ]);
    // The tick's status check is passed the worker's shutdown signal, so a stop cuts it short.
    expect(polls.calls.map((call) => call.signal instanceof AbortSignal)).toEqual([true]);
  });

  it("keeps polling a running job soon, with the service's latest status and no stale note", async () => {
    const render = await seedRunning({
      externalJobId: "job-r",
      serviceStatus: "queued",
      errorCode: "old_note",
      errorMessage: "old words",
    });
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.serviceStatus, after.errorCode, after.errorMessage]).toEqual([
      "running",
      "processing",
      null,
      null,
    ]);
    expect(after.nextAttemptAt!.getTime() - T0).toBe(NEXT_POLL_MS);
  });

  it("marks a running job stalled only once it has run longer than the stall limit, saying for how many minutes", async () => {
    const render = await seedRunning({ externalJobId: "job-s", submittedAt: new Date(T0 - 15 * MINUTE) });
    // Exactly at the limit (15 minutes by default): still running.
    await worker().tick();
    expect((await reload(render.id)).state).toBe("running");
    clock.now = T0 + 5 * MINUTE;
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.errorCode, after.serviceStatus]).toEqual(["stalled", "stalled", "processing"]);
    expect(after.nextAttemptAt!.getTime() - clock.now).toBe(MINUTE);
    expect(english(after.errorMessage ?? "")).toBe(
      "Still not finished after 20 minutes. The app keeps checking and will not send it again.",
    );
  });

  it("keeps a stalled job's note and slow interval while the service still reports it running", async () => {
    const render = await seedRunning({
      state: "stalled",
      externalJobId: "job-st",
      submittedAt: new Date(T0 - 20 * MINUTE),
      errorCode: "poll_failed",
      errorMessage: "the note staff read",
    });
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.errorCode, after.errorMessage, after.serviceStatus]).toEqual([
      "stalled",
      "poll_failed",
      "the note staff read",
      "processing",
    ]);
    expect(after.nextAttemptAt!.getTime() - T0).toBe(MINUTE);
  });

  it("hands a stalled job to a person only past its maximum age, naming the job, the hours and the credits", async () => {
    const render = await seedRunning({
      state: "stalled",
      externalJobId: "job-old",
      submittedAt: new Date(T0 - 120 * MINUTE),
    });
    // Exactly at the maximum age (2 hours by default): still stalled.
    await worker().tick();
    expect((await reload(render.id)).state).toBe("stalled");
    clock.now = T0 + 7 * MINUTE;
    await worker().tick();
    const after = await reload(render.id);
    expect([after.state, after.errorCode, after.nextAttemptAt]).toEqual(["submit_unknown", "stalled_too_long", null]);
    expect(english(after.errorMessage ?? "")).toContain(
      "has not finished this job (job-old) 2.1 hours after it was sent, so the app stopped waiting for it. Its 5 credits",
    );
  });

  it("first stalls a running job found past both limits, rather than handing it to a person at once", async () => {
    const render = await seedRunning({ externalJobId: "job-both", submittedAt: new Date(T0 - 180 * MINUTE) });
    await worker().tick();
    expect((await reload(render.id)).state).toBe("stalled");
  });

  it("lets a final answer win over the maximum age of a stalled job", async () => {
    const render = await seedRunning({
      state: "stalled",
      externalJobId: "job-late",
      submittedAt: new Date(T0 - 180 * MINUTE),
    });
    polls.answers.set("job-late", {
      jobId: "job-late",
      status: "completed",
      rawStatus: "done",
      outputUrl: "https://x.test/l.jpg",
    });
    await worker().tick();
    expect((await reload(render.id)).state).toBe("rendered");
  });

  it("does not poll a render with no job id: it waits slowly with the reason, and past its age goes to a person", async () => {
    const running = await seedRunning({ externalJobId: null });
    const stalled = await seedRunning({
      state: "stalled",
      externalJobId: null,
      submittedAt: new Date(T0 - 180 * MINUTE),
    });
    await worker().tick();
    expect(polls.calls).toEqual([]);
    const after = await reload(running.id);
    expect([after.state, after.errorCode, after.attempts]).toEqual(["running", "cannot_poll", 0]);
    expect(english(after.errorMessage ?? "")).toBe("The try-on service key is missing.");
    expect(after.nextAttemptAt!.getTime() - T0).toBe(MINUTE);
    const given = await reload(stalled.id);
    expect(given.state).toBe("submit_unknown");
    expect(english(given.errorMessage ?? "")).toContain("has not finished this job () 3.0 hours");
  });

  it("does not poll the jobs of a shop that has no try-on key: they wait slowly with the reason", async () => {
    const keyless = "poll-outcomes-keyless.myshopify.com";
    await seedShop(database.prisma, keyless, { concurrencyCap: 10 });
    const [render] = await seedRenders(database.prisma, keyless, 1, {
      state: "running",
      externalJobId: "job-k",
      submittedAt: new Date(T0 - MINUTE),
      nextAttemptAt: new Date(T0),
    });
    await worker().tick();
    expect(polls.calls).toEqual([]);
    const after = await reload(render!.id);
    expect([after.state, after.errorCode, after.attempts]).toEqual(["running", "cannot_poll", 0]);
    expect(after.nextAttemptAt!.getTime() - T0).toBe(MINUTE);
  });
});
