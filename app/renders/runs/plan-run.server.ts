import { type PrismaClient } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import { creditsForJob, estimateCredits } from "~/tryon/cost";
import { approvedColourKey, planProductColours } from "../colour-variants/colour-variants";
import { type VariantColour } from "../lifecycle/variant-colour";
import { lookKeyOf } from "../lifecycle/queue-renders.server";
import { optionsForProduct, type PosesFor } from "~/catalog/product-garment";
import type { DecisionSource, GarmentDecision } from "~/catalog/garment-decision";
import type { NotClothingReason } from "~/catalog/garment-kinds";
import type { ProductForRender } from "~/catalog/catalog-port";
import type { RenderOptions, SourceImages } from "~/looks/render-options";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";

/**
 * Planning a bulk run, before anything is spent: which products it renders, with which options, which it skips
 * and why, and what it will cost. Nothing here writes a render: queue-renders.server.ts starts the run from the
 * plan. The plan is made again on start, because the preview a browser holds may be stale and is never trusted.
 */

export type Db = Pick<
  PrismaClient,
  "render" | "collectionListing" | "collectionListingProduct" | "$transaction" | "$queryRaw"
>;

/**
 * Beyond this a run is refused with advice to split it: planning reads every product from Shopify first (in one
 * bulk export, ADR 055), and it is MAX_QUEUED_PER_SHOP's default (env.server.ts), the most renders a shop may have
 * waiting.
 */
export const MAX_RUN_PRODUCTS = 50_000;
/** Photos are probed (format and size) only for runs this small; the worker checks every photo before paying anyway. */
export const PROBE_PHOTOS_UP_TO = 50;
export const SKIPPED_SHOWN = 200;

export type SkipReason =
  "not_clothing" | "no_image" | "image_unusable" | "already_approved" | "product_not_found" | "no_pose";

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  not_clothing: messageKey("messages:skip.not_clothing"),
  no_image: messageKey("messages:skip.no_image"),
  image_unusable: messageKey("messages:skip.image_unusable"),
  already_approved: messageKey("messages:skip.already_approved"),
  product_not_found: messageKey("messages:skip.product_not_found"),
  no_pose: messageKey("messages:skip.no_pose"),
};

/** Why a product renders as what it does, or is left out: the decision, in the preview's terms. */
export interface PlannedDecision {
  decidedBy: DecisionSource | "staff";
  /** The category, type or title that decided (null when nothing did). */
  evidence: string | null;
  /** For a product that is not clothing. */
  notClothing?: NotClothingReason;
}

export interface PlannedRender {
  product: ProductForRender;
  decision: PlannedDecision;
  images: SourceImages;
  /** The run's options, with this product's garment type (and a pose that suits it) when garments are detected. */
  options: RenderOptions;
  /** Set when the run renders one shot per colour: this render's colour and the variants it goes on. */
  variantColour?: VariantColour | null;
}

export interface SkippedProduct {
  productId: string;
  title: string;
  reason: SkipReason;
  detail?: string;
  decision?: PlannedDecision;
}

/** A product the app cannot place (a suit, a set, a name that says nothing): staff choose a garment or leave it out. */
export interface ProductNeedingChoice {
  productId: string;
  title: string;
  why: "unclear" | "several_garments" | "nothing";
  evidence: string | null;
}

export interface RunPlan {
  eligible: PlannedRender[];
  skipped: SkippedProduct[];
  /** Left out until staff choose a garment for each (`garmentChoices`); nothing is spent on them before. */
  needsChoice: ProductNeedingChoice[];
  /** Renders made for each eligible product, side by side in Review (1 to 4). */
  candidatesPerProduct: number;
  creditsPerRender: number;
  /** Every render the run would make (candidates × eligible products), each charged. */
  estimateCredits: number;
  /** One per colour: what happens to each product with colours, in words for the preview. */
  colourNotes?: Array<{ productId: string; title: string; text: string }>;
}

/** How many renders a plan makes: each eligible product's candidates. */
export const rendersInPlan = (plan: Pick<RunPlan, "eligible" | "candidatesPerProduct">) =>
  plan.eligible.length * plan.candidatesPerProduct;

export interface PlanOptions {
  shop: string;
  options: RenderOptions;
  /** Also render products that already have an approved render of this look. */
  regenerate: boolean;
  /** Renders per product, 1 (the default) to 4. */
  candidates?: number;
  /** Checks an image URL before credits are planned for it; returns a reason when it cannot be used. */
  checkImage?: (url: string) => Promise<string | null>;
  /** The poses each garment may use: each product is rendered as the garment it is (catalog/product-garment.ts). */
  posesFor: PosesFor;
  /** Garments staff chose for products the app could not place, by product id; the others are left out. */
  garmentChoices?: ReadonlyMap<string, string>;
  /** One render per colour for products whose variants differ by colour (colour-variants.ts, ADR 057). */
  perColour?: boolean;
}

