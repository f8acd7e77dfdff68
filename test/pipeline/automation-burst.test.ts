import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automaticRunScopeSchema } from "~/renders/runs/run-summary";
import type { TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { planProductBurst, postDeliveries, toRouteModules, type SendDelivery } from "../../harness/product-webhooks";
import { DEFAULT_TEST_OPTIONS } from "../../harness/render-fixtures";
import { seededRandom } from "~/lib/seeded-random";
import { useAppDatabase } from "../support/app-modules";
import { samplePayload } from "../support/shopify-webhook-samples";
import { deliver, loadWebhookRoutes, bodies, type WebhookRoutes } from "../support/webhook-shops";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

/**
 * A CSV import's burst against the running app: signed deliveries posted 16 at a time to the app's webhook routes (in
 * this process, bound to the PostgreSQL server), four worker processes gathering and rendering. 1,500 deliveries by
 * default, which keeps the file near 3 minutes on a loaded 2-core CI machine; issue 29's 5,000 run by hand with
 * AUTOMATION_BURST_DELIVERIES=5000 (2.5 to 6 minutes there; docs/benchmarks.md, section 14). The answer-time figures
 * are benchmark 14's (bench/automation-burst.ts), which posts the same burst over HTTP to the production build with
 * the same driver (ADR 106: a build here would add a minute to CI and change none of what is checked); the bounds here
 * are generous so a loaded machine passes.
 */
const SHOP = "burst.myshopify.com";
const UNINSTALLED = "burst-uninstall.myshopify.com";
const TIME_FACTOR = 0.02;
/** Quiet for 2 s (100 s scaled): a burst posted without pause is gathered once, after its last delivery. */
const QUIET_MS = 100_000;
const DELIVERIES = Number(process.env.AUTOMATION_BURST_DELIVERIES ?? 1_500);
/** The test's own limit grows with the burst: about 20 deliveries a second on a loaded machine, and the renders. */
const BURST_TEST_MS = 150_000 + DELIVERIES * 60;
const started = performance.now();
/** Where the time went, printed as it goes: a timeout then says which phase was slow. */
const phase = (what: string) => console.info(`${((performance.now() - started) / 1000).toFixed(1)} s: ${what}`);
/** Shopify retries an answer slower than this. */
const SHOPIFY_TIMEOUT_MS = 5_000;
/** Most answers far inside Shopify's timeout even on a loaded 2-core machine (benchmark 14: p50 about 140 ms). */
const MEDIAN_BOUND_MS = 2_000;
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
  let actions: SendDelivery;
  const workers: WorkerProcess[] = [];
  const sample = samplePayload("products/update", SHOP);

  beforeAll(async () => {
    database = await useAppDatabase("postgres");
    routes = await loadWebhookRoutes();
    actions = toRouteModules({
      "products/create": routes["products/create"]!,
      "products/update": routes["products/update"]!,
    });
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
      // Beats every 0.5 s: the uninstall test waits on them to know the workers ran on after it.
      config: {
        submitLeaseMs: 30_000,
        automationQuietMs: QUIET_MS,
        automationMaxWaitMs: 10_000_000,
        heartbeatIntervalMs: 500,
      },
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

  it(
    `gathers ${DELIVERIES.toLocaleString("en-US")} deliveries with repeats and reordering into one automatic run: one render per product however many updates it had, the budget exact, every answer in time`,
    async () => {
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
      phase(`posting ${DELIVERIES} deliveries`);
      const answers = await postDeliveries(actions, SHOP, burst, 16);
      phase("posted");
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      // Answered inside Shopify's timeout while four workers ran, nearly all of them, and most far inside it (figures:
      // benchmark 14). Not every one: at a load average of 25 on 2 cores the slowest few waited over 5 s for the CPU,
      // and Shopify would retry those, which the webhook id makes harmless.
      const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
      console.info(
        `burst of ${DELIVERIES}: answers p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
      );
      expect(at(0.95)).toBeLessThan(SHOPIFY_TIMEOUT_MS);
      expect(at(0.5)).toBeLessThan(MEDIAN_BOUND_MS);
      // Each webhook id recorded once, however many times it came.
      expect(await database.prisma.automationDelivery.count({ where: { shop: SHOP } })).toBe(
        new Set(burst.map((delivery) => delivery.webhookId)).size,
      );

      const run = await until("the automatic run", () => database.prisma.run.findFirst({ where: { ruleId: rule.id } }));
      phase("automatic run created");
      const rendersDone = await until(
        "the run's renders in review",
        async () => {
          const renders = await database.prisma.render.findMany({ where: { runId: run.id } });
          return renders.length > 0 && renders.every((render) => render.state === "in_review") ? renders : null;
        },
        120_000,
      );
      phase("its renders in review");
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
      expect(scope.skipped.filter((entry) => entry.reason === "over_budget")).toHaveLength(
        Math.min(200, PRODUCTS - 30),
      );
    },
    BURST_TEST_MS,
  );

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
    // Two quiet periods later (every worker has beaten since: they all ran on), nothing more has happened for the shop.
    const later = new Date(uninstalledAt.getTime() + 2 * QUIET_MS * TIME_FACTOR);
    await until("every worker running two quiet periods past the uninstall", async () => {
      const beats = await database.prisma.workerHeartbeat.findMany({ where: { seenAt: { gt: later } } });
      return beats.length >= workers.length;
    });
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
