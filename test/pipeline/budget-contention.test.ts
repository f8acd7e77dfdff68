import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

const SHOP = "budget.myshopify.com";
const PRODUCTS = 40;
const BUDGET = 52;
const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Four worker processes race one budgeted run on one PostgreSQL server (issue 13 point 8). Each renders costs 5
 * credits, so 52 allows ten at most, counting refunds of failed jobs back in. At no moment may the run's charged
 * credits, net of refunds, exceed the budget, in the app's ledger or in the service's.
 */
describe("a budgeted run across four worker processes", () => {
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

  it("never charges more than the budget", async () => {
    const key = harness.sim.addApiKey({ credits: 10_000 });
    const { collectionId } = await harness.addShop(SHOP, { products: PRODUCTS, concurrencyCap: 40, apiKey: key });
    const runId = await harness.startCollectionRun(SHOP, collectionId);
    await database.prisma.run.update({ where: { id: runId }, data: { budgetCredits: BUDGET } });
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
    };
    workers.push(...(await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(`b${n}`, env)))));

    const serviceNet = () => {
      const account = harness.sim.getLedger(key);
      const sum = (entries: { credits: number }[]) => entries.reduce((total, entry) => total + entry.credits, 0);
      return sum(account.charges) - sum(account.refunds);
    };
    let highest = { app: 0, service: 0 };
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("the run did not reach its budget in time");
      const renders = await database.prisma.render.findMany({ where: { runId } });
      const spent = renders.reduce((sum, render) => sum + render.creditsCharged - render.creditsRefunded, 0);
      highest = { app: Math.max(highest.app, spent), service: Math.max(highest.service, serviceNet()) };
      expect(spent).toBeLessThanOrEqual(BUDGET);
      expect(serviceNet()).toBeLessThanOrEqual(BUDGET);
      // Done when nothing is on its way and no queued render fits in what is left of the budget.
      const busy = renders.some((render) => !["queued", "in_review", "failed"].includes(render.state));
      if (!busy && spent + 5 > BUDGET) break;
      await sleep(50);
    }
    const renders = await database.prisma.render.findMany({ where: { runId } });
    const charged = renders.filter((render) => render.creditsCharged > 0).length;
    console.log(
      `budget contention: 4 workers, budget ${BUDGET}, highest charged net ${highest.app} (app) / ${highest.service} (service), ` +
        `${charged} renders charged, ${renders.filter((render) => render.state === "queued").length} left queued`,
    );
    expect(serviceNet()).toBe(renders.reduce((sum, render) => sum + render.creditsCharged - render.creditsRefunded, 0));
  }, 180_000);
});
