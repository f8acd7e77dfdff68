import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRun } from "~/renders/runs/start-run.server";
import { planRun } from "~/renders/runs/plan-run.server";
import { productsInScope } from "~/renders/runs/plan-scope.server";
import { colourDetailSchema } from "~/colour/render-colour.server";
import { makeProductSource } from "~/shopify/product-source.server";
import { renderSampleGarment } from "../../fakes/tryon-service/render";
import type { TestDatabase } from "../../harness/database";
import {
  fakeAdminGraphql,
  startRunningPipeline,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";
import { DEFAULT_TEST_OPTIONS, TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";

const TIME_FACTOR = 0.005;

/**
 * Colour fidelity in the pipeline (issue 16 points 2 and 3): once a render's file is READY the worker compares its
 * garment colours with the product photo's, stores ΔE, verdict and swatches, and only then hands it to review. The
 * simulator's colour_shift fault makes a render whose garment changed colour.
 */
describe("the colour score before review", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({ timeFactor: TIME_FACTOR });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  /** A shop whose products are tees drawn in the given colours on a white studio backdrop; starts one run. */
  async function runShop(
    shop: string,
    colours: Record<string, string>,
    settings: { publishWithoutReview?: boolean; holdDriftFromAutoPublish?: boolean } = {},
  ) {
    await harness.addShop(shop, { products: 0 });
    await database.prisma.shopSettings.update({ where: { shop }, data: settings });
    const products = [];
    for (const [name, colour] of Object.entries(colours)) {
      const photo = await renderSampleGarment({ color: colour, format: "jpeg", size: 800 });
      products.push(
        harness.admin.fake.store.addProduct(shop, {
          title: `${name} tee`,
          productType: "T-Shirts",
          images: [{ filename: `${name}-tee.jpg`, bytes: new Uint8Array(photo) }],
        }),
      );
    }
    const source = makeProductSource(fakeAdminGraphql(harness.admin.url, shop, harness.tokens.get(shop)!));
    const found = await productsInScope(source, { kind: "products", productIds: products.map((p) => p.id) });
    const plan = await planRun(database.prisma, found, {
      shop,
      options: DEFAULT_TEST_OPTIONS,
      regenerate: false,
      posesFor: () => [DEFAULT_TEST_OPTIONS.poseId],
    });
    await startRun(database.prisma, {
      shop,
      plan,
      options: DEFAULT_TEST_OPTIONS,
      scope: { kind: "products" },
      limits: TEST_QUEUE_LIMITS,
    });
  }

  /** Waits until every render of the shop is in one of `states` (the worker's other shops are not counted). */
  async function settled(shop: string, states: string[]) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const renders = await database.prisma.render.findMany({ where: { shop }, select: { state: true } });
      if (renders.length > 0 && renders.every((render) => states.includes(render.state))) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the renders of ${shop} did not reach ${states.join(" or ")} in time`);
  }

  const rendersOf = async (shop: string) =>
    Object.fromEntries(
      (await database.prisma.render.findMany({ where: { shop } })).map((render) => [
        render.productTitle.replace(/ tee$/, ""),
        render,
      ]),
    );

  it("scores a faithful render good and a recoloured one drift, with the matched swatches, before review", async () => {
    const shop = "colour-score.myshopify.com";
    harness.sim.injectFault({ fault: { type: "colour_shift", deltaE: 20, productImageIncludes: "coral-tee" } });
    harness.sim.injectFault({
      fault: { type: "colour_shift", deltaE: 20, mode: "fade", productImageIncludes: "navy-tee" },
    });
    await runShop(shop, { cobalt: "#2f6fb0", coral: "#e0604a", navy: "#1f2f5a" });
    await settled(shop, ["in_review"]);

    const renders = await rendersOf(shop);
    expect(renders.cobalt?.colourVerdict).toBe("good");
    expect(renders.cobalt?.colourDeltaE).toBeLessThanOrEqual(5);
    expect(renders.coral?.colourVerdict).toBe("drift");
    expect(renders.coral?.colourDeltaE).toBeGreaterThanOrEqual(10);
    expect(renders.navy?.colourVerdict).toBe("drift");
    const detail = colourDetailSchema.parse(renders.coral?.colourDetail);
    expect(detail.status).toBe("scored");
    if (detail.status === "scored") {
      // The photo's coral, and what the render made of it.
      expect(detail.matched[0]?.source).toMatch(/^#[0-9a-f]{6}$/);
      expect(detail.matched[0]?.source).not.toBe(detail.matched[0]?.render);
      expect(detail.thresholds).toEqual({ good: 5, drift: 10 });
    }
  }, 120_000);

  it("holds a drifted render back from publish-without-review unless the shop turned that off", async () => {
    const shop = "colour-hold.myshopify.com";
    harness.sim.injectFault({ fault: { type: "colour_shift", deltaE: 20, productImageIncludes: "ochre-tee" } });
    await runShop(shop, { teal: "#1f8a8a", ochre: "#c8961e" }, { publishWithoutReview: true });
    await settled(shop, ["in_review", "published"]);
    const held = await rendersOf(shop);
    expect([held.teal?.state, held.teal?.colourVerdict]).toEqual(["published", "good"]);
    expect([held.ochre?.state, held.ochre?.colourVerdict]).toEqual(["in_review", "drift"]);

    // Off: the score never decides on its own, so a drifted render publishes like any other.
    const open = "colour-open.myshopify.com";
    harness.sim.injectFault({ fault: { type: "colour_shift", deltaE: 20, productImageIncludes: "plum-tee" } });
    await runShop(open, { plum: "#7a2f6f" }, { publishWithoutReview: true, holdDriftFromAutoPublish: false });
    await settled(open, ["published"]);
    const published = await rendersOf(open);
    expect([published.plum?.state, published.plum?.colourVerdict]).toEqual(["published", "drift"]);
  }, 200_000);
});
