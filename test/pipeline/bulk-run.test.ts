import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveRender } from "~/renders/review/review-actions.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import {
  makeWorker,
  startPipelineHarness,
  waitForRenders,
  workerDepsFor,
  type PipelineHarness,
} from "../../harness/pipeline";

const SHOP = "bulk.myshopify.com";
const PRODUCTS = 100;
// The simulator's 90-240 s jobs take 0.45-1.2 s; the worker's schedule is compressed by the same factor.
const TIME_FACTOR = 0.005;

describe("a bulk run of a 100-product collection, end to end", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
  });
  afterAll(async () => {
    await harness?.close();
    await database?.close();
  });

  it("goes from queued to review, and after approval to product media, with the ledger equal to the service's charges", async () => {
    const { collectionId } = await harness.addShop(SHOP, { products: PRODUCTS, concurrencyCap: 40 });
    const runId = await harness.startCollectionRun(SHOP, collectionId);
    expect(await database.prisma.render.count({ where: { runId } })).toBe(PRODUCTS);

    const worker = makeWorker({
      ...workerDepsFor({
        db: database.prisma,
        adminUrl: harness.admin.url,
        tokens: harness.tokens,
        config: { timeFactor: TIME_FACTOR, tickIntervalMs: 50 },
      }),
      ...(process.env.DEBUG_WORKER ? { logger: { info: console.log, warn: console.log, error: console.log } } : {}),
    });
    const running = worker.run();
    try {
      await waitForRenders(database.prisma, (counts) => counts.in_review === PRODUCTS, {
        timeoutMs: 90_000,
        ...(process.env.DEBUG_WORKER
          ? { onProgress: (counts: Record<string, number>) => console.log(JSON.stringify(counts)) }
          : {}),
      });
      // Nothing reaches a product before a person approves it.
      for (const product of harness.admin.fake.store.products(SHOP)) {
        const media = harness.admin.fake.store.productMedia(SHOP, product.id);
        expect(media.some((item) => item.filename.includes("-model-shot-"))).toBe(false);
      }

      // Every render reached review: the worker marks the run complete (publishing is the staff's part).
      for (
        let i = 0;
        i < 50 && (await database.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status !== "completed";
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await database.prisma.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
      const renders = await database.prisma.render.findMany({ where: { runId } });
      for (const render of renders)
        await approveRender(database.prisma, { shop: SHOP, renderId: render.id, reviewer: "staff@example.com" });
      await waitForRenders(database.prisma, (counts) => counts.published === PRODUCTS, { timeoutMs: 60_000 });
    } finally {
      await worker.stop();
      await running;
    }

    const renders = await database.prisma.render.findMany({ where: { runId } });
    for (const render of renders) {
      const media = harness.admin.fake.store.productMedia(SHOP, render.productId);
      expect(media.filter((item) => item.id === render.fileId)).toHaveLength(1);
      expect(media.find((item) => item.id === render.fileId)?.alt).toMatch(/worn by a model/);
    }

    // The simulator saw each render exactly once, and the app's ledger matches what it charged.
    const submits = harness.sim.getSubmits().filter((submit) => submit.jobId);
    expect(submits).toHaveLength(PRODUCTS);
    const ledger = await database.prisma.creditLedgerEntry.groupBy({ by: ["kind"], _sum: { credits: true } });
    const charged = ledger.find((row) => row.kind === "charge")?._sum.credits ?? 0;
    const refunded = ledger.find((row) => row.kind === "refund")?._sum.credits ?? 0;
    const key = harness.sim.listJobs()[0]?.apiKey;
    const account = harness.sim.getLedger(key);
    const sum = (entries: { credits: number }[]) => entries.reduce((total, entry) => total + entry.credits, 0);
    expect(charged - refunded).toBe(sum(account.charges) - sum(account.refunds));
    expect(charged).toBe(PRODUCTS * 5);
  }, 240_000);
});
