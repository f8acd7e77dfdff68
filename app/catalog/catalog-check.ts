import { describeDecision } from "./decision-words";
import { decideGarment, type DecisionSource, type GarmentDecision, type ProductFacts } from "./garment-decision";
import type { CatalogProduct } from "./product-csv";

/**
 * The catalog check (`npm run plan:catalog`): what the app would do with each product of a Shopify product CSV
 * export, decided by the same code every render path asks (decideGarment), so a support engineer or a merchant
 * can check a catalog before installing.
 */

export interface CatalogCheckRow {
  handle: string;
  title: string;
  /** The try-on service's product_type (`dress`), or `skip`: not clothing, or nothing said what it is. */
  rendersAs: string;
  decidedBy: DecisionSource;
  /** Why, in words. */
  detail: string;
}

/** A product of an export as the decision reads it: its category by id where the export's name maps to one. */
export function factsOfCatalogProduct(product: CatalogProduct): ProductFacts {
  const category = product.category?.id
    ? {
        id: product.category.id,
        ...(product.category.fullName
          ? { fullName: product.category.fullName, name: product.category.fullName.split(">").pop()?.trim() }
          : {}),
      }
    : null;
  return { title: product.title, productType: product.productType || null, category, isGiftCard: product.giftCard };
}

export function checkRowOf(
  product: CatalogProduct,
  decision: GarmentDecision = decideGarment(factsOfCatalogProduct(product)),
): CatalogCheckRow {
  return {
    handle: product.handle,
    title: product.title,
    rendersAs: decision.kind === "garment" ? decision.garment.productType : "skip",
    decidedBy: decision.decidedBy,
    detail: describeDecision(decision),
  };
}

export const CATALOG_CHECK_COLUMNS = ["handle", "title", "renders_as", "decided_by", "detail"] as const;

export const checkRowFields = (row: CatalogCheckRow) => [
  row.handle,
  row.title,
  row.rendersAs,
  row.decidedBy,
  row.detail,
];
