import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automaticRunScopeSchema } from "~/renders/runs/run-summary";
import type { TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { planProductBurst, postDeliveries, type WebhookAction } from "../../harness/product-webhooks";
import { DEFAULT_TEST_OPTIONS } from "../../harness/render-fixtures";
import { seededRandom } from "~/lib/seeded-random";
import { useAppDatabase } from "../support/app-modules";
import { samplePayload } from "../support/shopify-webhook-samples";
import { deliver, loadWebhookRoutes, bodies, type WebhookRoutes } from "../support/webhook-shops";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

/**
 * A CSV import's burst against the running app: signed deliveries posted to the app's webhook routes (in this
 * process, bound to the PostgreSQL server), four worker processes gathering and rendering. The full 5,000 deliveries
 * run in benchmark 14 (bench/automation-burst.ts); here a 1,500-delivery burst keeps the test near a minute.
 */
const SHOP = "burst.myshopify.com";
const UNINSTALLED = "burst-uninstall.myshopify.com";
const TIME_FACTOR = 0.02;
const DELIVERIES = 1_500;
const PRODUCTS = 400;
/** 5 credits a render at 2K: the rule's budget holds exactly 30 of them. */
const BUDGET_CREDITS = 152;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

describe("a burst of product deliveries against the running app and four workers", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  let routes: WebhookRoutes;
  let actions: Record<"products/create" | "products/update", WebhookAction>;
  const workers: WorkerProcess[] = [];
  const sample = samplePayload("products/update", SHOP);

  beforeAll(async () => {
    database = await useAppDatabase("postgres");
    routes = await loadWebhookRoutes();
    actions = { "products/create": routes["products/create"]!, "products/update": routes["products/update"]! };
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
      // Quiet for 2 s (100 s scaled): a burst posted without pause is gathered once, after its last delivery.
      config: { submitLeaseMs: 30_000, automationQuietMs: 100_000, automationMaxWaitMs: 10_000_000 },
    };
    for (const shop of [SHOP, UNINSTALLED]) await harness.addShop(shop, { products: PRODUCTS, concurrencyCap: 20 });
    workers.push(...(await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(`b${n}`, env)))));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker, "SIGTERM")));
    await harness?.close();
    await database?.close();
  });

  const addRule = (shop: string) =>
    database.prisma.automationRule.create({
      data: {
        shop,
        name: "New arrivals",
        enabled: true,
        match: { productTypes: ["Shirts"] },
        options: DEFAULT_TEST_OPTIONS,
        monthlyBudgetCredits: BUDGET_CREDITS,
      },
    });

  it("gathers 1,500 deliveries with repeats and reordering into one automatic run: one render per product, the budget exact, every answer in time", async () => {
    const rule = await addRule(SHOP);
    const productIds = harness.admin.fake.store.products(SHOP).map((product) => product.id);
    const burst = planProductBurst({
      fake: harness.admin.fake,
      shop: SHOP,
      productIds,
      sample,
      total: DELIVERIES,
      duplicateShare: 0.2,
      random: seededRandom(29),
    });
    const answers = await postDeliveries(actions, SHOP, burst, 8);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Shopify's timeout is 5 s: every delivery answered well within it while four workers ran (figures: benchmark 14).
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(5_000);
    // Each webhook id recorded once, however many times it came.
    expect(await database.prisma.automationDelivery.count({ where: { shop: SHOP } })).toBe(
      new Set(burst.map((delivery) => delivery.webhookId)).size,
    );

    const run = await until("the automatic run", () => database.prisma.run.findFirst({ where: { ruleId: rule.id } }));
    const rendersDone = await until("the run's renders in review", async () => {
      const renders = await database.prisma.render.findMany({ where: { runId: run.id } });
      return renders.length > 0 && renders.every((render) => render.state === "in_review") ? renders : null;
    });
    expect(await database.prisma.run.count({ where: { shop: SHOP, ruleId: { not: null } } })).toBe(1);
    const perProduct = new Map<string, number>();
    for (const render of rendersDone) perProduct.set(render.productId, (perProduct.get(render.productId) ?? 0) + 1);
    expect([...perProduct.values()].every((count) => count === 1)).toBe(true);
    expect(rendersDone).toHaveLength(Math.floor(BUDGET_CREDITS / 5));
    const spend = await database.prisma.automationSpend.findMany({ where: { shop: SHOP } });
    expect(spend.map((row) => row.credits)).toEqual([150]);
    // The service charged exactly that: nothing submitted twice, nothing past the budget.
    const charged = rendersDone.reduce((sum, render) => sum + render.creditsCharged - render.creditsRefunded, 0);
    expect(charged).toBe(150);
    expect(
      harness.sim.getSubmits().filter((submit) => rendersDone.some((r) => r.externalJobId === submit.jobId)).length,
    ).toBe(30);
    const scope = automaticRunScopeSchema.parse(run.scope);
    expect(scope.title).toBe("New arrivals, automatic: 30 products");
    expect(scope.skipped.filter((entry) => entry.reason === "over_budget")).toHaveLength(Math.min(200, PRODUCTS - 30));
  }, 240_000);

  it("uninstall in the middle of a burst stops everything: queued renders cancelled, nothing more recorded or spent", async () => {
    const rule = await addRule(UNINSTALLED);
    const productIds = harness.admin.fake.store.products(UNINSTALLED).map((product) => product.id);
    const burst = planProductBurst({
      fake: harness.admin.fake,
      shop: UNINSTALLED,
      productIds,
      sample: samplePayload("products/update", UNINSTALLED),
      total: 600,
      duplicateShare: 0.1,
      random: seededRandom(30),
    });
    await postDeliveries(actions, UNINSTALLED, burst.slice(0, 300), 16);
    const run = await until("the first automatic run", () =>
      database.prisma.run.findFirst({ where: { ruleId: rule.id } }),
    );
    await until("a render under way", () =>
      database.prisma.render.findFirst({
        where: { runId: run.id, state: { in: ["running", "rendered", "importing", "in_review"] } },
      }),
    );
    // An uninstall can lose a deadlock to a submit in flight (its ledger row references the shop): it answers an error
    // and Shopify delivers it again, as here.
    let uninstalled = 0;
    for (let attempt = 0; attempt < 5 && uninstalled !== 200; attempt++) {
      uninstalled = await deliver(routes, {
        topic: "app/uninstalled",
        shop: UNINSTALLED,
        body: bodies.shopObject(UNINSTALLED),
        webhookId: "uninstall-1",
      }).catch(() => 500);
    }
    expect(uninstalled).toBe(200);
    const uninstalledAt = new Date();
    const answers = await postDeliveries(actions, UNINSTALLED, burst.slice(300), 16);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Two quiet periods later, nothing more has happened for the shop.
    await sleep(5_000);
    expect(await database.prisma.run.count({ where: { ruleId: rule.id } })).toBe(1);
    expect(
      await database.prisma.automationDelivery.count({
        where: { shop: UNINSTALLED, receivedAt: { gt: uninstalledAt } },
      }),
    ).toBe(0);
    expect(await database.prisma.render.count({ where: { shop: UNINSTALLED, state: "queued" } })).toBe(0);
    const submittedAfter = await database.prisma.render.count({
      where: { shop: UNINSTALLED, submittingAt: { gt: uninstalledAt } },
    });
    expect(submittedAfter).toBe(0);
  }, 240_000);
});
