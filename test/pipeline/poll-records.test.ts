/**
 * The batched writes of a tick's polls and of expired submit leases: which renders they change, what they return,
 * and the transition line each change logs for operators.
 */
import type { PrismaClient } from "@prisma/client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expireSubmitLeases } from "~/worker/sql/expire-submit-leases";
import { recordPollResults, type PollOutcome } from "~/worker/sql/record-poll-results";
import { captureAppLogLines } from "../../harness/app-log-lines";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import { pollingWorker, scriptedPolls, seedPollingShop } from "../../harness/scripted-polls";

const SHOP = "poll-records.myshopify.com";
const T0 = Date.UTC(2026, 5, 1, 12);
const MINUTE = 60_000;

describe("a tick's recorded polls and expired submits", () => {
  let database: TestDatabase;
  let log: ReturnType<typeof captureAppLogLines>;
  const transitions = () => log.lines.filter((line) => line.event === "render_transition");
  /** When the render entered its state, on the database's clock (the trigger measures time in state on it). */
  const enteredMinutesAgo = async (minutes: number) => {
    const [row] = await database.prisma.$queryRaw<{ now: Date }[]>`
      SELECT statement_timestamp() AT TIME ZONE 'UTC' AS now`;
    return new Date(row!.now.getTime() - minutes * MINUTE);
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    log = captureAppLogLines();
  });
  afterEach(() => log.restore());

  it("writes nothing and returns nothing when a tick polled nothing", async () => {
    const refusing = {
      $queryRaw: () => Promise.reject(new Error("no statement expected")),
    } as unknown as Pick<PrismaClient, "$queryRaw">;
    expect(await recordPollResults(refusing, [], new Date(T0))).toEqual([]);
  });

  it("returns the renders it updated, leaving one whose lease was taken over as it was", async () => {
    await seedShop(database.prisma, SHOP);
    const [kept, lost] = await seedRenders(database.prisma, SHOP, 2, {
      state: "running",
      externalJobId: "job",
      leaseToken: 7,
    });
    const outcome = (id: string, leaseToken: number): PollOutcome => ({
      id,
      leaseToken,
      expected: "running",
      state: "running",
      nextAttemptAt: new Date(T0 + 3_000),
      serviceStatus: "processing",
      outputUrl: null,
      errorCode: null,
      errorMessage: null,
      refund: 0,
      renderedAt: null,
      finishedAt: null,
    });
    // The second render's lease moved on to token 8 meanwhile.
    const updated = await recordPollResults(
      database.prisma,
      [outcome(kept!.id, 7), outcome(lost!.id, 6)],
      new Date(T0),
    );
    expect(updated).toEqual([kept!.id]);
    const rows = await database.prisma.render.findMany({ where: { shop: SHOP }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.serviceStatus, row.pollCount])).toEqual([
      ["processing", 1],
      [null, 0],
    ]);
    // Neither changed state: no transition is logged.
    expect(transitions()).toEqual([]);
  });

  it("logs one transition for each polled render that changed state, with how long it was in the previous one", async () => {
    await seedPollingShop(database.prisma, SHOP, "poll-records-key");
    const stateChangedAt = await enteredMinutesAgo(5);
    const [done, busy] = await seedRenders(database.prisma, SHOP, 2, {
      state: "running",
      externalJobId: "job",
      submittedAt: new Date(T0 - MINUTE),
      nextAttemptAt: new Date(T0),
      stateChangedAt,
    });
    const polls = scriptedPolls({ now: T0 });
    polls.answers.set("job-1", {
      jobId: "job-1",
      status: "completed",
      rawStatus: "done",
      outputUrl: "https://x.test/a.jpg",
    });
    await pollingWorker(database.prisma, { now: T0 }, polls.client).tick();
    const rendered = await database.prisma.render.findUniqueOrThrow({ where: { id: done!.id } });
    expect(rendered.state).toBe("rendered");
    expect(rendered.lastStateMs).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(transitions()).toEqual([
      expect.objectContaining({
        renderId: done!.id,
        shop: SHOP,
        from: "running",
        to: "rendered",
        durationMs: rendered.lastStateMs,
      }),
    ]);
    expect(transitions().map((line) => line.renderId)).not.toContain(busy!.id);
  });

  it("makes a submit whose lease expired submit_unknown, never to be resent, and logs it", async () => {
    await seedShop(database.prisma, SHOP);
    const [render] = await seedRenders(database.prisma, SHOP, 1, {
      state: "submitting",
      creditsCharged: 5,
      leaseOwner: "a-worker-that-died",
      leaseExpiresAt: await enteredMinutesAgo(1),
      stateChangedAt: await enteredMinutesAgo(3),
    });
    expect(await expireSubmitLeases(database.prisma, new Date(T0))).toBe(1);
    const after = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect([after.state, after.errorCode, after.nextAttemptAt, after.leaseOwner]).toEqual([
      "submit_unknown",
      "submit_outcome_unknown",
      null,
      null,
    ]);
    expect(after.lastStateMs).toBeGreaterThanOrEqual(3 * MINUTE);
    expect(transitions()).toEqual([
      expect.objectContaining({
        renderId: render!.id,
        shop: SHOP,
        from: "submitting",
        to: "submit_unknown",
        durationMs: after.lastStateMs,
      }),
    ]);
  });
});
