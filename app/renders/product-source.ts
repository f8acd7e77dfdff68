import type { VariantForColour } from "./colour-variants";
import type { ProductPhoto } from "./source-images";

/** A product as the render flow needs it, read from the Admin API (app/shopify/product-source.server.ts). */
export interface ProductForRender {
  id: string;
  title: string;
  productType: string | null;
  photos: ProductPhoto[];
  /** With their options and image where the read asked for them (a product's page does; collection pages do not). */
  variants: VariantForColour[];
}

export interface CollectionPage {
  products: ProductForRender[];
  /** Where the next page starts; null after the last. */
  nextCursor: string | null;
}

export interface ProductSource {
  getProduct(productId: string): Promise<ProductForRender | null>;
  /** Every product of a collection, page by page. */
  collectionProducts(collectionId: string): AsyncIterable<ProductForRender>;
  /** One page of a collection's products, from `cursor` (null: the start); null when the collection is gone. */
  collectionPage(collectionId: string, cursor: string | null): Promise<CollectionPage | null>;
  collectionTitle(collectionId: string): Promise<string | null>;
  /** Title and number of products; null when the collection is gone. */
  collectionSummary(collectionId: string): Promise<{ title: string; productCount: number } | null>;
}
