/** The app tells its own images from its records, never from alt text or file names (ADR 071). */
import type { Prisma } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductForRender, ProductSource } from "~/catalog/catalog-port";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders, seedShop } from "../../../harness/render-fixtures";
import { appRenderMediaIds, productSourceWithoutAppRenders } from "./own-renders.server";

const SHOP = "own-renders.myshopify.com";
const OTHER = "own-renders-other.myshopify.com";
const COAT = "gid://shopify/Product/100";
const TEE = "gid://shopify/Product/200";
const media = (name: string) => `gid://shopify/MediaImage/${name}`;

const product = (id: string, mediaIds: string[]): ProductForRender => ({
  id,
  title: id,
  productType: null,
  category: null,
  photos: mediaIds.map((mediaId) => ({ mediaId, url: `https://cdn.test/${mediaId}.jpg`, alt: "Model shot" })),
  variants: [],
});

describe("the app's own renders among a product's images", () => {
  let database: TestDatabase;
  const render = (shop: string, overrides: Partial<Prisma.RenderUncheckedCreateInput>) =>
    seedRenders(database.prisma, shop, 1, overrides);

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    await render(SHOP, { productId: COAT, fileId: media("coat-render"), state: "published" });
    await render(SHOP, { productId: COAT, fileId: media("coat-render-2"), state: "in_review" });
    await render(SHOP, { productId: COAT, fileId: null, state: "queued" });
    await render(SHOP, { productId: TEE, fileId: media("tee-render"), state: "published" });
    // Another shop's render of a product with the same id says nothing about this shop's images.
    await render(OTHER, { productId: COAT, fileId: media("coat-photo"), state: "published" });
  });
  afterAll(async () => database?.close());

  it("are the files of the shop's renders of those products", async () => {
    expect(await appRenderMediaIds(database.prisma, SHOP, [COAT, COAT])).toEqual(
      new Set([media("coat-render"), media("coat-render-2")]),
    );
    expect(await appRenderMediaIds(database.prisma, SHOP, [COAT, TEE])).toEqual(
      new Set([media("coat-render"), media("coat-render-2"), media("tee-render")]),
    );
    const unasked = {
      render: {
        findMany: () => {
          throw new Error("no query expected");
        },
      },
    } as unknown as typeof database.prisma;
    expect(await appRenderMediaIds(unasked, SHOP, [])).toEqual(new Set());
    expect(await appRenderMediaIds(database.prisma, OTHER, [TEE])).toEqual(new Set());
  });

  describe("a product source that leaves them out", () => {
    const source: ProductSource = {
      getProduct: async (id) =>
        id === COAT
          ? product(COAT, [media("coat-photo"), media("coat-render")])
          : id === TEE
            ? product(TEE, [media("tee-photo")])
            : null,
      async *collectionProducts() {
        yield product(COAT, [media("coat-render"), media("coat-photo")]);
        yield product(TEE, [media("tee-render"), media("tee-photo")]);
      },
      collectionPage: async (collectionId) =>
        collectionId === "gone"
          ? null
          : { products: [product(COAT, [media("coat-render-2"), media("coat-photo")])], nextCursor: "next" },
      collectionTitle: async (collectionId) => `Title of ${collectionId}`,
      collectionSummary: async (collectionId) => ({ title: `Summary of ${collectionId}`, productCount: 7 }),
    };
    const photosOf = (found: ProductForRender | null | undefined) => found?.photos.map((photo) => photo.mediaId);

    it("lists only the merchant's own photos of a product, and none for a product that is gone", async () => {
      const filtered = productSourceWithoutAppRenders(source, database.prisma, SHOP);
      expect(photosOf(await filtered.getProduct(COAT))).toEqual([media("coat-photo")]);
      expect(await filtered.getProduct(TEE)).toEqual(product(TEE, [media("tee-photo")]));
      expect(await filtered.getProduct("gid://shopify/Product/404")).toBeNull();
      // For another shop, this shop's renders are photos like any other.
      const neighbour = productSourceWithoutAppRenders(source, database.prisma, OTHER);
      expect(photosOf(await neighbour.getProduct(COAT))).toEqual([media("coat-render")]);
    });

    it("leaves them out of a collection, product by product and page by page", async () => {
      const filtered = productSourceWithoutAppRenders(source, database.prisma, SHOP);
      const products: ProductForRender[] = [];
      for await (const found of filtered.collectionProducts("summer")) products.push(found);
      expect(products.map(photosOf)).toEqual([[media("coat-photo")], [media("tee-photo")]]);
      const page = await filtered.collectionPage("summer", null);
      expect(page?.nextCursor).toBe("next");
      expect(page?.products.map(photosOf)).toEqual([[media("coat-photo")]]);
      expect(await filtered.collectionPage("gone", null)).toBeNull();
    });

    it("passes a collection's title and summary through", async () => {
      const filtered = productSourceWithoutAppRenders(source, database.prisma, SHOP);
      expect(await filtered.collectionTitle("summer")).toBe("Title of summer");
      expect(await filtered.collectionSummary("summer")).toEqual({ title: "Summary of summer", productCount: 7 });
    });
  });
});
