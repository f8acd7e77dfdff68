import type { Render } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import {
  getAs,
  jsonOf,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "approve-media-a.myshopify.com";

/** Approving chooses the image's place among the product's images and its alt text, in the shop's language. */
describe("approving with a place and alt text", () => {
  let app: MerchantApp;
  let review: { action: RouteFunction };
  let detail: { loader: RouteFunction };
  let render: Render;

  beforeAll(async () => {
    app = await startMerchantApp();
    review = await import("~/routes/app.review/route");
    detail = await import("~/routes/app.renders.$renderId/route");
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP);
    const product = app.fake.store.addProduct(SHOP, {
      title: "Wickelkleid",
      images: [{ alt: "Vorne" }, { alt: "Hinten" }, { alt: "Detail" }],
    });
    const file = app.fake.store.addFile(SHOP, { filename: "wickelkleid-model-shot-x.jpg", alt: "x" });
    render = (
      await seedRenders(app.database.prisma, SHOP, 1, {
        productId: product.id,
        productTitle: "Wickelkleid",
        state: "in_review",
        fileId: file.id,
        variantColour: { optionName: "Farbe", value: "Terrakotta", variantIds: [product.variantIds[0] as string] },
      } as never)
    ).at(-1) as Render;
  });
  afterAll(async () => app?.close());

  const detailOf = async () =>
    (
      await jsonOf<{ detail: { mediaCount: number; altSuggestion: string } }>(
        await respond(detail.loader, await getAs(SHOP, `/app/renders/${render.id}`), { renderId: render.id }),
      )
    ).detail;

  it("suggests alt text in the shop's primary language, read from Shopify's shop locales", async () => {
    expect(await detailOf()).toEqual(
      expect.objectContaining({ mediaCount: 3, altSuggestion: "Wickelkleid in Terrakotta, worn by a model" }),
    );
    app.fake.store.shop(SHOP).record.locales = [
      { locale: "en", name: "English", primary: false, published: true },
      { locale: "de", name: "Deutsch", primary: true, published: true },
    ];
    expect((await detailOf()).altSuggestion).toBe("Wickelkleid in Terrakotta, von einem Model getragen");
  });

  it("stores the place and the alt text staff chose, and refuses a place that is not one", async () => {
    const approve = async (fields: Record<string, string>) =>
      respond(
        review.action,
        await postFormAs(SHOP, "/app/review", { intent: "approve", renderId: render.id, ...fields }),
      );
    expect((await approve({ position: "0", alt: "Kleid" })).status).toBe(400);
    expect((await approve({ position: "zwei", alt: "Kleid" })).status).toBe(400);
    expect((await app.database.prisma.render.findUniqueOrThrow({ where: { id: render.id } })).state).toBe("in_review");
    expect((await approve({ position: "2", alt: "  Wickelkleid, von einem Model getragen  " })).status).toBe(200);
    expect(await app.database.prisma.render.findUniqueOrThrow({ where: { id: render.id } })).toMatchObject({
      state: "publishing",
      publishOptions: expect.objectContaining({ position: 2, alt: "Wickelkleid, von einem Model getragen" }),
    });
  });
});
