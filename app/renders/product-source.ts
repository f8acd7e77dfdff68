import type { ProductPhoto } from "./source-images";

/** A product as the render flow needs it, read from the Admin API (app/shopify/product-source.server.ts). */
export interface ProductForRender {
  id: string;
  title: string;
  productType: string | null;
  photos: ProductPhoto[];
  variants: Array<{ id: string; title: string }>;
}

export interface ProductSource {
  getProduct(productId: string): Promise<ProductForRender | null>;
  /** Every product of a collection, page by page. */
  collectionProducts(collectionId: string): AsyncIterable<ProductForRender>;
  collectionTitle(collectionId: string): Promise<string | null>;
}
