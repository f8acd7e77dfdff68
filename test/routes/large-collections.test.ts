/**
 * Bulk runs over collections too large to read inside a request: the preview starts a background listing and
 * reports its progress; the worker's collection lister has Shopify export the collection in one bulk operation
 * (one per shop at a time), learns it finished from the bulk_operations/finish webhook (or by polling), and
 * streams the file into the listing; when Shopify refuses or fails the export it reads pages instead (resumable,
 * fenced by a lease). The next preview and the start plan from what was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookRequest } from "../../harness/shopify-requests";
import { snapshotAllRows } from "../../harness/database";
import { wordsFor } from "~/i18n/words.server";
import { COLLECTION_PAGE_SIZE, makeProductSource } from "~/shopify/product-source.server";
import { makeCollectionExport } from "~/shopify/collection-export.server";
import { makeCollectionLister } from "~/worker/collection-lister";
import type { ProductForRender } from "~/catalog/catalog-port";
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
const WEBHOOK_PATH = "/webhooks/bulk_operations/finish";

type Listing = { scopeTitle: string; listed: number; expected: number; phase: string; exported: number };
type PreviewAnswer =
  | { ok: true; intent: "listing"; listing: Listing }
  | { ok: true; intent: "preview"; summary: { productCount: number; eligibleCount: number; estimateCredits: number } }
  | { ok: false; formError?: string };

describe("a bulk run over a large collection", () => {
  let app: MerchantApp;
  let newRun: { action: RouteFunction };
  let extensionPreview: RouteFunction;
  let finishWebhook: RouteFunction;
  let collectionId: string;
  let otherCollectionId: string;
  let productIds: string[];
  /** What the finish webhook route answered, for each delivery the fake made. */
  const webhookAnswers: number[] = [];

  beforeAll(async () => {
    app = await startMerchantApp({
      simulator: true,
      fake: {
        // Reading pages is not what these tests time: a Plus plan's bucket lets them read without waiting.
        plan: { maximumAvailable: 20_000, restoreRate: 1_000 },
        // Shopify's side takes a moment, not minutes, here.
        bulkOperationTimeline: { queuedMs: 0, objectsPerSecond: 1_000_000 },
        // The test chooses when the webhook goes; it goes straight to the app's route, as Shopify's would reach it.
        deliverWebhooksByItself: false,
        webhookFetch: async (request) => {
          const response = await respond(finishWebhook, request);
          webhookAnswers.push(response.status);
          return response;
        },
      },
    });
    newRun = await import("~/routes/app.runs.new/route");
    extensionPreview = (await import("~/routes/api.run-preview/route")).action;
    finishWebhook = (await import("~/routes/webhooks.bulk_operations.finish")).action;
    app.fake.subscribeWebhook("bulk_operations/finish", `https://model-shots.test${WEBHOOK_PATH}`);
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    // Photos vary as in a real catalog: none, one, a back view, more than the six a listing reads.
    productIds = Array.from(
      { length: PRODUCTS },
      (_, i) =>
        app.fake.store.addProduct(SHOP, {
          title: `Tee ${i + 1}`,
          productType: i % 2 ? "T-Shirts" : "",
          images: Array.from({ length: i % 9 }, (_, n) => ({ alt: n === 1 ? "Back view" : `View ${n + 1}` })),
        }).id,
    );
    collectionId = app.fake.store.addCollection(SHOP, { title: "Everything", productIds }).id;
    otherCollectionId = app.fake.store.addCollection(SHOP, { title: "Everything again", productIds }).id;
  });
  afterAll(async () => app?.close());

  const lister = async (owner: string, moved: number[] = []) => {
    const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
    return makeCollectionLister({
      db: app.database.prisma,
      productSourceFor: async (shop) => makeProductSource(await adminGraphqlForShop(shop)),
      collectionExportFor: async (shop) => makeCollectionExport(await adminGraphqlForShop(shop)),
      owner,
      transferGc: { moved: (bytes) => moved.push(bytes) },
    });
  };
  const preview = async (fields: Record<string, string> = {}, collection = collectionId) =>
    jsonOf<PreviewAnswer>(
      await respond(
        newRun.action,
        await postFormAs(SHOP, "/app/runs/new", {
          intent: "preview",
          scopeKind: "collection",
          collectionId: collection,
          ...OPTION_FIELDS,
          ...fields,
        }),
      ),
    );
  const graphqlRequests = () => app.fake.requests.filter((entry) => entry.target === "graphql").length;
  const listingOf = (collection: string) =>
    app.database.prisma.collectionListing.findFirstOrThrow({ where: { collectionId: collection } });
  const storedProducts = async (collection: string) => {
    const listing = await listingOf(collection);
    const rows = await app.database.prisma.collectionListingProduct.findMany({
      where: { listingId: listing.id },
      orderBy: { position: "asc" },
    });
    return rows.map((row) => row.product as unknown as ProductForRender);
  };
  /** The collection as the paginated listing reads it, page by page. */
  const pagedProducts = async () => {
    const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
    const products: ProductForRender[] = [];
    for await (const product of makeProductSource(await adminGraphqlForShop(SHOP)).collectionProducts(collectionId))
      products.push(product);
    return products;
  };
  const ageLeases = () =>
    app.database.prisma.collectionListing.updateMany({ data: { leaseUntil: new Date(Date.now() - 1) } });

  it("answers the preview at once with the listing's progress, reading no product in the request", async () => {
    const before = graphqlRequests();
    const answer = await preview();
    expect(answer).toEqual({
      ok: true,
      intent: "listing",
      listing: { scopeTitle: "Everything", listed: 0, expected: PRODUCTS, phase: "exporting", exported: 0 },
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
    const body = await jsonOf<{ listing: Listing; summary?: unknown }>(response);
    expect(body.listing).toMatchObject({ scopeTitle: "Everything", listed: 0, expected: PRODUCTS });
    expect(body.summary).toBeUndefined();
    expect(await app.database.prisma.collectionListing.count()).toBe(1);
  });

  it("starts one bulk export per shop: a second large collection waits its turn", async () => {
    expect(await preview({}, otherCollectionId)).toMatchObject({ intent: "listing" });
    const worker = await lister("first");
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(true);
    const exports = app.fake.bulkOperations(SHOP);
    expect(exports).toHaveLength(1);
    expect(exports[0]!.op.query).toContain(collectionId);
    // The first waits for Shopify (released until the webhook or its next poll); the second for the first.
    expect((await listingOf(collectionId)).bulkOperationId).toBe(exports[0]!.op.id);
    expect(await preview({}, otherCollectionId)).toMatchObject({ intent: "listing", listing: { phase: "queued" } });
    expect((await listingOf(otherCollectionId)).bulkOperationId).toBeNull();
    expect(await worker.runOnce()).toBe(false);
  });

  it("refuses a forged bulk_operations/finish webhook, changing nothing", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const forged = webhookRequest(WEBHOOK_PATH, {
      topic: "bulk_operations/finish",
      shop: SHOP,
      payload: { admin_graphql_api_id: (await listingOf(collectionId)).bulkOperationId, status: "completed" },
      secret: "not-the-app-secret",
    });
    expect((await respond(finishWebhook, forged)).status).toBe(401);
    const malformed = webhookRequest(WEBHOOK_PATH, {
      topic: "bulk_operations/finish",
      shop: SHOP,
      payload: { admin_graphql_api_id: "42", status: "completed" },
    });
    expect((await respond(finishWebhook, malformed)).status).toBe(400);
    expect(await snapshotAllRows(app.database.prisma)).toEqual(before);
  });

  it("is woken by Shopify's webhook and streams the export into the listing: the products the pages would list", async () => {
    await app.fake.deliverDueWebhooks();
    expect(webhookAnswers).toEqual([200]);
    // Woken: the lister takes it at once, without waiting for its poll.
    const moved: number[] = [];
    const worker = await lister("second", moved);
    expect(await worker.runOnce()).toBe(true);
    const listing = await listingOf(collectionId);
    expect([listing.status, listing.method, listing.listed]).toEqual(["ready", "bulk", PRODUCTS]);
    // Each stored batch is counted toward collecting garbage while the file streams (ADR 058).
    expect(moved).toHaveLength(Math.ceil(PRODUCTS / 500));
    expect(moved.every((bytes) => bytes > 1_000)).toBe(true);
    expect(await storedProducts(collectionId)).toEqual(await pagedProducts());
    // Its export done, the shop's next one starts.
    expect(await worker.runOnce()).toBe(true);
    expect(app.fake.bulkOperations(SHOP)).toHaveLength(2);
  });

  it("plans the preview and the start from the stored products, without reading the collection again", async () => {
    const before = graphqlRequests();
    const answer = await preview();
    expect(answer).toMatchObject({
      ok: true,
      intent: "preview",
      summary: { productCount: PRODUCTS, eligibleCount: expect.any(Number) },
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
    const eligible = (answer as { summary: { eligibleCount: number } }).summary.eligibleCount;
    expect(await app.database.prisma.render.count({ where: { shop: SHOP } })).toBe(eligible);
    // Two summaries (preview, start), no product read.
    expect(graphqlRequests() - before).toBe(2);
  });

  it("polls when no webhook comes, and reads pages instead when Shopify's export fails", async () => {
    const db = app.database.prisma;
    // The second collection's export was started above; its webhook is lost.
    app.fake.dropNextWebhooks(1);
    await app.fake.deliverDueWebhooks();
    const worker = await lister("third");
    expect(await worker.runOnce()).toBe(false);
    await ageLeases();
    expect(await worker.runOnce()).toBe(true);
    expect(await listingOf(otherCollectionId)).toMatchObject({ status: "ready", method: "bulk", listed: PRODUCTS });

    // Stale: read again; this time Shopify's export fails, and the listing reads page by page.
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await preview()).toMatchObject({ intent: "listing", listing: { listed: 0, phase: "exporting" } });
    app.fake.failNextBulkOperation({ errorCode: "INTERNAL_SERVER_ERROR" });
    expect(await worker.runOnce()).toBe(true);
    await app.fake.deliverDueWebhooks();
    const pagesBefore = app.fake
      .graphqlRequests()
      .filter((entry) => entry.operationName === "ListCollectionProductsForRender").length;
    expect(await worker.runOnce()).toBe(true);
    const done = await listingOf(collectionId);
    expect([done.status, done.method, done.listed]).toEqual(["ready", "pages", PRODUCTS]);
    const pagesRead = app.fake
      .graphqlRequests()
      .filter((entry) => entry.operationName === "ListCollectionProductsForRender").length;
    expect(pagesRead - pagesBefore).toBe(Math.ceil(PRODUCTS / COLLECTION_PAGE_SIZE));
    expect(await storedProducts(collectionId)).toEqual(await pagedProducts());
  });

  it("reads pages at once when Shopify refuses the export (its limit reached)", async () => {
    const db = app.database.prisma;
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await preview()).toMatchObject({ intent: "listing" });
    // Five exports of this app still running at Shopify: the sixth is refused with LIMIT_REACHED.
    app.fake.setBulkOperationTimeline({ queuedMs: 3_600_000 });
    const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
    const exporter = makeCollectionExport(await adminGraphqlForShop(SHOP));
    for (let i = 0; i < 5; i++) expect(await exporter.start(otherCollectionId)).toMatchObject({ ok: true });
    app.fake.setBulkOperationTimeline({ queuedMs: 0 });
    expect(await (await lister("fourth")).runOnce()).toBe(true);
    expect(await listingOf(collectionId)).toMatchObject({ status: "ready", method: "pages", listed: PRODUCTS });
  });

  it("survives a page lister dying mid-way: another carries on from the cursor, storing each product once", async () => {
    const db = app.database.prisma;
    const { claimCollectionListing, readListingPage } = await import("~/renders/runs/collection-listings.server");
    const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await preview()).toMatchObject({ intent: "listing" });
    await db.collectionListing.updateMany({ where: { collectionId }, data: { method: "pages" } });
    // The first lister claims, reads two pages, and dies holding its lease.
    const claimed = await claimCollectionListing(db, { owner: "dying", now: new Date(), leaseMs: 60_000 });
    const source = makeProductSource(await adminGraphqlForShop(SHOP));
    let listing = await readListingPage(db, claimed!, { source, now: () => new Date(), leaseMs: 60_000 });
    listing = await readListingPage(db, listing!, { source, now: () => new Date(), leaseMs: 60_000 });
    expect(listing?.listed).toBe(2 * COLLECTION_PAGE_SIZE);
    // While its lease holds nobody else takes the listing, and the preview still shows progress.
    expect(await (await lister("fifth")).runOnce()).toBe(false);
    expect(await preview()).toMatchObject({
      intent: "listing",
      listing: { listed: 2 * COLLECTION_PAGE_SIZE, phase: "pages" },
    });

    await ageLeases();
    expect(await (await lister("fifth")).runOnce()).toBe(true);
    // The dead lister's late write is refused by the lease token.
    expect(await readListingPage(db, listing!, { source, now: () => new Date(), leaseMs: 60_000 })).toBeNull();
    const done = await listingOf(collectionId);
    expect([done.status, done.listed]).toEqual(["ready", PRODUCTS]);
    expect((await storedProducts(collectionId)).map((product) => product.id)).toEqual(productIds);
  });

  it("cancels the export of a listing it gives up on, so it holds none of the shop's bulk operation slots", async () => {
    const db = app.database.prisma;
    // The five exports the test above left running: cancelled, which frees the shop's slots.
    const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
    const exporter = makeCollectionExport(await adminGraphqlForShop(SHOP));
    const running = app.fake.bulkOperations(SHOP).filter((op) => op.status === "CREATED" || op.status === "RUNNING");
    expect(running).toHaveLength(5);
    for (const { op } of running) expect(await exporter.cancel(op.id)).toEqual({ ok: true });
    expect(await exporter.cancel(running[0]!.op.id)).toMatchObject({ ok: false });
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    // Shopify's side takes minutes this time: the export is still running when the listing fails.
    app.fake.setBulkOperationTimeline({ queuedMs: 60_000 });
    try {
      expect(await preview()).toMatchObject({ intent: "listing", listing: { phase: "exporting" } });
      const worker = await lister("canceller");
      expect(await worker.runOnce()).toBe(true);
      const started = await listingOf(collectionId);
      expect(started.bulkOperationId).toBeTruthy();
      // Asking how the export is going gets an answer the client does not retry: the lister gives up.
      await ageLeases();
      app.fake.failNext(1, { status: 400, shop: SHOP });
      expect(await worker.runOnce()).toBe(true);
      expect(await listingOf(collectionId)).toMatchObject({ status: "failed" });
      const operation = app.fake.bulkOperations(SHOP).find(({ op }) => op.id === started.bulkOperationId);
      expect(operation?.status).toBe("CANCELED");
      // Staff see the failure on the next preview, which starts the listing afresh.
      expect(await preview()).toMatchObject({ ok: false });
    } finally {
      app.fake.setBulkOperationTimeline({ queuedMs: 0 });
    }
  });

  it("says so in plain words when the collection cannot be read", async () => {
    const db = app.database.prisma;
    await db.collectionListing.updateMany({ data: { finishedAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await preview()).toMatchObject({ intent: "listing", listing: { listed: 0 } });
    expect(await db.collectionListingProduct.count({ where: { listing: { collectionId } } })).toBe(0);

    // Shopify stops answering for this shop: the lister gives up with a reason the next preview shows.
    await app.database.prisma.session.deleteMany({ where: { shop: SHOP } });
    expect(await (await lister("sixth")).runOnce()).toBe(true);
    const failed = await preview();
    expect(failed).toMatchObject({ ok: false });
    expect(wordsFor("en")((failed as { formError?: string }).formError ?? "")).toMatch(
      /could not be read from Shopify.*Preview again/,
    );
  });

  it("is erased with the shop", async () => {
    const { eraseShopData } = await import("~/shops/shop-lifecycle.server");
    await eraseShopData(app.database.prisma, SHOP);
    expect(await app.database.prisma.collectionListing.count()).toBe(0);
    expect(await app.database.prisma.collectionListingProduct.count()).toBe(0);
  });
});
