import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { startRun } from "~/renders/runs/start-run.server";
import { planRun } from "~/renders/runs/plan-run.server";
import { productsInScope } from "~/renders/runs/plan-scope.server";
import { approveRender } from "~/renders/review/review-actions.server";
import { DEFAULT_TEST_OPTIONS, TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";
import { makeProductSource } from "~/shopify/product-source.server";
import type { TestDatabase } from "../../harness/database";
import {
  fakeAdminGraphql,
  startRunningPipeline,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One shot per colour, published: each colour's render goes on that colour's variants and no other. */
describe("publishing one shot per colour", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({ timeFactor: 0.005, databaseKind: "pglite" });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await sleep(50);
    }
    throw new Error(`not reached: ${what}`);
  }

  it("puts each colour's render on its variants, replacing the photo they showed, and leaves other variants alone", async () => {
    const shop = "colour-publish.myshopify.com";
    await harness.addShop(shop, { products: 0 });
    const store = harness.admin.fake.store;
    const opts = (colour: string, size: string) => [
      { name: "Colour", value: colour },
      { name: "Size", value: size },
    ];
    const tee = store.addProduct(shop, {
      title: "Colour tee",
      productType: "T-Shirts",
      images: [
        { filename: "tee-red.jpg", alt: "Tee", width: 64, height: 80 },
        { filename: "tee-navy.jpg", alt: "Tee", width: 64, height: 80 },
        { filename: "tee-lookbook.jpg", alt: "Tee", width: 64, height: 80 },
      ],
      variants: [
        { title: "Red / S", selectedOptions: opts("Red", "S"), imageIndex: 0 },
        { title: "Red / M", selectedOptions: opts("Red", "M"), imageIndex: 0 },
        { title: "Navy / S", selectedOptions: opts("Navy", "S"), imageIndex: 1 },
        { title: "Navy / M", selectedOptions: opts("Navy", "M") },
        // No photo of its own (the lookbook photo is not named after it): not rendered, left without an image.
        { title: "Ochre / S", selectedOptions: opts("Ochre", "S") },
      ],
    });
    const [redS, redM, navyS, navyM, ochreS] = tee.variantIds as [string, string, string, string, string];
    const [redPhoto, navyPhoto, lookbook] = store.productMedia(shop, tee.id).map((media) => media.id);

    const source = makeProductSource(fakeAdminGraphql(harness.admin.url, shop, harness.tokens.get(shop)!));
    const products = await productsInScope(source, { kind: "products", productIds: [tee.id] });
    const plan = await planRun(database.prisma, products, {
      shop,
      options: DEFAULT_TEST_OPTIONS,
      regenerate: false,
      posesFor: () => [DEFAULT_TEST_OPTIONS.poseId],
      perColour: true,
    });
    expect(plan.eligible.map((render) => render.variantColour?.value)).toEqual(["Red", "Navy"]);
    const { run } = await startRun(database.prisma, {
      shop,
      plan,
      options: DEFAULT_TEST_OPTIONS,
      scope: { kind: "products", productIds: [tee.id], perColour: true },
      limits: TEST_QUEUE_LIMITS,
    });
    const renders = () => database.prisma.render.findMany({ where: { runId: run.id } });
    await until(async () => (await renders()).every((render) => render.state === "in_review"), "both in review");
    // Approved in bulk, without choosing variants: the colour says where each goes.
    for (const render of await renders())
      await approveRender(database.prisma, { shop, renderId: render.id, reviewer: "ana" });
    await until(async () => (await renders()).every((render) => render.state === "published"), "both published");

    const fileOf = new Map(
      (await renders()).map((render) => [variantColourOf(render.variantColour)?.value, render.fileId]),
    );
    const red = fileOf.get("Red")!;
    const navy = fileOf.get("Navy")!;
    expect(red).not.toBe(navy);
    expect(store.variantMediaIds(shop, redS)).toEqual([red]);
    expect(store.variantMediaIds(shop, redM)).toEqual([red]);
    expect(store.variantMediaIds(shop, navyS)).toEqual([navy]);
    expect(store.variantMediaIds(shop, navyM)).toEqual([navy]);
    expect(store.variantMediaIds(shop, ochreS)).toEqual([]);
    // The colour photos the variants showed stay in the product's media.
    const media = store.productMedia(shop, tee.id).map((item) => item.id);
    expect(media).toEqual(expect.arrayContaining([redPhoto, navyPhoto, lookbook, red, navy]));
  });
});
