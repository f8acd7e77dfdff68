import type { VariantForColour } from "./colour-option";
import type { ProductPhoto } from "./source-images";

/** A product as the render flow needs it, read from the Admin API (app/shopify/product-source.server.ts). */
/** Shopify's taxonomy category of a product (`Product.category`): what the garment decision reads first. */
export interface ProductCategory {
  id: string;
  name: string;
  fullName: string;
}

/**
 * A product option as Shopify's data describes it (`Product.options`): whether it is linked to a metaobject type
 * (`shopify.color-pattern` for colours), and each value's swatch.
 */
export interface ProductOptionFacts {
  name: string;
  linkedMetafield: { namespace: string | null; key: string | null } | null;
  values: Array<{ name: string; swatchColor: string | null; swatchImageUrl: string | null }>;
}

export interface ProductForRender {
  id: string;
  title: string;
  productType: string | null;
  category: ProductCategory | null;
  photos: ProductPhoto[];
  /** With their options and image where the read asked for them (a product's page does; collection pages do not). */
  variants: VariantForColour[];
  /** The product's options with their swatches, where the read asked for them (a product's page does). */
  options?: ProductOptionFacts[] | undefined;
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

/** Shopify's status of a bulk export (BulkOperationStatus). */
export type ExportStatus = "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELING" | "CANCELED" | "EXPIRED";

/** What reading an export's result yields, in the file's order. */
export type ExportEvent =
  | { kind: "product"; product: ProductForRender }
  /**
   * Part of a product already yielded (Shopify writes a product's photos after it, not always right after):
   * applied to the stored product.
   */
  | { kind: "late"; productId: string; apply: (product: ProductForRender) => ProductForRender };

/**
 * A collection's products exported by Shopify in one bulk operation (app/shopify/collection-export.server.ts):
 * not limited by the Admin API's points rate, read as a file once Shopify has finished.
 */
export interface CollectionExport {
  /** Starts the export; refused (Shopify's limit, a query it rejects) with Shopify's reason. */
  start(collectionId: string): Promise<{ ok: true; operationId: string } | { ok: false; reason: string }>;
  /** Where the export stands; null when Shopify does not know the operation. */
  status(
    operationId: string,
  ): Promise<{ status: ExportStatus; objectCount: number; errorCode: string | null; url: string | null } | null>;
  /** Streams a finished export's products from its result URL, line by line. */
  read(url: string): AsyncIterable<ExportEvent>;
  /** Asks Shopify to stop an export; false when it would not (finished already, or unknown), with its reason. */
  cancel(operationId: string): Promise<{ ok: true } | { ok: false; reason: string }>;
}
