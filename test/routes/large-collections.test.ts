/**
 * Bulk runs over collections too large to read inside a request: the preview starts a background listing and
 * reports its progress, the worker's collection lister reads it page by page (resumable, fenced by a lease), and
 * the next preview and the start plan from what was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTION_PAGE_SIZE, makeProductSource } from "../../app/shopify/product-source.server";
import { makeCollectionLister } from "../../app/worker/collection-lister";
import {
  DEFAULT_LOOK,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

const SHOP = "large-collection.myshopify.com";
// Just over the default of BULK_RUN_LIST_INLINE_UP_TO (250): read in the background.
const PRODUCTS = 260;

type PreviewAnswer =
  | { ok: true; intent: "listing"; listing: { scopeTitle: string; listed: number; expected: number } }
  | { ok: true; intent: "preview"; summary: { productCount: number; eligibleCount: number; estimateCredits: number } }
  | { ok: false; formError?: string };

describe("a bulk run over a large collection", () => {
  let app: MerchantApp;
  let newRun: { action: RouteFunction };
  let extensionPreview: RouteFunction;
  let collectionId: string;
  let productIds: string[];

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    newRun = await import("../../app/routes/app.runs.new/route");
    extensionPreview = (await import("../../app/routes/api.run-preview/route")).action;
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    productIds = Array.from(
      { length: PRODUCTS },
      (_, i) => app.fake.store.addProduct(SHOP, { title: `Tee ${i + 1}`, images: [{ alt: "Front" }] }).id,
    );
    collectionId = app.fake.store.addCollection(SHOP, { title: "Everything", productIds }).id;
  });
  afterAll(async () => app?.close());

  const lister = async (owner: string) => {
    const { adminGraphqlForShop } = await import("../../app/shopify/admin-for-shop.server");
    return makeCollectionLister({
      db: app.database.prisma,
      productSourceFor: async (shop) => makeProductSource(await adminGraphqlForShop(shop)),
      owner,
    });
  };
  const preview = async (fields: Record<string, string> = {}) =>
    jsonOf<PreviewAnswer>(
      await respond(
        newRun.action,
        await postFormAs(SHOP, "/app/runs/new", {
          intent: "preview",
          scopeKind: "collection",
          collectionId,
          ...OPTION_FIELDS,
          ...fields,
        }),
      ),
    );
  const graphqlRequests = () => app.fake.requests.filter((entry) => entry.target === "graphql").length;

  it("answers the preview at once with the listing's progress, reading no product page in the request", async () => {
    const before = graphqlRequests();
    const answer = await preview();
    expect(answer).toEqual({
      ok: true,
      intent: "listing",
      listing: { scopeTitle: "Everything", listed: 0, expected: PRODUCTS },
    });
    // One request: the collection's title and size.
    expect(graphqlRequests() - before).toBe(1);
    expect(await app.database.prisma.collectionListing.count()).toBe(1);
  });

  it("answers the collection action's preview with the same progress, for the extension to ask again", async () => {
    const response = await respond(
      extensionPreview,
      await postJsonAs(SHOP, "/api/run-preview", { scope: { kind: "collection", collectionId } }),
    );
    expect(response.status).toBe(200);
    const body = await jsonOf<{ listing: unknown; summary?: unknown }>(response);
    expect(body.listing).toEqual({ scopeTitle: "Everything", listed: 0, expected: PRODUCTS });
    expect(body.summary).toBeUndefined();
    expect(await app.database.prisma.collectionListing.count()).toBe(1);
  });

  it("survives a lister dying mid-way: another carries on from the cursor, storing each product once", async () => {
    const db = app.database.prisma;
    const { claimCollectionListing, readListingPage } = await import("../../app/renders/collection-listings.server");
    const { adminGraphqlForShop } = await import("../../app/shopify/admin-for-shop.server");
    // The first lister claims, reads two pages, and dies holding its lease.
    const claimed = await claimCollectionListing(db, { owner: "dying", now: new Date(), leaseMs: 60_000 });
    const source = makeProductSource(await adminGraphqlForShop(SHOP));
    let listing = await readListingPage(db, claimed!, { source, now: () => new Date(), leaseMs: 60_000 });
    listing = await readListingPage(db, listing!, { source, now: () => new Date(), leaseMs: 60_000 });
    expect(listing?.listed).toBe(2 * COLLECTION_PAGE_SIZE);
    // While its lease holds nobody else takes the listing, and the preview still shows progress.
    expect(await (await lister("second")).runOnce()).toBe(false);
    expect(await preview()).toMatchObject({ intent: "listing", listing: { listed: 2 * COLLECTION_PAGE_SIZE } });

    await db.collectionListing.updateMany({ data: { leaseUntil: new Date(Date.now() - 1) } });
    expect(await (await lister("second")).runOnce()).toBe(true);
    // The dead lister's late write is refused by the lease token.
    expect(await readListingPage(db, listing!, { source, now: () => new Date(), leaseMs: 60_000 })).toBeNull();

    const done = await db.collectionListing.findFirstOrThrow();
    expect([done.status, done.listed]).toEqual(["ready", PRODUCTS]);
    const stored = await db.collectionListingProduct.findMany({ orderBy: { position: "asc" } });
    expect(stored.map((row) => (row.product as { id: string }).id)).toEqual(productIds);
  });

  it("plans the preview and the start from the stored products, without reading the collection again", async () => {
    const before = graphqlRequests();
    const answer = await preview();
    expect(answer).toMatchObject({
      ok: true,
      intent: "preview",
      summary: { productCount: PRODUCTS, eligibleCount: PRODUCTS, estimateCredits: PRODUCTS * 5 },
    });
    const started = await respond(
      newRun.action,
      await postFormAs(SHOP, "/app/runs/new", {
        intent: "start",
        requestKey: "large-run-0001",
        scopeKind: "collection",
        collectionId,
        ...OPTION_FIELDS,
      }),
    );
    expect(started.status).toBe(302);
    expect(await app.database.prisma.render.count({ where: { shop: SHOP } })).toBe(PRODUCTS);
    // Two summaries (preview, start), no product page.
    expect(graphqlRequests() - before).toBe(2);
  });

  it("reads the collection again once the listing is stale, and says so in plain words when that fails", async () => {
    const db = app.database.prisma;
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await preview()).toMatchObject({ intent: "listing", listing: { listed: 0 } });
    expect(await db.collectionListingProduct.count()).toBe(0);

    // Shopify stops answering for this shop: the lister gives up with a reason the next preview shows.
    await app.database.prisma.session.deleteMany({ where: { shop: SHOP } });
    expect(await (await lister("third")).runOnce()).toBe(true);
    const failed = await preview();
    expect(failed).toMatchObject({ ok: false });
    expect((failed as { formError?: string }).formError).toMatch(/could not be read from Shopify.*Preview again/);
  });

  it("is erased with the shop", async () => {
    const { eraseShopData } = await import("../../app/shops/shop-lifecycle.server");
    await eraseShopData(app.database.prisma, SHOP);
    expect(await app.database.prisma.collectionListing.count()).toBe(0);
    expect(await app.database.prisma.collectionListingProduct.count()).toBe(0);
  });
});
