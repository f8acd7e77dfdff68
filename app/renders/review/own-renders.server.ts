import type { PrismaClient } from "@prisma/client";
import type { CollectionPage, ProductForRender, ProductSource } from "~/catalog/catalog-port";

type Db = Pick<PrismaClient, "render">;

/**
 * The app knows its own images from its records: every file it imported is a render's `fileId`, and Shopify
 * gives a file attached to a product the same id as the product's media. Alt text and file names are the
 * merchant's to change (and the alt text is in the shop's language), so neither is used to tell (ADR 071).
 */
export async function appRenderMediaIds(db: Db, shop: string, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.render.findMany({
    where: { shop, productId: { in: [...new Set(productIds)] }, fileId: { not: null } },
    select: { fileId: true },
  });
  return new Set(rows.flatMap((row) => (row.fileId ? [row.fileId] : [])));
}

function withoutIds(product: ProductForRender, ids: Set<string>): ProductForRender {
  if (!product.photos.some((photo) => ids.has(photo.mediaId))) return product;
  return { ...product, photos: product.photos.filter((photo) => !ids.has(photo.mediaId)) };
}

async function withoutAppRendersIn(db: Db, shop: string, products: ProductForRender[]): Promise<ProductForRender[]> {
  const ids = await appRenderMediaIds(
    db,
    shop,
    products.map((product) => product.id),
  );
  return products.map((product) => withoutIds(product, ids));
}

/**
 * A product source whose products list only the merchant's own photos: the app's published renders are left
 * out, so no path (Generate, the product action, bulk runs, colours) sends a model shot as a garment photo.
 */
export function productSourceWithoutAppRenders(source: ProductSource, db: Db, shop: string): ProductSource {
  return {
    async getProduct(productId) {
      const product = await source.getProduct(productId);
      return product ? ((await withoutAppRendersIn(db, shop, [product]))[0] ?? null) : null;
    },
    async *collectionProducts(collectionId) {
      for await (const product of source.collectionProducts(collectionId))
        yield (await withoutAppRendersIn(db, shop, [product]))[0] ?? product;
    },
    async collectionPage(collectionId, cursor): Promise<CollectionPage | null> {
      const page = await source.collectionPage(collectionId, cursor);
      return page ? { ...page, products: await withoutAppRendersIn(db, shop, page.products) } : null;
    },
    collectionTitle: (collectionId) => source.collectionTitle(collectionId),
    collectionSummary: (collectionId) => source.collectionSummary(collectionId),
  };
}
