import type { CollectionListing, PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AdminApiError } from "~/shopify/admin-errors";
import {
  fakeExport,
  listedProduct as product,
  pagedSource,
  listerUnderTest,
  startListing as startSharedListing,
} from "../../harness/collection-fakes";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { recordingLogger } from "../../harness/recording-logger";
import { seedShop } from "../../harness/render-fixtures";
import type { CollectionListerDeps } from "./collection-lister";

/**
 * One pass of the collection lister (app/worker/collection-lister.ts) with Shopify faked: which listing it takes,
 * what it reads into it, when it leaves it to Shopify or another lister, and how it fails one. Its loop (sleeping,
 * stopping): collection-lister-loop.test.ts.
 */
const SHOP = "lister.myshopify.com";
const COLLECTION = "gid://shopify/Collection/9";
const NOW = new Date(Date.UTC(2027, 5, 1, 12));
const LEASE_MS = 60_000;
const POLL_MS = 5_000;

describe("the collection lister", () => {
  let database: TestDatabase;
  let db: PrismaClient;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    db = database.prisma;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.shop.deleteMany();
    await seedShop(db, SHOP);
  });

  const startListing = (data: Partial<CollectionListing> = {}) =>
    startSharedListing(db, { shop: SHOP, collectionId: COLLECTION }, data);
  const lister = (deps: Partial<CollectionListerDeps> & Pick<CollectionListerDeps, "productSourceFor">) =>
    listerUnderTest(db, { now: () => NOW, leaseMs: LEASE_MS, exportPollMs: POLL_MS, ...deps });
  const storedProducts = async (listingId: string) =>
    (await db.collectionListingProduct.findMany({ where: { listingId }, orderBy: { position: "asc" } })).map(
      (row) => `${row.position}:${(row.product as { id: string }).id}`,
    );

  it("reads a collection page by page when Shopify refuses its bulk export, holding the listing under its own lease, and marks it ready", async () => {
    const listing = await startListing();
    const leases: Array<{ owner: string | null; until: Date | null }> = [];
    const { source, asked } = pagedSource(async () => {
      const row = await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } });
      leases.push({ owner: row.leaseOwner, until: row.leaseUntil });
    });
    const { lines, logger } = recordingLogger();
    const worker = lister({ productSourceFor: async () => source, logger });

    expect(await worker.runOnce()).toBe(true);

    expect(asked).toEqual([null, "page-2", "page-3"]);
    expect(lines).toEqual([
      {
        level: "warn",
        message: "bulk export of a collection not used; reading it page by page",
        context: {
          shop: SHOP,
          collectionId: COLLECTION,
          reason: "Shopify refused the bulk export: a bulk operation is already running",
        },
      },
    ]);
    expect(leases[0]).toEqual({ owner: "lister-under-test", until: new Date(NOW.getTime() + LEASE_MS) });
    expect(await storedProducts(listing.id)).toEqual([
      "0:gid://shopify/Product/1",
      "1:gid://shopify/Product/2",
      "2:gid://shopify/Product/3",
      "3:gid://shopify/Product/4",
      "4:gid://shopify/Product/5",
      "5:gid://shopify/Product/6",
    ]);
    expect(await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      status: "ready",
      method: "pages",
      listed: 6,
      leaseOwner: null,
      leaseUntil: null,
      finishedAt: NOW,
    });
    // Nothing left under way: nothing to take.
    expect(await worker.runOnce()).toBe(false);
  });

  it("leaves a listing whose bulk export has started to wait for Shopify, released until its next poll, reading no page", async () => {
    const listing = await startListing();
    const { source, asked } = pagedSource();
    const { exporter } = fakeExport({
      start: async () => ({ ok: true, operationId: "gid://shopify/BulkOperation/1" }),
    });
    const worker = lister({ productSourceFor: async () => source, collectionExportFor: async () => exporter });

    expect(await worker.runOnce()).toBe(true);

    expect(asked).toEqual([]);
    expect(await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      status: "listing",
      bulkOperationId: "gid://shopify/BulkOperation/1",
      bulkStatus: "CREATED",
      leaseOwner: null,
      leaseUntil: new Date(NOW.getTime() + POLL_MS),
    });
  });

  it("leaves a listing another lister took over mid-read as that lister wrote it", async () => {
    const listing = await startListing({ method: "pages" });
    const { source, asked } = pagedSource(async (cursor) => {
      // While the second page is read, another lister takes the listing (its lease token moves on).
      if (cursor === "page-2")
        await db.collectionListing.update({ where: { id: listing.id }, data: { leaseToken: { increment: 1 } } });
    });

    expect(await lister({ productSourceFor: async () => source }).runOnce()).toBe(true);

    expect(asked).toEqual([null, "page-2"]);
    expect(await storedProducts(listing.id)).toEqual(["0:gid://shopify/Product/1", "1:gid://shopify/Product/2"]);
    expect(await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      status: "listing",
      listed: 2,
      cursor: "page-2",
      leaseOwner: "lister-under-test",
    });
  });

  it.each([
    ["Shopify's API answers with an error", new AdminApiError("boom", "GetCollectionPage"), "shopifyUnexpected"],
    ["reading fails otherwise", new Error("socket hang up"), "unreadable"],
  ])(
    "fails a listing with a message staff can read when %s, and cancels the bulk export it leaves running",
    async (_case, error, key) => {
      const listing = await startListing({
        bulkOperationId: "gid://shopify/BulkOperation/7",
        bulkStatus: "RUNNING",
      });
      const { exporter, cancelled } = fakeExport({
        status: async () => {
          throw error;
        },
      });
      const { lines, logger } = recordingLogger();
      const worker = lister({
        productSourceFor: async () => pagedSource().source,
        collectionExportFor: async () => exporter,
        logger,
      });

      expect(await worker.runOnce()).toBe(true);

      expect(await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
        status: "failed",
        error: `messages:listing.${key}`,
        leaseOwner: null,
        finishedAt: NOW,
      });
      expect(cancelled).toEqual(["gid://shopify/BulkOperation/7"]);
      expect(lines).toEqual([
        {
          level: "warn",
          message: "reading a collection failed",
          context: { shop: SHOP, collectionId: COLLECTION, error: String(error) },
        },
      ]);
    },
  );

  it("logs a bulk export Shopify would not cancel, or could not be asked to, and still fails the listing", async () => {
    const outcomes = [
      async () => ({ ok: false as const, reason: "already finished" }),
      async (): Promise<{ ok: true }> => {
        throw new Error("Shopify away");
      },
    ];
    const { lines, logger } = recordingLogger();
    for (const cancel of outcomes) {
      await db.collectionListing.deleteMany();
      await startListing({ bulkOperationId: "gid://shopify/BulkOperation/8", bulkStatus: "CREATED" });
      const { exporter } = fakeExport({
        status: async () => {
          throw new Error("status unreadable");
        },
        cancel,
      });
      const worker = lister({
        productSourceFor: async () => pagedSource().source,
        collectionExportFor: async () => exporter,
        logger,
      });
      expect(await worker.runOnce()).toBe(true);
      expect((await db.collectionListing.findFirstOrThrow()).status).toBe("failed");
    }
    const operation = { shop: SHOP, operationId: "gid://shopify/BulkOperation/8" };
    expect(lines.filter((line) => line.message !== "reading a collection failed")).toEqual([
      { level: "info", message: "bulk export not cancelled", context: { ...operation, reason: "already finished" } },
      {
        level: "warn",
        message: "cancelling a bulk export failed",
        context: { ...operation, error: "Error: Shopify away" },
      },
    ]);
  });

  it("cancels no export when the listing had none running", async () => {
    await startListing({ method: "pages" });
    const { exporter, cancelled } = fakeExport();
    const source = pagedSource(async () => {
      throw new Error("socket hang up");
    }).source;
    const worker = lister({ productSourceFor: async () => source, collectionExportFor: async () => exporter });
    expect(await worker.runOnce()).toBe(true);
    expect((await db.collectionListing.findFirstOrThrow()).status).toBe("failed");
    expect(cancelled).toEqual([]);
  });

  it("stores a finished bulk export's products, telling the process's transfer budget the bytes it moved", async () => {
    const listing = await startListing({ bulkOperationId: "gid://shopify/BulkOperation/3", bulkStatus: "RUNNING" });
    const { exporter } = fakeExport({
      status: async () => ({ status: "COMPLETED", objectCount: 3, errorCode: null, url: "https://files.test/x" }),
      async *read() {
        for (const n of [1, 2, 3]) yield { kind: "product" as const, product: product(n) };
      },
    });
    const moved: number[] = [];
    const { source, asked } = pagedSource();
    const worker = lister({
      productSourceFor: async () => source,
      collectionExportFor: async () => exporter,
      transferGc: { moved: (bytes) => void moved.push(bytes) },
    });

    expect(await worker.runOnce()).toBe(true);

    expect(asked).toEqual([]);
    expect(await storedProducts(listing.id)).toEqual([
      "0:gid://shopify/Product/1",
      "1:gid://shopify/Product/2",
      "2:gid://shopify/Product/3",
    ]);
    expect((await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe("ready");
    expect(moved).toEqual([JSON.stringify([product(1), product(2), product(3)]).length]);
  });

  it("carries on a listing read page by page from its cursor, asking for no bulk export", async () => {
    const listing = await startListing({ method: "pages", listed: 2, cursor: "page-2" });
    await db.collectionListingProduct.createMany({
      data: [1, 2].map((n) => ({ listingId: listing.id, position: n - 1, product: { id: product(n).id } })),
    });
    const { source, asked } = pagedSource();
    const { exporter, started } = fakeExport({
      start: async () => ({ ok: true, operationId: "gid://shopify/BulkOperation/2" }),
    });
    const worker = lister({ productSourceFor: async () => source, collectionExportFor: async () => exporter });

    expect(await worker.runOnce()).toBe(true);

    expect(started).toEqual([]);
    expect(asked).toEqual(["page-2", "page-3"]);
    expect(await storedProducts(listing.id)).toHaveLength(6);
    expect((await db.collectionListing.findUniqueOrThrow({ where: { id: listing.id } })).status).toBe("ready");
  });
});
