import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveRender } from "../../app/renders/review.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

const SHOPS = ["one", "two", "three", "four", "five"].map((name) => `${name}.myshopify.com`);
const PRODUCTS_PER_SHOP = 100;
const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Four worker processes share one PostgreSQL server and 500 renders: each step must happen exactly once. */
describe("four workers on one PostgreSQL server", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker, "SIGTERM")));
    await harness?.close();
    await database?.close();
  });

  it("submit, import and publish each of 500 renders exactly once", async () => {
    for (const shop of SHOPS) {
      const { collectionId } = await harness.addShop(shop, { products: PRODUCTS_PER_SHOP, concurrencyCap: 30 });
      await harness.startCollectionRun(shop, collectionId);
    }
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
    };
    workers.push(...(await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(`c${n}`, env)))));

    const started = Date.now();
    for (;;) {
      if (Date.now() - started > 240_000) throw new Error("the renders did not settle in time");
      await sleep(500);
      for (const render of await database.prisma.render.findMany({ where: { state: "in_review" } })) {
        await approveRender(database.prisma, { shop: render.shop, renderId: render.id, reviewer: "staff" });
      }
      const open = await database.prisma.render.count({
        where: { state: { notIn: ["published", "failed", "cancelled"] } },
      });
      if (open === 0) break;
    }

    const renders = await database.prisma.render.findMany();
    const jobsPerImage = new Map<string, number>();
    for (const job of harness.sim.listJobs()) {
      const image = job.request.product_images[0] ?? "?";
      jobsPerImage.set(image, (jobsPerImage.get(image) ?? 0) + 1);
    }
    const duplicateSubmits = [...jobsPerImage.values()].filter((count) => count > 1).length;
    let duplicateImports = 0;
    let duplicatePublishes = 0;
    for (const render of renders) {
      const files = harness.admin.fake.store
        .files(render.shop)
        .filter((file) => file.filename.startsWith(`model-shot-${render.id}`));
      if (files.length > 1) duplicateImports++;
      const media = harness.admin.fake.store
        .productMedia(render.shop, render.productId)
        .filter((item) => item.filename.startsWith("model-shot-"));
      if (media.length > 1) duplicatePublishes++;
    }
    console.log(
      `contention test: ${renders.length} renders, 4 workers, ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `published ${renders.filter((r) => r.state === "published").length}, submits ${harness.sim.getSubmits().length}, ` +
        `duplicate submits ${duplicateSubmits}, duplicate imports ${duplicateImports}, duplicate publishes ${duplicatePublishes}`,
    );
    expect(renders).toHaveLength(SHOPS.length * PRODUCTS_PER_SHOP);
    expect(renders.filter((render) => render.state === "published")).toHaveLength(renders.length);
    expect(harness.sim.getSubmits().filter((submit) => submit.jobId)).toHaveLength(renders.length);
    expect([duplicateSubmits, duplicateImports, duplicatePublishes]).toEqual([0, 0, 0]);
  }, 300_000);
});
