import type { CatalogResult } from "~/tryon/catalog-view";
import type { RenderOptions } from "~/looks/render-options";
import { decideGarment, type GarmentDecision, type ProductFacts } from "./garment-decision";
import type { Garment } from "./garment-kinds";

/**
 * What a product is rendered with. One rule for every way a render is made (Generate, the product action, bulk
 * runs and the bulk actions, automation): the garment decideGarment finds in Shopify's data, or the one staff
 * chose for this product when the app could not tell or they insist; the look's pose where it suits that garment,
 * otherwise the first that does. A product that is not clothing, or that the app cannot place, is not rendered
 * until staff choose: nothing is spent on a guess.
 */

/** The poses a garment type may use, in the catalog's order. */
export type PosesFor = (productType: string) => string[];

export interface GarmentChoice {
  productType: string;
  productCategory?: string | undefined;
  poseId: string;
}

export type GarmentPlan =
  | { kind: "render"; choice: GarmentChoice; decision: GarmentDecision; chosenByStaff: boolean }
  | { kind: "not_clothing"; decision: Extract<GarmentDecision, { kind: "not_clothing" }> }
  | { kind: "needs_choice"; decision: Extract<GarmentDecision, { kind: "needs_choice" }> }
  /** The service has no pose for the garment the product is. */
  | { kind: "no_pose"; garment: Garment; decision: GarmentDecision };

/**
 * The garment and pose for this product. `staffChoice` is a garment type staff picked for this very product (a
 * product the app could not place, or one they render although it is not clothing); it wins over the decision.
 */
export function garmentPlanFor(
  look: GarmentChoice,
  product: ProductFacts,
  posesFor: PosesFor,
  staffChoice?: string | null,
): GarmentPlan {
  const decision = decideGarment(product);
  let garment: Garment;
  if (staffChoice) {
    // The decision's category still applies when staff confirm its type ("Dress" for a dress filed as Swimwear).
    const category = decision.kind === "garment" && decision.garment.productType === staffChoice;
    garment = category ? decision.garment : { productType: staffChoice };
  } else if (decision.kind === "garment") garment = decision.garment;
  else if (decision.kind === "not_clothing") return { kind: "not_clothing", decision };
  else return { kind: "needs_choice", decision };

  const sameType = garment.productType === look.productType;
  const poses = sameType && look.poseId ? [look.poseId] : posesFor(garment.productType);
  const poseId = poses.includes(look.poseId) ? look.poseId : poses[0];
  if (!poseId) return { kind: "no_pose", garment, decision };
  // The product's own category when it has one ("shirt" in a run of tees); the look's only for the same type.
  const productCategory = garment.productCategory ?? (sameType ? look.productCategory : undefined);
  return {
    kind: "render",
    choice: { productType: garment.productType, productCategory, poseId },
    decision,
    chosenByStaff: Boolean(staffChoice),
  };
}

/** The options one product is rendered with, or why it is not rendered (the plan's other kinds). */
export function optionsForProduct(
  options: RenderOptions,
  product: ProductFacts,
  posesFor: PosesFor,
  staffChoice?: string | null,
): { plan: GarmentPlan; options: RenderOptions | null } {
  const plan = garmentPlanFor(options, product, posesFor, staffChoice);
  if (plan.kind !== "render") return { plan, options: null };
  const { productCategory: _look, ...rest } = options;
  return {
    plan,
    options: {
      ...rest,
      productType: plan.choice.productType,
      ...(plan.choice.productCategory ? { productCategory: plan.choice.productCategory } : {}),
      poseId: plan.choice.poseId,
    },
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
