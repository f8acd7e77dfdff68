import type { CatalogResult } from "~/tryon/catalog-view";
import { guessGarment } from "./garment-guess";
import type { ProductForRender } from "./catalog-port";
import type { RenderOptions } from "~/looks/render-options";

/**
 * What a product is rendered as. One decision for every way a render is made (the product action, the Generate
 * page's starting values, bulk runs and the bulk actions): the garment its Shopify product type or title says (the
 * chosen type when it says nothing), keeping the chosen pose where it suits that garment and otherwise taking the
 * first that does. A dress sent as a top costs credits for a render that cannot be right.
 */

/** The poses a garment type may use, in the catalog's order. */
export type PosesFor = (productType: string) => string[];

export interface GarmentChoice {
  productType: string;
  productCategory?: string | undefined;
  poseId: string;
}

type ProductWords = Pick<ProductForRender, "productType" | "title">;

/** The garment and pose for this product; null when the service has no pose for the garment it is. */
export function garmentChoiceFor(
  chosen: GarmentChoice,
  product: ProductWords,
  posesFor: PosesFor,
): GarmentChoice | null {
  const guess = guessGarment(product);
  if (!guess) return chosen;
  const sameType = guess.productType === chosen.productType;
  const poses = sameType && chosen.poseId ? [chosen.poseId] : posesFor(guess.productType);
  const poseId = poses.includes(chosen.poseId) ? chosen.poseId : poses[0];
  if (!poseId) return null;
  // The product's own category when it says one ("shirt" in a run of tees); the chosen one only for the same type.
  const productCategory = guess.productCategory ?? (sameType ? chosen.productCategory : undefined);
  return { productType: guess.productType, productCategory, poseId };
}

/** The options one product is rendered with; null when no pose suits its garment. */
export function optionsForProduct(
  options: RenderOptions,
  product: ProductWords,
  posesFor: PosesFor,
): RenderOptions | null {
  const choice = garmentChoiceFor(options, product, posesFor);
  if (!choice) return null;
  if (choice === options) return options;
  const { productCategory: _chosen, ...rest } = options;
  return {
    ...rest,
    productType: choice.productType,
    ...(choice.productCategory ? { productCategory: choice.productCategory } : {}),
    poseId: choice.poseId,
  };
}

/**
 * The poses each garment type may use, from the shop's catalog. When the catalog cannot be read, the chosen pose
 * is kept: the worker checks every id against the catalog before any credit is spent.
 */
export function posesFromCatalog(catalog: CatalogResult, chosenPoseId: string): PosesFor {
  if (!catalog.ok) return () => [chosenPoseId];
  return (productType) => (catalog.catalog.posesByProductType[productType] ?? []).map((pose) => pose.id);
}
