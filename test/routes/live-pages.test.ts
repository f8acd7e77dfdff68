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

const SHOP = "live-a.myshopify.com";
const OTHER = "live-b.myshopify.com";

/**
 * What the live pages poll: Generate's recent renders of one product (read alone, without Shopify) and Review's
 * counts, each current on every read.
 */
describe("pages that show work in flight", () => {
  let app: MerchantApp;
  let generate: { loader: RouteFunction };
  let review: { loader: RouteFunction };
  const productId = "gid://shopify/Product/424242";

  beforeAll(async () => {
    app = await startMerchantApp();
    generate = await import("~/routes/app.generate/route");
    review = await import("~/routes/app.review/route");
    await app.installShop(SHOP);
    await app.installShop(OTHER);
    await app.saveServiceKey(SHOP);
    await seedRenders(app.database.prisma, SHOP, 2, { productId, state: "queued" });
    await seedRenders(app.database.prisma, SHOP, 1, { state: "in_review" });
    await seedRenders(app.database.prisma, OTHER, 3, { productId, state: "running" });
  });
  afterAll(async () => app?.close());

  const recentOf = async (shop: string) =>
    jsonOf<{ kind: string; recentRenders: Array<{ id: string; state: string }> }>(
      await respond(generate.loader, await getAs(shop, `/app/generate?productId=424242&recent=1`)),
    );

  it("Generate's card reads the product's recent renders as they are now, the shop's own only, without Shopify", async () => {
    const before = app.fake.requests.length;
    const first = await recentOf(SHOP);
    expect(first.kind).toBe("recent");
    expect(first.recentRenders.map((render) => render.state)).toEqual(["queued", "queued"]);
    // Both reached review meanwhile: the next poll says so.
    await app.database.prisma.render.updateMany({ where: { shop: SHOP, productId }, data: { state: "in_review" } });
    expect((await recentOf(SHOP)).recentRenders.map((render) => render.state)).toEqual(["in_review", "in_review"]);
    expect(app.fake.requests.length).toBe(before);
    expect((await recentOf(OTHER)).recentRenders).toHaveLength(3);
  });

  it("Review counts the renders ready for review and those still in flight, for its own shop", async () => {
    const counts = async (shop: string) =>
      (
        await jsonOf<{ counts: { inReview: number; inProgress: number } }>(
          await respond(review.loader, await getAs(shop, "/app/review")),
        )
      ).counts;
    expect(await counts(SHOP)).toEqual({ inReview: 3, inProgress: 0 });
    expect(await counts(OTHER)).toEqual({ inReview: 0, inProgress: 3 });
  });
});
