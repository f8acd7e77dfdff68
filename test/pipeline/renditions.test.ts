import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRun } from "~/renders/runs/start-run.server";
import { planRun } from "~/renders/runs/plan-run.server";
import { productsInScope } from "~/renders/runs/plan-scope.server";
import { makeProductSource } from "~/shopify/product-source.server";
import type { TestDatabase } from "../../harness/database";
import {
  fakeAdminGraphql,
  startRunningPipeline,
  waitForRenders,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";
import { DEFAULT_TEST_OPTIONS, TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";

const SHOP = "renditions.myshopify.com";
const TIME_FACTOR = 0.005;

/**
 * A product photo the try-on service would refuse (a GIF, or a PNG over 10 MB) is not a failure: before any
 * credit is spent the worker asks Shopify's CDN for a JPEG rendition and submits that instead.
 */
describe("photos the service would refuse", () => {
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

  it("are replaced by JPEG renditions from Shopify's CDN and rendered, one submit each", async () => {
    await harness.addShop(SHOP, { products: 0 });
    const gif = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#3a7" } })
      .gif()
      .toBuffer();
    // Noise does not compress: a PNG of about 11 MB.
    const huge = await sharp(randomBytes(2200 * 1700 * 3), { raw: { width: 2200, height: 1700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.byteLength).toBeGreaterThan(10_000_000);
    const products = [
      harness.admin.fake.store.addProduct(SHOP, {
        title: "Gif tee",
        images: [{ filename: "tee.gif", bytes: new Uint8Array(gif) }],
      }),
      harness.admin.fake.store.addProduct(SHOP, {
        title: "Huge tee",
        images: [{ filename: "tee-huge.png", bytes: new Uint8Array(huge) }],
      }),
    ];
    const source = makeProductSource(fakeAdminGraphql(harness.admin.url, SHOP, harness.tokens.get(SHOP)!));
    const found = await productsInScope(source, {
      kind: "products",
      productIds: products.map((product) => product.id),
    });
    const plan = await planRun(database.prisma, found, {
      shop: SHOP,
      options: DEFAULT_TEST_OPTIONS,
      regenerate: false,
      posesFor: () => [DEFAULT_TEST_OPTIONS.poseId],
    });
    const { run } = await startRun(database.prisma, {
      shop: SHOP,
      plan,
      options: DEFAULT_TEST_OPTIONS,
      scope: { kind: "products" },
      limits: TEST_QUEUE_LIMITS,
    });

    await waitForRenders(database.prisma, (counts) => counts.in_review === 2, { timeoutMs: 60_000 });
    const submits = harness.sim
      .getSubmits()
      .filter((submit) => (submit.body as { product_images?: string[] }).product_images?.[0]?.includes("tee"));
    expect(submits).toHaveLength(2);
    for (const submit of submits) {
      expect((submit.body as { product_images: string[] }).product_images[0]).toMatch(/format=jpg/);
    }
    expect(await database.prisma.render.count({ where: { runId: run.id, state: "in_review" } })).toBe(2);
  });
});
