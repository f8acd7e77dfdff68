import type { CollectionListing, PrismaClient } from "@prisma/client";
import type { CollectionExport, CollectionPage, ProductForRender, ProductSource } from "~/catalog/catalog-port";
import { makeCollectionLister, type CollectionListerDeps } from "~/worker/collection-lister";

/**
 * Shopify's side of reading a large collection, faked for the collection lister's tests
 * (app/worker/collection-lister*.test.ts): the Admin API's pages and the bulk export.
 */
export const listedProduct = (n: number): ProductForRender => ({
  id: `gid://shopify/Product/${n}`,
  title: `Tee ${n}`,
  productType: "T-Shirts",
  category: null,
  photos: [],
  variants: [],
});

/** Three pages of two products; `onPage` runs as each page is asked for; `asked` lists the cursors asked. */
export function pagedSource(onPage: (cursor: string | null) => Promise<void> = async () => {}) {
  const pages: Record<string, CollectionPage> = {
    start: { products: [listedProduct(1), listedProduct(2)], nextCursor: "page-2" },
    "page-2": { products: [listedProduct(3), listedProduct(4)], nextCursor: "page-3" },
    "page-3": { products: [listedProduct(5), listedProduct(6)], nextCursor: null },
  };
  const asked: Array<string | null> = [];
  const source: ProductSource = {
    getProduct: async () => null,
    async *collectionProducts() {},
    collectionPage: async (_collectionId, cursor) => {
      asked.push(cursor);
      await onPage(cursor);
      return pages[cursor ?? "start"] ?? null;
    },
    collectionTitle: async () => "Everything",
    collectionSummary: async () => ({ title: "Everything", productCount: 6 }),
  };
  return { source, asked };
}

/** Shopify's bulk export, refusing to start unless told otherwise; records the starts and cancels it is asked. */
export function fakeExport(overrides: Partial<CollectionExport> = {}) {
  const started: string[] = [];
  const cancelled: string[] = [];
  const exporter: CollectionExport = {
    start: async (collectionId) => {
      started.push(collectionId);
      return { ok: false, reason: "a bulk operation is already running" };
    },
    status: async () => null,
    async *read() {},
    cancel: async (operationId) => {
      cancelled.push(operationId);
      return { ok: true };
    },
    ...overrides,
  };
  return { exporter, started, cancelled };
}

/** A listing of `collectionId` in `shop` waiting to be read, six products expected unless told. */
export const startListing = (
  db: PrismaClient,
  where: { shop: string; collectionId: string },
  data: Partial<CollectionListing> = {},
) => db.collectionListing.create({ data: { ...where, status: "listing", expected: 6, ...data } });

/** The lister under test: no bulk export started unless told, its own lease owner. */
export const listerUnderTest = (
  db: PrismaClient,
  deps: Partial<CollectionListerDeps> & Pick<CollectionListerDeps, "productSourceFor">,
) =>
  makeCollectionLister({
    db,
    collectionExportFor: async () => fakeExport().exporter,
    owner: "lister-under-test",
    ...deps,
  });
