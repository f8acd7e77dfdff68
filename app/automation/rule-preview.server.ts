import type { PrismaClient } from "@prisma/client";
import { posesFromCatalog } from "~/catalog/product-garment";
import { planRun, type SkipReason } from "~/renders/runs/plan-run.server";
import type { CatalogResult } from "~/tryon/catalog-view";
import type { RenderOptions } from "~/looks/render-options";
import { productsWithinBudget } from "./automation-budget.server";
import type { CollectionMembership } from "./gather-deliveries.server";
import { productForRenderOfSnapshot, type ProductSnapshot } from "./product-snapshot";
import { ruleMatches, type RuleMatch } from "./rule-match";

/** How far back the preview looks, and the most products it reads from Shopify to stay quick. */
export const PREVIEW_DAYS = 30;
export const PREVIEW_MAX_PRODUCTS = 1_000;

export interface RulePreview {
  /** Products created in the window that were read. */
  considered: number;
  /** More were created than were read (PREVIEW_MAX_PRODUCTS). */
  more: boolean;
  matched: number;
  wouldRender: number;
  credits: number;
  overBudget: number;
  skipped: Array<{ productId: string; title: string; reason: SkipReason | "needs_choice" | "over_budget" }>;
}

/**
 * "What this rule would have done over the last 30 days": the products created since, matched and planned exactly as
 * the worker's gather step would (ruleMatches, planRun, the budget), from the catalog as it is now. Writes nothing and
 * spends nothing.
 */
export async function previewRule(
  db: Pick<PrismaClient, "render">,
  input: {
    shop: string;
    match: RuleMatch;
    options: RenderOptions;
    candidates: number;
    monthlyBudgetCredits: number | null;
    shopBudgetCredits: number | null;
    now: Date;
  },
  deps: {
    recentProducts(since: Date, limit: number): Promise<{ products: ProductSnapshot[]; more: boolean }>;
    membership: CollectionMembership;
    catalog: () => Promise<CatalogResult>;
  },
): Promise<RulePreview> {
  const since = new Date(input.now.getTime() - PREVIEW_DAYS * 24 * 3600_000);
  const recent = await deps.recentProducts(since, PREVIEW_MAX_PRODUCTS);
  const { collectionId } = input.match;
  const members =
    collectionId === null
      ? null
      : await deps.membership(
          collectionId,
          recent.products.filter((product) => ruleMatches(input.match, product, true).matches).map((p) => p.id),
        );
  const matching = recent.products.filter(
    (product) => ruleMatches(input.match, product, members === null ? null : members.has(product.id)).matches,
  );
  const plan = await planRun(db, matching.map(productForRenderOfSnapshot), {
    shop: input.shop,
    options: input.options,
    regenerate: false,
    candidates: input.candidates,
    posesFor: posesFromCatalog(await deps.catalog(), input.options.poseId),
  });
  const perProduct = plan.creditsPerRender * plan.candidatesPerProduct;
  const fits = productsWithinBudget(
    { rule: input.monthlyBudgetCredits, shop: input.shopBudgetCredits },
    perProduct,
    plan.eligible.length,
  );
  return {
    considered: recent.products.length,
    more: recent.more,
    matched: matching.length,
    wouldRender: fits,
    credits: fits * perProduct,
    overBudget: plan.eligible.length - fits,
    skipped: [
      ...plan.skipped.map((skip) => ({ productId: skip.productId, title: skip.title, reason: skip.reason })),
      ...plan.needsChoice.map((item) => ({
        productId: item.productId,
        title: item.title,
        reason: "needs_choice" as const,
      })),
      ...plan.eligible.slice(fits).map(({ product }) => ({
        productId: product.id,
        title: product.title,
        reason: "over_budget" as const,
      })),
    ],
  };
}
