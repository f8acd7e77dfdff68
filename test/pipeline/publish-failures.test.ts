import { messageKey } from "~/lib/staff-message";
/**
 * The publish step's ways of not publishing, tick by tick against a media port that does what each test scripts:
 * a render without a file, a product deleted meanwhile, Shopify refusing for good, a failure retried with back-off
 * and the last attempt giving up (issue 27 point 7: behaviours only the slow pipeline tests reached).
 */
import type { PrismaClient, Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeSecretBox } from "~/lib/secret-box.server";
import { MediaChangeRefused, type ProductMediaState, type RenderMedia } from "~/renders/review/media-port";
import { makeWorker } from "~/worker/worker";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

const SHOP = "publish-failures.myshopify.com";
const FILE = "gid://shopify/MediaImage/render-file";
const PHOTO = "gid://shopify/MediaImage/photo";
// The worker claims renders due by its clock: this one runs a minute ahead of the renders seeded due now.
const NOW = new Date(Date.now() + 60_000);

/** Records each call; `fail` names a method that throws the given error. */
function scriptedMedia(product: ProductMediaState, fail: Partial<Record<keyof RenderMedia, Error>> = {}) {
  const calls: string[] = [];
  const step =
    (name: keyof RenderMedia) =>
    async (...args: unknown[]) => {
      calls.push(`${name}(${args.map((arg) => JSON.stringify(arg)).join(", ")})`);
      const error = fail[name];
      if (error) throw error;
    };
  const media = {
    productMedia: async () => {
      calls.push("productMedia");
      if (fail.productMedia) throw fail.productMedia;
      return product;
    },
    attachToProduct: step("attachToProduct"),
    setVariantImage: step("setVariantImage"),
    moveToPosition: step("moveToPosition"),
    detachFromProduct: step("detachFromProduct"),
    deleteFile: step("deleteFile"),
  } as unknown as RenderMedia;
  return { media, calls };
}

