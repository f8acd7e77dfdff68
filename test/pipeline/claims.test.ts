import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimDueSubmits, claimDueWork, lockSubmitClaims } from "~/worker/sql/claim-renders";
import { expireSubmitLeases } from "~/worker/sql/expire-submit-leases";
import { wordsFor } from "~/i18n/words.server";
import { DEFAULT_CONCURRENCY_CAP } from "~/settings/concurrency-cap";
import {
  commitSubmitIntent,
  recordSubmitted,
  renewLease,
  transitionHeldRender,
} from "~/renders/lifecycle/render-store.server";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const claim = { workerId: "w1", now: NOW, leaseMs: 60_000, limit: 100 };

describe.each(DATABASE_KINDS)("claiming due renders on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await database.prisma.serviceGate.deleteMany();
  });

  const submits = (limit = 100, workerId = "w1") =>
    database.prisma
      .$transaction([
        lockSubmitClaims(database.prisma),
        claimDueSubmits(database.prisma, { ...claim, workerId, limit }),
      ])
      .then(([, rows]) => rows);
  /** Leases run on the database's clock: time passing for them is their end moved into the past. */
  const expireLeases = () =>
    database.prisma.$executeRaw`
      UPDATE "Render" SET "leaseExpiresAt" = "leaseExpiresAt" - interval '1 hour' WHERE "leaseExpiresAt" IS NOT NULL`;

  it("leases queued renders to one worker, and the intent to submit then reserves their credits in one statement", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 10 });
    await seedRenders(database.prisma, "a.myshopify.com", 3);
    const claimed = await submits();
    expect(claimed.map((render) => render.state)).toEqual(["queued", "queued", "queued"]);
    expect(claimed.every((render) => render.leaseOwner === "w1" && render.leaseToken === 1)).toBe(true);
    expect(await submits()).toEqual([]);

    expect(await commitSubmitIntent(database.prisma, claimed[0]!, NOW, 90_000)).toBe(true);
    // A second commit (a stale or repeated writer) changes nothing.
    expect(await commitSubmitIntent(database.prisma, claimed[0]!, NOW, 90_000)).toBe(false);
    const intent = await database.prisma.render.findUniqueOrThrow({ where: { id: claimed[0]!.id } });
    expect([intent.state, intent.creditsCharged]).toEqual(["submitting", 5]);
    const ledger = await database.prisma.creditLedgerEntry.findMany();
    expect(ledger.map((entry) => [entry.renderId, entry.kind, entry.credits])).toEqual([[claimed[0]!.id, "charge", 5]]);
  });

  it("gives a queued render whose claim expired (a worker died while checking it) to the next worker, unsent", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 10 });
    await seedRenders(database.prisma, "a.myshopify.com", 1);
    const [first] = await submits();
    expect(await submits()).toEqual([]);
    await expireLeases();
    expect(await expireSubmitLeases(database.prisma, new Date(NOW.getTime() + 120_000))).toBe(0);
    const [, again] = await database.prisma.$transaction([
      lockSubmitClaims(database.prisma),
      claimDueSubmits(database.prisma, { ...claim, workerId: "w2", now: new Date(NOW.getTime() + 120_000) }),
    ]);
    expect(again.map((render) => [render.id, render.state, render.leaseOwner])).toEqual([[first!.id, "queued", "w2"]]);
  });

  it("caps a shop that never chose a concurrency cap at the app's default, with or without a settings row", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: null });
    await seedRenders(database.prisma, "a.myshopify.com", DEFAULT_CONCURRENCY_CAP + 3);
    await database.prisma.shop.create({ data: { domain: "b.myshopify.com" } });
    await seedRenders(database.prisma, "b.myshopify.com", DEFAULT_CONCURRENCY_CAP + 3);
    const claimed = await submits();
    expect(claimed.filter((render) => render.shop === "a.myshopify.com")).toHaveLength(DEFAULT_CONCURRENCY_CAP);
    expect(claimed.filter((render) => render.shop === "b.myshopify.com")).toHaveLength(DEFAULT_CONCURRENCY_CAP);
  });

  it("keeps each shop under its concurrency cap, counting renders already in flight", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 3 });
    await seedRenders(database.prisma, "a.myshopify.com", 1, {
      state: "running",
      nextAttemptAt: new Date(NOW.getTime() + 60_000),
    });
    await seedRenders(database.prisma, "a.myshopify.com", 10);
    expect(await submits()).toHaveLength(2);
    expect(await submits()).toHaveLength(0);
  });

  it("takes shops round-robin, so a big run does not starve another shop's single render", async () => {
    await seedShop(database.prisma, "big.myshopify.com", { concurrencyCap: 50 });
    await seedShop(database.prisma, "small.myshopify.com", { concurrencyCap: 50 });
    await seedRenders(database.prisma, "big.myshopify.com", 40);
    await seedRenders(database.prisma, "small.myshopify.com", 1);
    const claimed = await submits(4);
    expect(claimed.map((render) => render.shop).sort()).toEqual([
      "big.myshopify.com",
      "big.myshopify.com",
      "big.myshopify.com",
      "small.myshopify.com",
    ]);
  });

  it("stops a run at its budget, counting what it was charged net of refunds", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 50 });
    const run = await database.prisma.run.create({
      data: { shop: "a.myshopify.com", scope: {}, options: {}, estimateCredits: 50, budgetCredits: 17 },
    });
    await seedRenders(database.prisma, "a.myshopify.com", 1, {
      runId: run.id,
      state: "failed",
      creditsCharged: 5,
      creditsRefunded: 5,
      nextAttemptAt: null,
    });
    await seedRenders(database.prisma, "a.myshopify.com", 1, {
      runId: run.id,
      state: "in_review",
      creditsCharged: 5,
      nextAttemptAt: null,
    });
    await seedRenders(database.prisma, "a.myshopify.com", 5, { runId: run.id });
    // 5 spent; 17 allows two more (15), not three (20).
    expect(await submits()).toHaveLength(2);
  });

  it("counts a failed render that kept its charge against its run's budget", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 50 });
    const run = await database.prisma.run.create({
      data: { shop: "a.myshopify.com", scope: {}, options: {}, estimateCredits: 50, budgetCredits: 12 },
    });
    // Failed after the service charged and kept it (staff stopped waiting, or the import gave up): 5 spent.
    await seedRenders(database.prisma, "a.myshopify.com", 1, {
      runId: run.id,
      state: "failed",
      creditsCharged: 5,
      creditsRefunded: 0,
      nextAttemptAt: null,
    });
    await seedRenders(database.prisma, "a.myshopify.com", 3, { runId: run.id });
    // 5 spent; 12 allows one more (10), not two (15).
    expect(await submits()).toHaveLength(1);
  });

  it("skips paused runs, paused shops, uninstalled shops and rate-limited service keys", async () => {
    await seedShop(database.prisma, "paused-run.myshopify.com");
    const run = await database.prisma.run.create({
      data: { shop: "paused-run.myshopify.com", scope: {}, options: {}, estimateCredits: 5, status: "paused" },
    });
    await seedRenders(database.prisma, "paused-run.myshopify.com", 1, { runId: run.id });
    await seedShop(database.prisma, "paused-shop.myshopify.com", { pausedReason: "out_of_credits" });
    await seedRenders(database.prisma, "paused-shop.myshopify.com", 1);
    await seedShop(database.prisma, "gone.myshopify.com");
    await database.prisma.shop.update({ where: { domain: "gone.myshopify.com" }, data: { uninstalledAt: NOW } });
    await seedRenders(database.prisma, "gone.myshopify.com", 1);
    await seedShop(database.prisma, "limited.myshopify.com", { tryOnKeyHash: "k1" });
    await database.prisma.serviceGate.create({ data: { keyHash: "k1", pausedUntil: new Date(NOW.getTime() + 5_000) } });
    await seedRenders(database.prisma, "limited.myshopify.com", 1);
    await seedRenders(database.prisma, "limited.myshopify.com", 1, { state: "importing", fileId: "f" });
    expect(await submits()).toEqual([]);
    // Shopify-side work of a rate-limited key goes on: only calls to the try-on service wait.
    expect((await claimDueWork(database.prisma, claim)).map((render) => render.state)).toEqual(["importing"]);
  });

  it("never gives the same render to two workers claiming at once", async () => {
    await seedShop(database.prisma, "a.myshopify.com", { concurrencyCap: 500 });
    await seedRenders(database.prisma, "a.myshopify.com", 200, { state: "running", externalJobId: "j" });
    const batches = await Promise.all(
      ["w1", "w2", "w3", "w4"].map((workerId) => claimDueWork(database.prisma, { ...claim, workerId, limit: 80 })),
    );
    const ids = batches.flat().map((render) => render.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(200);
  });

  it("turns a submit whose lease expired into submit_unknown, and a slow worker can still record its job id", async () => {
    await seedShop(database.prisma, "a.myshopify.com");
    await seedRenders(database.prisma, "a.myshopify.com", 1);
    const [claimed] = await submits();
    await commitSubmitIntent(database.prisma, claimed!, NOW, 60_000);
    const held = { ...claimed!, state: "submitting" as const };
    // Leases run on the database's clock: a worker's clock, however far ahead, expires nothing.
    expect(await expireSubmitLeases(database.prisma, new Date(NOW.getTime() + 3_600_000))).toBe(0);
    await expireLeases();
    expect(await expireSubmitLeases(database.prisma, NOW)).toBe(1);
    const after = await database.prisma.render.findUniqueOrThrow({ where: { id: held.id } });
    expect(after.state).toBe("submit_unknown");
    // The reason is stored as a message key; staff read it in their language.
    expect(wordsFor("en")(after.errorMessage ?? "")).toMatch(/^The app stopped while sending this render/);
    const recorded = await recordSubmitted(database.prisma, held, {
      jobId: "job-1",
      status: "queued",
      submittedAt: NOW,
      firstPollAt: NOW,
    });
    expect(recorded).toBe(true);
    expect((await database.prisma.render.findUniqueOrThrow({ where: { id: held.id } })).externalJobId).toBe("job-1");
  });

  it("renews a lease only for the holder of the current lease token", async () => {
    await seedShop(database.prisma, "a.myshopify.com");
    await seedRenders(database.prisma, "a.myshopify.com", 1, { state: "importing", fileId: "f" });
    const [first] = await claimDueWork(database.prisma, claim);
    expect(await renewLease(database.prisma, first!, 60_000)).toBe(true);
    await expireLeases();
    const [second] = await claimDueWork(database.prisma, { ...claim, workerId: "w2" });
    expect(await renewLease(database.prisma, first!, 60_000)).toBe(false);
    expect(await renewLease(database.prisma, second!, 60_000)).toBe(true);
    const row = await database.prisma.render.findUniqueOrThrow({ where: { id: first!.id } });
    expect(row.leaseOwner).toBe("w2");
  });

  it("changes nothing when a writer's lease token is stale", async () => {
    await seedShop(database.prisma, "a.myshopify.com");
    await seedRenders(database.prisma, "a.myshopify.com", 1, { state: "running", externalJobId: "j" });
    const [first] = await claimDueWork(database.prisma, claim);
    // The first lease expires and a second worker claims the render.
    await expireLeases();
    const [second] = await claimDueWork(database.prisma, {
      ...claim,
      workerId: "w2",
      now: new Date(NOW.getTime() + 120_000),
    });
    expect(second!.leaseToken).toBe(first!.leaseToken + 1);
    expect(await transitionHeldRender(database.prisma, first!, "rendered", { outputUrl: "stale" })).toBe(false);
    expect(await transitionHeldRender(database.prisma, second!, "rendered", { outputUrl: "fresh" })).toBe(true);
    expect((await database.prisma.render.findUniqueOrThrow({ where: { id: first!.id } })).outputUrl).toBe("fresh");
  });
});

