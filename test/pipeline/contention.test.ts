import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveRender, resolveSubmitUnknown } from "~/renders/review/review-actions.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";
import { renderFileStemOf } from "~/renders/review/media-port";

const SHOPS = ["one", "two", "three", "four", "five"].map((name) => `${name}.myshopify.com`);
const PRODUCTS_PER_SHOP = 16;
/** The shop's cap in the app and the service's cap per key: equal, so one refusal means the app overshot. */
const CONCURRENCY_CAP = 5;
const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Four worker processes share one PostgreSQL server and 80 renders; one is killed midway. Each step must
 * happen exactly once, proven from the other side's logs: the simulator's submits and refusals, and the fake
 * Admin API's attach requests per file.
 */
describe("four workers on one PostgreSQL server", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, {
      timeFactor: TIME_FACTOR,
      simulator: { maxConcurrentJobs: CONCURRENCY_CAP },
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker, "SIGTERM")));
    await harness?.close();
    await database?.close();
  });

  it("submit, import and publish each of 80 renders exactly once, under the service's cap, despite a kill", async () => {
    for (const shop of SHOPS) {
      const { collectionId } = await harness.addShop(shop, {
        products: PRODUCTS_PER_SHOP,
        concurrencyCap: CONCURRENCY_CAP,
      });
      await harness.startCollectionRun(shop, collectionId);
    }
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
      // Longer than a submit takes on a loaded machine: here a submit_unknown would mean a bug, not a slow CI box.
      config: { submitLeaseMs: 30_000 },
    };
    workers.push(...(await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(`c${n}`, env)))));
    const store = harness.admin.fake.store;

    const started = Date.now();
    let kill: { leasesHeld: number; unpublished: number } | null = null;
    let unknownSettled = 0;
    for (;;) {
      if (Date.now() - started > 420_000) throw new Error("the renders did not settle in time");
      await sleep(500);
      const counts = Object.fromEntries(
        (await database.prisma.render.groupBy({ by: ["state"], _count: { _all: true } })).map((g) => [
          g.state,
          g._count._all,
        ]),
      );
      // Midway: once every submit has gone out (a kill mid-submit is the crash test's subject), while imports
      // and publishes are under way. The victim is not replaced: three workers finish the run.
      if (!kill && !counts.queued && !counts.submitting && (counts.published ?? 0) > 0) {
        const victim = workers.shift()!;
        const leasesHeld = await database.prisma.render.count({
          where: { leaseOwner: victim.id, leaseExpiresAt: { gt: new Date() } },
        });
        await killWorker(victim);
        kill = {
          leasesHeld,
          unpublished: await database.prisma.render.count({ where: { state: { not: "published" } } }),
        };
      }
      for (const render of await database.prisma.render.findMany({ where: { state: "in_review" } })) {
        // Every render also becomes the image of a variant that already has one (detach, then append).
        const variantId = store.product(render.shop, render.productId)!.variantIds[0]!;
        await approveRender(database.prisma, {
          shop: render.shop,
          renderId: render.id,
          reviewer: "staff",
          options: { variantIds: [variantId] },
        }).catch(() => undefined);
      }
      for (const render of await database.prisma.render.findMany({ where: { state: "submit_unknown" } })) {
        const front = (render.params as { productImages: string[] }).productImages[0];
        const job = harness.sim.listJobs().find((candidate) => candidate.request.product_images[0] === front);
        const settled = await resolveSubmitUnknown(
          database.prisma,
          job
            ? { shop: render.shop, renderId: render.id, outcome: "started", externalJobId: job.id }
            : { shop: render.shop, renderId: render.id, outcome: "not_started" },
        ).then(
          () => true,
          // The slow worker recorded its job id first: nothing left to settle.
          () => false,
        );
        if (settled) unknownSettled++;
      }
      const open = await database.prisma.render.count({
        where: { state: { notIn: ["published", "failed", "cancelled"] } },
      });
      if (open === 0 && kill) break;
    }

    const renders = await database.prisma.render.findMany();
    const retried = renders.filter((render) => render.attempts > 1).map((r) => `${r.state}:${r.errorMessage}`);
    if (retried.length > 0) console.log("contention test: retried steps", retried.slice(0, 5));
    const jobsPerImage = new Map<string, number>();
    for (const job of harness.sim.listJobs()) {
      const image = job.request.product_images[0] ?? "?";
      jobsPerImage.set(image, (jobsPerImage.get(image) ?? 0) + 1);
    }
    const duplicateSubmits = [...jobsPerImage.values()].filter((count) => count > 1).length;
    const capRefusals = harness.sim.getSubmits().filter((submit) => submit.errorCode === "concurrency_limit").length;
    // From the fake Admin API's log: every request that asked to attach each render's file, applied or not.
    const productAttaches = renders.map((render) =>
      store.attachRequestsPerFile({ shop: render.shop, kind: "product" }).get(render.fileId ?? ""),
    );
    const variantAppends = renders.map((render) =>
      store.attachRequestsPerFile({ shop: render.shop, kind: "variant" }).get(render.fileId ?? ""),
    );
    let duplicateImports = 0;
    for (const render of renders) {
      const files = store.files(render.shop).filter((file) => file.filename.startsWith(renderFileStemOf(render)));
      if (files.length > 1) duplicateImports++;
    }
    const max = (list: (number | undefined)[]) => Math.max(...list.map((n) => n ?? 0));
    console.log(
      `contention test: ${renders.length} renders, 4 workers (1 killed with ${kill?.leasesHeld} live leases, ` +
        `${kill?.unpublished} renders unpublished at the kill), ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `published ${renders.filter((r) => r.state === "published").length}, submits ${harness.sim.getSubmits().length}, ` +
        `cap ${CONCURRENCY_CAP} (app and service), concurrency_limit refusals ${capRefusals}, ` +
        `attach requests per file max ${max(productAttaches)} (product) ${max(variantAppends)} (variant), ` +
        `duplicate submits ${duplicateSubmits}, duplicate imports ${duplicateImports}, submit_unknown settled ${unknownSettled}`,
    );
    expect(renders).toHaveLength(SHOPS.length * PRODUCTS_PER_SHOP);
    expect(renders.filter((render) => render.state === "published")).toHaveLength(renders.length);
    expect(harness.sim.getSubmits().filter((submit) => submit.jobId)).toHaveLength(renders.length);
    expect(capRefusals).toBe(0);
    expect(productAttaches.every((n) => n === 1)).toBe(true);
    expect(variantAppends.every((n) => n === 1)).toBe(true);
    expect([duplicateSubmits, duplicateImports]).toEqual([0, 0]);
  }, 480_000);
});