describe("a publish that does not go through", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
  });

  async function approved(overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}): Promise<Render> {
    const [render] = await seedRenders(database.prisma, SHOP, 1, {
      state: "publishing",
      fileId: FILE,
      publishOptions: { variantIds: [], makeFirst: false },
      nextAttemptAt: new Date(),
      ...overrides,
    });
    return render!;
  }

  /** One tick of a worker whose Shopify is `media` (or fails to be reached), with a fixed clock and random. */
  async function tick(media: RenderMedia | Error, db: PrismaClient = database.prisma) {
    const asked: string[] = [];
    const worker = makeWorker({
      db,
      secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
      makeTryOnClient: () => {
        throw new Error("publishing never calls the try-on service");
      },
      renderMediaFor: async (shop) => {
        asked.push(shop);
        if (media instanceof Error) throw media;
        return media;
      },
      config: { publishMaxAttempts: 3, retryBaseMs: 10_000, retryMaxMs: 600_000 },
      now: () => NOW,
      random: () => 0.5,
    });
    await worker.tick();
    return asked;
  }
  const row = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });

  it("publishes: attaches, shows it on the chosen and the colour's variants, and clears the last failure", async () => {
    const render = await approved({
      attempts: 2,
      errorCode: "publish_failed",
      errorMessage: "messages:render.publishRetrying",
      variantColour: { optionName: "Colour", value: "Navy", variantIds: ["gid://shopify/ProductVariant/1"] },
      publishOptions: {
        variantIds: ["gid://shopify/ProductVariant/2", "gid://shopify/ProductVariant/1"],
        alt: "Navy coat",
      },
    });
    const { media, calls } = scriptedMedia({ exists: true, mediaIds: [PHOTO] });
    await tick(media);
    expect(calls).toEqual([
      "productMedia",
      `attachToProduct(${JSON.stringify(FILE)}, ${JSON.stringify(render.productId)}, "Navy coat")`,
      `setVariantImage(${JSON.stringify(render.productId)}, ${JSON.stringify(FILE)}, ["gid://shopify/ProductVariant/1","gid://shopify/ProductVariant/2"])`,
    ]);
    expect(await row(render.id)).toMatchObject({
      state: "published",
      publishedAt: NOW,
      finishedAt: NOW,
      nextAttemptAt: null,
      errorCode: null,
      errorMessage: null,
    });
  });

  it("moves an image already attached to the place staff chose, and leaves one already there alone", async () => {
    const moved = await approved({ publishOptions: { variantIds: [], position: 1 } });
    const first = scriptedMedia({ exists: true, mediaIds: [PHOTO, FILE] });
    await tick(first.media);
    expect(first.calls).toEqual([
      "productMedia",
      `moveToPosition(${JSON.stringify(moved.productId)}, ${JSON.stringify(FILE)}, 0)`,
    ]);
    expect((await row(moved.id)).state).toBe("published");

    await database.prisma.render.deleteMany();
    const placed = await approved({ publishOptions: { variantIds: [], position: 9 } });
    const second = scriptedMedia({ exists: true, mediaIds: [PHOTO, FILE] });
    await tick(second.media);
    expect(second.calls).toEqual(["productMedia"]);
    expect((await row(placed.id)).state).toBe("published");
  });

  it("sends no move for an image attached now and wanted at or past the end: attaching already put it last", async () => {
    for (const position of [2, 9]) {
      await database.prisma.render.deleteMany();
      const render = await approved({ publishOptions: { variantIds: [], position } });
      const { media, calls } = scriptedMedia({ exists: true, mediaIds: [PHOTO] });
      await tick(media);
      expect(calls).toEqual([
        "productMedia",
        `attachToProduct(${JSON.stringify(FILE)}, ${JSON.stringify(render.productId)}, null)`,
      ]);
      expect((await row(render.id)).state).toBe("published");
    }
  });

  it("puts a render without a file back in review, asking Shopify nothing", async () => {
    const render = await approved({ fileId: null });
    const { media, calls } = scriptedMedia({ exists: true, mediaIds: [] });
    expect(await tick(media)).toEqual([]);
    expect(calls).toEqual([]);
    expect(await row(render.id)).toMatchObject({
      state: "in_review",
      nextAttemptAt: null,
      errorMessage: "messages:render.fileMissing",
    });
  });

  it("cancels the publish of a product deleted meanwhile and deletes the file, even when deleting fails", async () => {
    const render = await approved();
    const { media, calls } = scriptedMedia({ exists: false, mediaIds: [] }, { deleteFile: new Error("503") });
    await tick(media);
    expect(calls).toEqual(["productMedia", `deleteFile(${JSON.stringify(FILE)})`]);
    expect(await row(render.id)).toMatchObject({
      state: "cancelled",
      nextAttemptAt: null,
      errorCode: "product_deleted",
      errorMessage: "messages:render.productDeleted",
      finishedAt: NOW,
    });
  });

  it("takes Shopify's refusal as final: back to review with Shopify's words, the image taken off again", async () => {
    const render = await approved({ attempts: 0 });
    const refusal = new MediaChangeRefused("messages:mediaAction.setVariantImage", ["Variant gone", "Try again"]);
    const { media, calls } = scriptedMedia(
      { exists: true, mediaIds: [PHOTO] },
      { setVariantImage: refusal, detachFromProduct: new Error("503") },
    );
    await database.prisma.render.update({
      where: { id: render.id },
      data: { publishOptions: { variantIds: ["gid://shopify/ProductVariant/3"] } },
    });
    await tick(media);
    expect(calls.at(-1)).toBe(`detachFromProduct(${JSON.stringify(FILE)}, ${JSON.stringify(render.productId)})`);
    expect(await row(render.id)).toMatchObject({
      state: "in_review",
      attempts: 1,
      nextAttemptAt: null,
      errorCode: "publish_refused",
      errorMessage:
        "messages:render.publishRefused?action=messages%3AmediaAction.setVariantImage&reasons=Variant+gone%3B+Try+again",
    });
  });

  it("retries any other failure later, with back-off, saying what went wrong", async () => {
    const render = await approved({ attempts: 1 });
    const { media, calls } = scriptedMedia({ exists: true, mediaIds: [PHOTO] }, { attachToProduct: new Error("502") });
    await tick(media);
    // Still publishing: nothing is taken off the product.
    expect(calls).toEqual([
      "productMedia",
      `attachToProduct(${JSON.stringify(FILE)}, ${JSON.stringify(render.productId)}, null)`,
    ]);
    // The second attempt's back-off: a 20 s ceiling, half fixed and half random (0.5 here).
    expect(await row(render.id)).toMatchObject({
      state: "publishing",
      attempts: 2,
      nextAttemptAt: new Date(NOW.getTime() + 15_000),
      errorCode: "publish_failed",
      // The service's text "502" stays text (the encoder marks number-like text).
      errorMessage: messageKey("messages:render.publishRetrying", { detail: "502" }),
    });
  });

  it("gives up at the last attempt: back to review, saying how many attempts and why, the image taken off", async () => {
    const render = await approved({ attempts: 2 });
    const { media, calls } = scriptedMedia(
      { exists: true, mediaIds: [PHOTO] },
      { moveToPosition: new Error("timeout") },
    );
    await database.prisma.render.update({
      where: { id: render.id },
      data: { publishOptions: { variantIds: [], makeFirst: true } },
    });
    await tick(media);
    expect(calls.at(-1)).toBe(`detachFromProduct(${JSON.stringify(FILE)}, ${JSON.stringify(render.productId)})`);
    expect(await row(render.id)).toMatchObject({
      state: "in_review",
      attempts: 3,
      nextAttemptAt: null,
      errorCode: "publish_failed",
      errorMessage: "messages:render.publishGaveUp?count=3&detail=timeout",
    });
  });

  it("gives up without detaching anything when Shopify could not be reached at all", async () => {
    const render = await approved({ attempts: 2 });
    const { calls } = scriptedMedia({ exists: true, mediaIds: [] });
    expect(await tick(new Error("no access token"))).toEqual([SHOP]);
    expect(calls).toEqual([]);
    expect(await row(render.id)).toMatchObject({
      state: "in_review",
      attempts: 3,
      errorCode: "publish_failed",
      errorMessage: "messages:render.publishGaveUp?count=3&detail=no+access+token",
    });
  });
});
