import { whatIsSent, type WhatIsSent } from "~/looks/what-is-sent";
import {
  rendersInPlan,
  type PlannedDecision,
  type RunPlan,
  SKIPPED_SHOWN,
  SKIP_REASON_TEXT,
  type SkippedProduct,
  type SkipReason,
} from "./plan-run.server";
import { messageKey } from "~/lib/staff-message";
import { describeDecision, garmentTypeName, notClothingSentence, rendersAsSentence } from "~/catalog/decision-words";
import type { CatalogResult } from "~/tryon/catalog-view";

/** A run plan in the preview's terms: counts by garment, what each render sends, the skipped products and why. */

export interface PlanSummary {
  scopeTitle: string;
  productCount: number;
  eligibleCount: number;
  candidatesPerProduct: number;
  /** Renders the run makes: candidates × eligible products. */
  renderCount: number;
  skippedCount: number;
  skipped: Array<{ productId: string; title: string; reason: SkipReason; reasonText: string }>;
  /** Products the app cannot place: left out unless staff choose a garment for each (first 200, and how many). */
  needsChoiceCount: number;
  needsChoice: Array<{ productId: string; title: string; sentence: string }>;
  /** Products rendered (each once, however many colours), and what each renders as and why (first 200). */
  eligibleProductCount: number;
  decisions: Array<{ productId: string; title: string; rendersAs: string; sentence: string }>;
  /** How many products each source decided: Shopify's category, the product type, the title, or staff. */
  decidedBy: Record<PlannedDecision["decidedBy"], number>;
  /** Eligible products by the garment type they will be rendered as, most first. */
  garments: Array<{ productType: string; count: number }>;
  /** What the run sends to the try-on service, by name, for each different set of options; most products first. */
  sends: Array<WhatIsSent & { count: number }>;
  creditsPerRender: number;
  estimateCredits: number;
  /** One per colour: renders by colour, and what happens to each product with colours (first 200), in words. */
  colours?: { renders: number; products: number; notes: Array<{ productId: string; title: string; text: string }> };
}

export function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The eligible renders grouped by what they send (garment, model, pose, background, cost), named from the catalog. */
export function sendsOf(plan: RunPlan, catalog: CatalogResult): PlanSummary["sends"] {
  const groups = new Map<string, WhatIsSent & { count: number }>();
  for (const { options } of plan.eligible) {
    const sent = whatIsSent(options, catalog);
    const key = JSON.stringify(sent);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { ...sent, count: 1 });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function summarizePlan(
  plan: RunPlan,
  scopeTitle: string,
  productCount: number,
  catalog: CatalogResult,
): PlanSummary {
  return {
    scopeTitle,
    productCount,
    eligibleCount: plan.eligible.length,
    candidatesPerProduct: plan.candidatesPerProduct,
    renderCount: rendersInPlan(plan),
    skippedCount: plan.skipped.length,
    skipped: plan.skipped.slice(0, SKIPPED_SHOWN).map((skip) => ({
      productId: skip.productId,
      title: skip.title,
      reason: skip.reason,
      reasonText: skipWords(skip),
    })),
    needsChoiceCount: plan.needsChoice.length,
    needsChoice: plan.needsChoice.slice(0, SKIPPED_SHOWN).map(({ productId, title, why, evidence }) => ({
      productId,
      title,
      sentence: describeDecision({ kind: "needs_choice", decidedBy: "none", why, evidence }),
    })),
    eligibleProductCount: uniqueProducts(plan).length,
    decisions: uniqueProducts(plan)
      .slice(0, SKIPPED_SHOWN)
      .map(({ product, decision, options }) => ({
        productId: product.id,
        title: product.title,
        rendersAs: garmentTypeName(options.productType),
        sentence: rendersAsSentence(options.productType, decision.decidedBy, decision.evidence),
      })),
    decidedBy: decidedByCounts(plan),
    garments: [...countBy(plan.eligible.map((render) => render.options.productType))]
      .map(([productType, count]) => ({ productType, count }))
      .sort((a, b) => b.count - a.count || a.productType.localeCompare(b.productType)),
    sends: sendsOf(plan, catalog),
    creditsPerRender: plan.creditsPerRender,
    estimateCredits: plan.estimateCredits,
    ...(plan.colourNotes
      ? {
          colours: {
            renders: plan.eligible.filter((render) => render.variantColour).length,
            products: new Set(plan.eligible.flatMap((render) => (render.variantColour ? [render.product.id] : [])))
              .size,
            notes: plan.colourNotes.slice(0, SKIPPED_SHOWN),
          },
        }
      : {}),
  };
}

/** Why a product is skipped, in words: a product that is not clothing says what it is and where the app read it. */
function skipWords(skip: SkippedProduct): string {
  const decision = skip.decision;
  if (skip.reason === "not_clothing" && decision?.notClothing)
    return notClothingSentence(decision.notClothing, decision.decidedBy, decision.evidence, "skip");
  // The photo's problem in the worker's words, which name it (format or size).
  if (skip.reason === "image_unusable" && skip.detail) return skip.detail;
  return skip.detail
    ? messageKey("messages:skip.withDetail", { reason: SKIP_REASON_TEXT[skip.reason], detail: skip.detail })
    : SKIP_REASON_TEXT[skip.reason];
}

/** Each eligible product once (one per colour plans a product several times). */
function uniqueProducts(plan: RunPlan) {
  const seen = new Set<string>();
  return plan.eligible.filter((render) => !seen.has(render.product.id) && Boolean(seen.add(render.product.id)));
}

function decidedByCounts(plan: RunPlan): PlanSummary["decidedBy"] {
  const counts: PlanSummary["decidedBy"] = { category: 0, type: 0, title: 0, staff: 0, none: 0 };
  for (const { decision } of uniqueProducts(plan)) counts[decision.decidedBy] += 1;
  return counts;
}
