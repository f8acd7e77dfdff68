/**
 * Benchmark 14, automation burst (issue 29 point 7): a CSV import's 5,000 products/create and products/update
 * deliveries (2,000 products, a fifth of the deliveries repeated with the same webhook id, the whole list shuffled so
 * updates arrive out of order), signed as Shopify signs them and posted 16 at a time to the app's webhook routes
 * (the route modules in this process, on a fresh PostgreSQL database), while a worker runs beside them with
 * automation on (its gather step, the fake Admin API and the try-on simulator). Measured: each delivery's answer time
 * (p50, p99, max; goal p99 <= 200 ms), and the time from the last delivery's answer to the automatic run's creation
 * (the quiet period, 2 s here, plus the gather). The load average is printed with the figures: the machine is shared.
 *
 *   npx tsx bench/automation-burst.ts [--deliveries 5000]
 *   npm run bench -- automation-burst
 */
import "./lib/env";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { createTestDatabase } from "../harness/database";
import { startPipelineHarness, workerDepsFor } from "../harness/pipeline";
import { planProductBurst, postDeliveries, type WebhookAction } from "../harness/product-webhooks";
import { DEFAULT_TEST_OPTIONS } from "../harness/render-fixtures";
import { millis, percentile, seconds, sleep } from "./lib/stats";
import type { Benchmark, BenchContext, BenchResult } from "./lib/types";

const SHOP = "burst-bench.myshopify.com";
const PRODUCTS = 2_000;
const CONCURRENCY = 16;
const TIME_FACTOR = 0.02;
/** 2 s of quiet, as the worker sees it (scaled by the time factor). */
const QUIET_MS = 2_000;
const GOAL_P99_MS = 200;
/** The product resource's fields Shopify documents for products/update (the test uses the documented sample itself). */
// JSON text, as Shopify sends it: the id is past 2^53 (the burst driver puts each product's id in its place).
const PRODUCT_BASE = `{"id": 788032119674292922, "title": "", "body_html": "An example T-Shirt", "handle": "example-t-shirt",
  "vendor": "Acme", "product_type": "Shirts", "status": "active", "published_scope": "web", "tags": "", "variants": [],
  "options": [], "images": [], "image": null, "media": [], "has_variants_that_requires_components": false,
  "category": null}`;

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

async function measure(ctx: BenchContext, deliveries: number): Promise<Omit<BenchResult, "durationMs">> {
  const database = await createTestDatabase("postgres");
  process.env.DATABASE_URL = database.url;
  const harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
  try {
    await harness.addShop(SHOP, { products: PRODUCTS, concurrencyCap: 20 });
    const rule = await database.prisma.automationRule.create({
      data: {
        shop: SHOP,
        name: "New arrivals",
        enabled: true,
        match: { productTypes: ["Shirts"] },
        options: DEFAULT_TEST_OPTIONS,
        // 50 renders: the figures are about the burst, not about rendering 2,000 products.
        monthlyBudgetCredits: 250,
      },
    });
    const actions: Record<"products/create" | "products/update", WebhookAction> = {
      "products/create": (await import("~/routes/webhooks.products.create")).action,
      "products/update": (await import("~/routes/webhooks.products.update")).action,
    };
    const { makeWorker } = await import("~/worker/worker");
    const worker = makeWorker(
      workerDepsFor({
        db: database.prisma,
        adminUrl: harness.admin.url,
        tokens: harness.tokens,
        config: {
          timeFactor: TIME_FACTOR,
          tickIntervalMs: 100,
          automationQuietMs: QUIET_MS / TIME_FACTOR,
          automationMaxWaitMs: 600_000 / TIME_FACTOR,
        },
      }),
    );
    const running = worker.run();
    const productIds = harness.admin.fake.store.products(SHOP).map((product) => product.id);
    let seed = 14;
    const burst = planProductBurst({
      fake: harness.admin.fake,
      shop: SHOP,
      productIds,
      sample: PRODUCT_BASE,
      total: deliveries,
      duplicateShare: 0.2,
      random: () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646,
    });
    ctx.log(`posting ${deliveries} deliveries, ${CONCURRENCY} at a time (load ${loadAverage()})`);
    const loadBefore = loadAverage();
    const started = performance.now();
    const answers = await postDeliveries(actions, SHOP, burst, CONCURRENCY);
    const lastAnswered = Date.now();
    const burstMs = performance.now() - started;
    const loadDuring = loadAverage();
    let run = null;
    while (!run && Date.now() - lastAnswered < 120_000) {
      run = await database.prisma.run.findFirst({ where: { ruleId: rule.id } });
      if (!run) await sleep(50);
    }
    await worker.stop();
    await running;
    const times = answers.map((answer) => answer.ms);
    const failed = answers.filter((answer) => answer.status !== 200).length;
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const toRunMs = run ? run.createdAt.getTime() - lastAnswered : Number.NaN;
    const runs = await database.prisma.run.count({ where: { ruleId: rule.id } });
    return {
      id: "automation-burst",
      title: "Automation burst",
      database: "PostgreSQL 15",
      figures: [
        ["deliveries (distinct webhook ids)", `${deliveries} (${new Set(burst.map((d) => d.webhookId)).size})`],
        ["answered other than 200", String(failed)],
        ["answer time p50 / p99 / max", `${millis(p50)} / ${millis(p99)} / ${millis(Math.max(...times))}`],
        ["burst duration", `${seconds(burstMs)} (${((deliveries / burstMs) * 1000).toFixed(0)} deliveries/s)`],
        [
          "last delivery to automatic run created",
          `${run ? seconds(toRunMs) : "no run"} (quiet period ${seconds(QUIET_MS)})`,
        ],
        ["automatic runs", String(runs)],
        ["load average before / after the burst (1, 5, 15 min)", `${loadBefore} | ${loadDuring}`],
      ],
      headline: `p99 ${millis(p99)}, p50 ${millis(p50)}; run ${run ? seconds(toRunMs) : "n/a"} after the last delivery`,
      baseline: `quiet period ${seconds(QUIET_MS)}`,
      goal: `p99 <= ${GOAL_P99_MS} ms`,
      met: failed === 0 && p99 <= GOAL_P99_MS,
      notes: [
        "Route modules called in this process (as the tests do), not over HTTP: the figure is the app's handling (signature, parsing, the delivery's transaction), not the HTTP server's.",
        `Load average at the time: ${loadDuring} on ${os.cpus().length} cores (shared machine).`,
      ],
    };
  } finally {
    await harness.close();
    await database.close();
  }
}

export const automationBurst: Benchmark = {
  id: "automation-burst",
  number: 14,
  title: "Automation burst",
  summary:
    "5,000 signed products/create and products/update deliveries (2,000 products, repeats, out of order) posted 16 at a time while a worker gathers: webhook answer time p50/p99 and the time from the last delivery to the automatic run.",
  run: (ctx) => measure(ctx, 5_000),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = process.argv.indexOf("--deliveries");
  const deliveries = index > 0 ? Number(process.argv[index + 1]) : 5_000;
  const result = await measure({ log: (line) => console.log(line), full: false }, deliveries);
  for (const [label, value] of result.figures) console.log(`${label}: ${value}`);
  process.exit(0);
}