function imagesFor(product: ProductForRender): SourceImages | null {
  const choice = chooseSourceImages(product.photos);
  return choice.ok ? sourceImagesOf(choice) : null;
}

/**
 * Decides, before anything is spent, which products a bulk run will render and why the others are skipped,
 * with the credit estimate. Approved renders of the same look are found in one indexed query.
 */
export async function planRun(
  db: Pick<Db, "render">,
  products: ProductForRender[],
  plan: PlanOptions,
): Promise<RunPlan> {
  const perProduct = new Map(
    products.map((product) => [
      product.id,
      optionsForProduct(plan.options, product, plan.posesFor, plan.garmentChoices?.get(product.id)),
    ]),
  );
  const lookKeys = new Map(
    [...perProduct].flatMap(([id, { options }]) => (options ? [[id, lookKeyOf(options)] as const] : [])),
  );
  // "Already approved with this look" is per product: with detected garments, products differ in their look.
  const approvedRows = plan.regenerate
    ? []
    : (
        await db.render.findMany({
          where: {
            shop: plan.shop,
            lookKey: { in: [...new Set(lookKeys.values())] },
            productId: { in: products.map((product) => product.id) },
            state: { in: ["publishing", "published"] },
          },
          select: { productId: true, lookKey: true, variantColour: true },
        })
      ).filter((row) => lookKeys.get(row.productId) === row.lookKey);
  const approved = new Set(approvedRows.map((row) => row.productId));
  // Per colour, "already approved" is per colour of a product: its colour keys ("" for the whole product).
  const approvedColours = new Map<string, Set<string>>();
  for (const row of approvedRows)
    approvedColours.set(
      row.productId,
      (approvedColours.get(row.productId) ?? new Set()).add(approvedColourKey(row.variantColour)),
    );
  const result: RunPlan = {
    eligible: [],
    skipped: [],
    needsChoice: [],
    candidatesPerProduct: plan.candidates ?? 1,
    creditsPerRender: creditsForJob(plan.options.resolution),
    estimateCredits: 0,
    ...(plan.perColour ? { colourNotes: [] } : {}),
  };
  for (const product of products) {
    const skip = (reason: SkipReason, detail?: string, decision?: PlannedDecision) =>
      result.skipped.push({
        productId: product.id,
        title: product.title,
        reason,
        ...(detail ? { detail } : {}),
        ...(decision ? { decision } : {}),
      });
    // A product with no photo cannot be rendered whatever it is: staff are not asked to choose a garment for it.
    const images = imagesFor(product);
    if (!images) {
      skip("no_image");
      continue;
    }
    const { plan: garment, options } = perProduct.get(product.id) ?? { plan: null, options: null };
    if (garment?.kind === "needs_choice") {
      const { why, evidence } = garment.decision;
      result.needsChoice.push({ productId: product.id, title: product.title, why, evidence });
      continue;
    }
    if (garment?.kind === "not_clothing") {
      skip("not_clothing", garment.decision.reason, plannedDecisionOf(garment.decision, false));
      continue;
    }
    if (!options || garment?.kind !== "render") {
      skip("no_pose", garment?.kind === "no_pose" ? garment.garment.productType : undefined);
      continue;
    }
    const decision = plannedDecisionOf(garment.decision, garment.chosenByStaff);
    if (plan.perColour) {
      const colours = await planProductColours(product, approvedColours.get(product.id) ?? new Set(), plan.checkImage);
      if (colours.note) result.colourNotes?.push({ productId: product.id, title: product.title, text: colours.note });
      if (colours.perColour) {
        result.eligible.push(...colours.eligible.map((render) => ({ product, decision, options, ...render })));
        result.skipped.push(...colours.skipped.map((skipped) => ({ productId: product.id, ...skipped })));
        continue;
      }
    }
    if (approved.has(product.id)) {
      skip("already_approved");
      continue;
    }
    const problem = plan.checkImage ? await plan.checkImage(images.front[0] as string) : null;
    if (problem) {
      skip("image_unusable", problem);
      continue;
    }
    result.eligible.push({ product, decision, images, options });
  }
  result.estimateCredits =
    estimateCredits(result.eligible.map((render) => render.options)) * result.candidatesPerProduct;
  return result;
}

function plannedDecisionOf(decision: GarmentDecision, chosenByStaff: boolean): PlannedDecision {
  if (chosenByStaff) return { decidedBy: "staff", evidence: null };
  if (decision.kind === "needs_choice") return { decidedBy: "none", evidence: decision.evidence };
  return {
    decidedBy: decision.decidedBy,
    evidence: decision.evidence,
    ...(decision.kind === "not_clothing" ? { notClothing: decision.reason } : {}),
  };
}
