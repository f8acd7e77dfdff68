import type { CollectionPage, ProductForRender, ProductSource } from "~/catalog/catalog-port";
import type { ProductPhoto } from "~/catalog/source-images";
import type { ListCollectionProductsForRenderQuery } from "~/types/admin.generated";
import type { AdminGraphql } from "./admin-graphql.server";
import { GET_PRODUCT_FOR_RENDER } from "./operations/products";
import { GET_COLLECTION_SUMMARY, LIST_COLLECTION_PRODUCTS_FOR_RENDER } from "./operations/collections";

interface MediaNode {
  id: string;
  alt?: string | null;
  image?: { url: string } | null;
}

export const photosOf = (nodes: ReadonlyArray<MediaNode | { id: string; alt?: string | null }>): ProductPhoto[] =>
  nodes.map((node) => ({
    mediaId: node.id,
    url: "image" in node && node.image ? node.image.url : null,
    alt: node.alt ?? null,
  }));

export const COLLECTION_PAGE_SIZE = 25;

/** A product as LIST_COLLECTION_PRODUCTS_FOR_RENDER reads it (a page's node, or a bulk export's line rebuilt). */
export type ListedProductNode = NonNullable<
  ListCollectionProductsForRenderQuery["collection"]
>["products"]["nodes"][number];

/** A listed product as the render flow needs it: the one mapping for pages and bulk exports alike. */
export function productForRenderOf(product: ListedProductNode): ProductForRender {
  return {
    id: product.id,
    title: product.title,
    productType: product.productType || null,
    category: product.category ?? null,
    photos: photosOf(product.media.nodes),
    variants: [],
  };
}

/** Products for the render flow, read through the Admin API. */
export function makeProductSource(admin: AdminGraphql): ProductSource {
  async function collectionPage(collectionId: string, cursor: string | null): Promise<CollectionPage | null> {
    const page: ListCollectionProductsForRenderQuery = await admin.query(LIST_COLLECTION_PRODUCTS_FOR_RENDER, {
      id: collectionId,
      first: COLLECTION_PAGE_SIZE,
      after: cursor,
    });
    const products = page.collection?.products;
    if (!products) return null;
    return {
      products: products.nodes.map(productForRenderOf),
      nextCursor: products.pageInfo.hasNextPage ? (products.pageInfo.endCursor ?? null) : null,
    };
  }

  async function collectionSummary(collectionId: string): Promise<{ title: string; productCount: number } | null> {
    const result = await admin.query(GET_COLLECTION_SUMMARY, { id: collectionId });
    if (!result.collection) return null;
    return { title: result.collection.title, productCount: result.collection.productsCount?.count ?? 0 };
  }

  return {
    async getProduct(productId) {
      const result = await admin.query(GET_PRODUCT_FOR_RENDER, { id: productId });
      const product = result.product;
      if (!product) return null;
      return {
        id: product.id,
        title: product.title,
        productType: product.productType || null,
        category: product.category ?? null,
        options: product.options.map((option) => ({
          name: option.name,
          linkedMetafield: option.linkedMetafield
            ? { namespace: option.linkedMetafield.namespace ?? null, key: option.linkedMetafield.key ?? null }
            : null,
          values: option.optionValues.map((value) => ({
            name: value.name,
            swatchColor: typeof value.swatch?.color === "string" ? value.swatch.color : null,
            swatchImageUrl: value.swatch?.image?.image?.url ?? null,
          })),
        })),
        photos: photosOf(product.media.nodes),
        variants: product.variants.nodes.map((variant) => ({
          id: variant.id,
          title: variant.title,
          selectedOptions: variant.selectedOptions.map(({ name, value }) => ({ name, value })),
          mediaId: variant.media.nodes[0]?.id ?? null,
        })),
      };
    },

    async *collectionProducts(collectionId): AsyncIterable<ProductForRender> {
      let cursor: string | null = null;
      do {
        const page: CollectionPage | null = await collectionPage(collectionId, cursor);
        if (!page) return;
        yield* page.products;
        cursor = page.nextCursor;
      } while (cursor);
    },

    collectionPage,
    collectionSummary,

    async collectionTitle(collectionId) {
      return (await collectionSummary(collectionId))?.title ?? null;
    },
  };
}
