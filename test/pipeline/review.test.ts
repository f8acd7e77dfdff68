import { servicePhotoUrl } from "~/catalog/photo-rule";
import { wordsFor } from "~/i18n/words.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approveRender,
  regenerateRender,
  rejectRender,
  ReviewError,
  revertRender,
  setRunStatus,
} from "~/renders/review/review-actions.server";
import { makeProductSource } from "~/shopify/product-source.server";
import { makeRenderMedia } from "~/shopify/render-media.server";
import type { TestDatabase } from "../../harness/database";
import {
  fakeAdminGraphql,
  startRunningPipeline,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";
import { TEST_QUEUE_LIMITS } from "../../harness/render-fixtures";

// Failure reasons are stored as message keys (app/lib/staff-message.ts); staff read them in their language.
const english = wordsFor("en");

const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Review and publishing rules, against the fake Admin API: what staff do after a render reaches review. */
describe("reviewing renders", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({
      timeFactor: TIME_FACTOR,
      databaseKind: "pglite",
      config: { publishMaxAttempts: 3 },
    });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  async function rendersInReview(shop: string, products: number) {
    const { collectionId } = await harness.addShop(shop, { products });
    const runId = await harness.startCollectionRun(shop, collectionId);
    for (let i = 0; i < 300; i++) {
      if ((await database.prisma.render.count({ where: { runId, state: "in_review" } })) === products) break;
      await sleep(100);
    }
    return database.prisma.render.findMany({ where: { runId }, orderBy: { createdAt: "asc" } });
  }
  const media = (shop: string) => makeRenderMedia(fakeAdminGraphql(harness.admin.url, shop, harness.tokens.get(shop)!));
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await sleep(50);
    }
    throw new Error("condition not reached");
  }

  it("records the processed image's CDN URLs and size when the file is ready, for staff pages to show", async () => {
    const shop = "stored-image.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    const store = harness.admin.fake.store;
    const file = store.shop(shop).files.get(render!.fileId!);
    expect(file).toBeDefined();
    expect(render!.resultUrl).toBe(store.imageUrl(store.shop(shop), file!));
    expect(render!.resultPreviewUrl).toContain("640");
    expect([render!.resultWidth, render!.resultHeight]).toEqual([file!.width, file!.height]);
  });

  it("approves once: a second approval (double click, second reviewer) is refused and changes nothing", async () => {
    const shop = "approve-twice.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    await approveRender(database.prisma, { shop, renderId: render!.id, reviewer: "ana" });
    await expect(
      approveRender(database.prisma, { shop, renderId: render!.id, reviewer: "ben" }),
    ).rejects.toBeInstanceOf(ReviewError);
    await until(
      async () => (await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } })).state === "published",
    );
    const published = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect(published.reviewedBy).toBe("ana");
    expect(
      harness.admin.fake.store.productMedia(shop, render!.productId).filter((m) => m.id === render!.fileId),
    ).toHaveLength(1);
  });

  it("publishes to the chosen variants and as the first image when asked", async () => {
    const shop = "variants.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    const product = harness.admin.fake.store.product(shop, render!.productId)!;
    const variantId = product.variantIds[0]!;
    await approveRender(database.prisma, {
      shop,
      renderId: render!.id,
      reviewer: "ana",
      options: { variantIds: [variantId], makeFirst: true },
    });
    await until(
      async () => (await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } })).state === "published",
    );
    await until(async () => harness.admin.fake.store.productMedia(shop, render!.productId)[0]?.id === render!.fileId);
    expect(harness.admin.fake.store.variant(shop, variantId)?.mediaIds).toEqual([render!.fileId]);
  });

  const stateOf = async (id: string) => (await database.prisma.render.findUniqueOrThrow({ where: { id } })).state;

  it("replaces the image of a variant that already has one (detach, then append) and fills one that has none", async () => {
    const shop = "variant-has-image.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    const store = harness.admin.fake.store;
    const product = store.product(shop, render!.productId)!;
    const [withImage, withoutImage] = product.variantIds;
    const oldImage = store.variantMediaIds(shop, withImage!)[0];
    expect(oldImage).toBeDefined();
    await approveRender(database.prisma, {
      shop,
      renderId: render!.id,
      reviewer: "ana",
      options: { variantIds: [withImage!, withoutImage!] },
    });
    await until(async () => (await stateOf(render!.id)) === "published");
    expect(store.variantMediaIds(shop, withImage!)).toEqual([render!.fileId]);
    expect(store.variantMediaIds(shop, withoutImage!)).toEqual([render!.fileId]);
    // The old photo stays product media; only the variant's choice changed.
    expect(store.productMedia(shop, render!.productId).map((m) => m.id)).toContain(oldImage);
    const refused = harness.admin.fake
      .graphqlRequests()
      .filter((r) => r.shop === shop && r.operationName === "AppendVariantMedia" && r.outcome !== "ok");
    expect(refused).toEqual([]);
  });

  it("a permanent Shopify refusal (userErrors) brings the render back to review with Shopify's words, once", async () => {
    const shop = "publish-refused.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    // Shopify refuses to reference a file that is not READY ("Non-ready files cannot be updated."): no retry helps.
    harness.admin.fake.store.failFile(shop, render!.fileId!);
    await approveRender(database.prisma, { shop, renderId: render!.id, reviewer: "ana" });
    await until(async () => (await stateOf(render!.id)) === "in_review");
    const back = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect(back.errorCode).toBe("publish_refused");
    expect(english(back.errorMessage ?? "")).toMatch(
      /^Shopify refused a change to the product \(add the image to the product\): Non-ready files/,
    );
    expect(english(back.errorMessage ?? "")).toContain("approve again");
    const attaches = () =>
      harness.admin.fake.graphqlRequests().filter((r) => r.shop === shop && r.operationName === "AttachFileToProduct")
        .length;
    const attachedOnce = attaches();
    expect(attachedOnce).toBe(1);
    // Nothing is retried behind staff's back: a few worker ticks later no further attach went out.
    await sleep(300);
    expect(attaches()).toBe(attachedOnce);
    expect(await stateOf(render!.id)).toBe("in_review");
  });

  it("a publish that keeps failing stops after publishMaxAttempts and goes back to review with words", async () => {
    const shop = "publish-capped.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    harness.admin.fake.failNext(10_000, { status: 503, shop });
    await approveRender(database.prisma, { shop, renderId: render!.id, reviewer: "ana" });
    await until(async () => (await stateOf(render!.id)) === "in_review");
    const back = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect(back.attempts).toBe(3);
    expect(back.errorCode).toBe("publish_failed");
    expect(english(back.errorMessage ?? "")).toMatch(/^Adding the image to the product failed 3 times \(last: .*503/);
    const requests = () => harness.admin.fake.graphqlRequests().filter((r) => r.shop === shop).length;
    const sent = requests();
    await sleep(300);
    expect(requests()).toBe(sent);
  });

  it("rejecting deletes the file from Shopify and publishes nothing", async () => {
    const shop = "reject.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    await rejectRender(database.prisma, media(shop), { shop, renderId: render!.id, reviewer: "ana" });
    const rejected = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect([rejected.state, rejected.reviewDecision]).toEqual(["rejected", "rejected"]);
    expect(harness.admin.fake.store.file(shop, render!.fileId!)).toBeUndefined();
    expect(
      harness.admin.fake.store.productMedia(shop, render!.productId).some((m) => m.filename.includes("-model-shot-")),
    ).toBe(false);
  });

  it("reverting a published render detaches it from the product and puts it back in review", async () => {
    const shop = "revert.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    await approveRender(database.prisma, { shop, renderId: render!.id, reviewer: "ana" });
    await until(
      async () => (await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } })).state === "published",
    );
    await revertRender(database.prisma, media(shop), { shop, renderId: render!.id, reviewer: "ana" });
    expect((await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } })).state).toBe("in_review");
    expect(harness.admin.fake.store.productMedia(shop, render!.productId).some((m) => m.id === render!.fileId)).toBe(
      false,
    );
    expect(harness.admin.fake.store.file(shop, render!.fileId!)).toBeDefined();
  });

  it("regenerating queues a new render of the same images with the changed options, linked to the old one", async () => {
    const shop = "regenerate.myshopify.com";
    const [render] = await rendersInReview(shop, 1);
    const products = makeProductSource(fakeAdminGraphql(harness.admin.url, shop, harness.tokens.get(shop)!));
    const again = await regenerateRender(database.prisma, products, {
      shop,
      renderId: render!.id,
      changes: { resolution: "4K", expression: "smile" },
      limits: TEST_QUEUE_LIMITS,
    });
    expect(again.regeneratedFromId).toBe(render!.id);
    expect(again.creditsCost).toBe(6);
    // The same photos, sent as the photo rule sends them at 4K: Shopify's CDN rendition, 4096 px at most.
    expect(again.sourceImages).toEqual(render!.sourceImages);
    const front = (render!.sourceImages as { front: string[] }).front[0] as string;
    expect(again.params).toMatchObject({
      resolution: "4K",
      expression: "smile",
      productImages: [servicePhotoUrl(front, "4K")],
    });
    expect(servicePhotoUrl(front, "4K")).toMatch(/width=4096&height=4096&format=jpg$/);
    await expect(
      regenerateRender(database.prisma, products, {
        shop: "someone-else.myshopify.com",
        renderId: render!.id,
        changes: {},
        limits: TEST_QUEUE_LIMITS,
      }),
    ).rejects.toBeInstanceOf(ReviewError);
  });

  it("pausing a run stops its submits; resuming lets them go; cancelling cancels what was not sent", async () => {
    const shop = "pause.myshopify.com";
    const { collectionId } = await harness.addShop(shop, { products: 6, concurrencyCap: 2 });
    const runId = await harness.startCollectionRun(shop, collectionId);
    await setRunStatus(database.prisma, { shop, runId, action: "pause" });
    const sentAtPause = harness.sim.getSubmits().length;
    await sleep(800);
    // At most the renders already claimed when the pause landed went out.
    expect(harness.sim.getSubmits().length - sentAtPause).toBeLessThanOrEqual(2);
    await setRunStatus(database.prisma, { shop, runId, action: "resume" });
    await until(async () => (await database.prisma.render.count({ where: { runId, state: { not: "queued" } } })) >= 3);
    await setRunStatus(database.prisma, { shop, runId, action: "cancel" });
    expect(await database.prisma.render.count({ where: { runId, state: "queued" } })).toBe(0);
    await expect(setRunStatus(database.prisma, { shop, runId, action: "resume" })).rejects.toBeInstanceOf(ReviewError);
  });

  it("publishes without review only when the shop turned it on", async () => {
    const shop = "auto-publish.myshopify.com";
    const { collectionId } = await harness.addShop(shop, { products: 2 });
    await database.prisma.shopSettings.update({ where: { shop }, data: { publishWithoutReview: true } });
    const runId = await harness.startCollectionRun(shop, collectionId);
    await until(async () => (await database.prisma.render.count({ where: { runId, state: "published" } })) === 2);
    const renders = await database.prisma.render.findMany({ where: { runId } });
    expect(renders.every((render) => render.reviewDecision === "auto_published")).toBe(true);
  });
});
