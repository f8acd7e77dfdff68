import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import {
  getAs,
  jsonOf,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "own-renders-a.myshopify.com";
const OTHER = "own-renders-b.myshopify.com";

/** The app tells its own published renders from its records (Render.fileId), never from alt text (ADR 071). */
describe("the app's own renders among a product's photos", () => {
  let app: MerchantApp;
  let generate: { loader: RouteFunction };
  let productId: string;
  let merchantPhotoId: string;
  let renderFileId: string;

  beforeAll(async () => {
    app = await startMerchantApp();
    generate = await import("~/routes/app.generate/route");
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP);
    // The merchant's own photo carries words that once marked the app's renders; the render's file says nothing.
    const product = app.fake.store.addProduct(SHOP, {
      title: "Wrap midi dress",
      images: [{ alt: "Wrap midi dress worn by a model (generated model shot)" }],
    });
    productId = product.id;
    const file = app.fake.store.addFile(SHOP, { filename: "wrap-midi-dress-model-shot-abcd1234.jpg", alt: "Robe" });
    app.fake.store.attach(app.fake.store.shop(SHOP), file, product);
    renderFileId = file.id;
    await seedRenders(app.database.prisma, SHOP, 1, { productId, state: "published", fileId: file.id });
  });
  afterAll(async () => app?.close());

  const generateView = async (shop: string) =>
    jsonOf<{ kind: string; photos: Array<{ mediaId: string }>; defaultFrontMediaId: string | null }>(
      await respond(generate.loader, await getAs(shop, `/app/generate?productId=${encodeURIComponent(productId)}`)),
    );

  it("leaves the published render out of the photos to send, and keeps the merchant's photo whatever its alt text", async () => {
    const view = await generateView(SHOP);
    const ids = view.photos.map((photo) => photo.mediaId);
    expect(ids).not.toContain(renderFileId);
    expect(ids).toHaveLength(1);
    merchantPhotoId = ids[0] as string;
    expect(view.defaultFrontMediaId).toBe(merchantPhotoId);
  });

  it("reads the records of the product's own shop only", async () => {
    const { appRenderMediaIds } = await import("~/renders/review/own-renders.server");
    expect(await appRenderMediaIds(app.database.prisma, SHOP, [productId])).toEqual(new Set([renderFileId]));
    expect(await appRenderMediaIds(app.database.prisma, OTHER, [productId])).toEqual(new Set());
  });
});