/**
 * Several workers race one shop on the real server. Each round every worker claims (as its own transaction),
 * then every worker commits its intent to submit: the window in which a render is leased but not yet charged
 * is open for all of them at once, which is when a claim that counts only charged renders overspends.
 */
describe("submit claims racing across workers on postgres", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
  });

  /** Rounds of claim-all-then-commit-all until no worker gets anything; returns the in-flight count after each. */
  async function raceClaimLoops(workers: number, shop: string) {
    const inFlightAfterRound: number[] = [];
    for (let round = 0; round < 50; round++) {
      const claimed = [];
      for (let w = 0; w < workers; w++) {
        const [, rows] = await database.prisma.$transaction([
          lockSubmitClaims(database.prisma),
          claimDueSubmits(database.prisma, { ...claim, workerId: `w${w}`, limit: 100 }),
        ]);
        claimed.push(...rows);
      }
      if (claimed.length === 0) break;
      inFlightAfterRound.push(
        await database.prisma.render.count({
          where: { shop, OR: [{ state: { in: ["submitting", "running"] } }, { leaseOwner: { not: null } }] },
        }),
      );
      for (const render of claimed) {
        expect(await commitSubmitIntent(database.prisma, render, NOW, 60_000)).toBe(true);
        await recordSubmitted(
          database.prisma,
          { ...render, state: "submitting" },
          {
            jobId: `job-${render.id}`,
            status: "queued",
            submittedAt: NOW,
            firstPollAt: new Date(NOW.getTime() + 60_000),
          },
        );
      }
    }
    return inFlightAfterRound;
  }

  it.each([3, 4])("keeps a run within its budget with %i workers claiming at once", async (workers) => {
    await seedShop(database.prisma, "budget.myshopify.com", { concurrencyCap: 50 });
    const small = await database.prisma.run.create({
      data: { shop: "budget.myshopify.com", scope: {}, options: {}, estimateCredits: 50, budgetCredits: 5 },
    });
    const larger = await database.prisma.run.create({
      data: { shop: "budget.myshopify.com", scope: {}, options: {}, estimateCredits: 100, budgetCredits: 17 },
    });
    await seedRenders(database.prisma, "budget.myshopify.com", 10, { runId: small.id });
    await seedRenders(database.prisma, "budget.myshopify.com", 10, { runId: larger.id });
    await raceClaimLoops(workers, "budget.myshopify.com");
    const charged = await database.prisma.render.groupBy({
      by: ["runId"],
      _sum: { creditsCharged: true },
      where: { shop: "budget.myshopify.com" },
    });
    const spent = (runId: string) => charged.find((row) => row.runId === runId)?._sum.creditsCharged ?? 0;
    console.log(`budget race, ${workers} workers: ${spent(small.id)}/5 and ${spent(larger.id)}/17 credits charged`);
    expect(spent(small.id)).toBe(5);
    expect(spent(larger.id)).toBe(15);
  });

  it.each([3, 4])("keeps a shop under its concurrency cap with %i workers claiming at once", async (workers) => {
    await seedShop(database.prisma, "cap.myshopify.com", { concurrencyCap: 3 });
    await seedRenders(database.prisma, "cap.myshopify.com", 12);
    const inFlight = await raceClaimLoops(workers, "cap.myshopify.com");
    expect(inFlight).toEqual([3]);
  });
});
