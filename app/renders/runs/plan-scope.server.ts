import type { ProductSource, ProductForRender } from "~/catalog/catalog-port";
import { collectionListing, type ListingPhase } from "./collection-listings.server";
import type { FieldErrors } from "~/lib/validation";
import { rendersInPlan, PROBE_PHOTOS_UP_TO, planRun, MAX_RUN_PRODUCTS, type Db, type RunPlan } from "./plan-run.server";
import { summarizePlan, type PlanSummary } from "./plan-summary";
import { limitFunction } from "p-limit";
import { posesFromCatalog } from "~/catalog/product-garment";
import type { RenderOptions } from "~/looks/render-options";
import type { CatalogResult } from "~/tryon/catalog-view";
import { MAX_PER_COLOUR_RUN_PRODUCTS, withColourVariants } from "../colour-variants/colour-variants";
import { queueRoomProblem, type QueueLimits } from "../lifecycle/queue-renders.server";
import type { RunScope } from "./run-request";
import { outboundFetch } from "~/net/outbound";
import { probeImage, MAX_INPUT_IMAGE_BYTES } from "~/tryon";
import { imageProblemWords, photoUnreachableWords } from "~/tryon/input-checks";
import { ImageProbeError } from "~/tryon/image-probe";
import { servicePhotoUrl } from "~/catalog/photo-rule";
import { messageKey } from "~/lib/staff-message";

/**
 * Planning a bulk run from what staff chose (a collection or products): the products read from Shopify (a large
 * collection from its background listing), each planned by planRun, the queue's room checked, and the preview's
 * summary. The bulk-run page and the bulk admin actions both come here.
 */

/** Collects every product of a run's scope from Shopify. */
export async function productsInScope(
  source: ProductSource,
  scope: { kind: "collection"; collectionId: string } | { kind: "products"; productIds: string[] },
): Promise<ProductForRender[]> {
  if (scope.kind === "products") {
    const products = await Promise.all(scope.productIds.map((id) => source.getProduct(id)));
    return products.filter((product): product is ProductForRender => product !== null);
  }
  const products: ProductForRender[] = [];
  for await (const product of source.collectionProducts(scope.collectionId)) products.push(product);
  return products;
}

/** A large collection being read from Shopify in the background: how far it has got. */
export interface ListingProgress {
  scopeTitle: string;
  listed: number;
  expected: number;
  /** Waiting for the shop's export slot, being exported by Shopify, being stored, or read page by page (ADR 055). */
  phase: ListingPhase;
  /** Objects Shopify's bulk export has counted so far (products and their photos). */
  exported: number;
}

export type PlanOutcome =
  | { ok: true; plan: RunPlan; summary: PlanSummary; scopeRecord: Record<string, unknown> }
  | {
      ok: false;
      fieldErrors: FieldErrors;
      formError?: string;
      listing?: ListingProgress;
      /** The plan is fine but the shop's queue has no room for it now. */
      queueFull?: true;
    };

/**
 * Reads the scope's products from Shopify and plans the run. Collections over `listInlineUpTo` (the app's
 * BULK_RUN_LIST_INLINE_UP_TO) are read by the worker instead (ADR 025): until that is done the outcome carries its
 * progress. A failure of Shopify's Admin API is thrown: the caller words it for staff.
 */
export async function planScope(
  db: Db,
  input: {
    shop: string;
    productSource: ProductSource;
    scope: RunScope;
    options: RenderOptions;
    regenerate: boolean;
    /** Renders per product, 1 (the default) to 4. */
    candidates?: number;
    /** Garments staff chose for products the app could not place, by product id (the others are left out). */
    garmentChoices?: ReadonlyMap<string, string>;
    /** One render per colour for products whose variants differ by colour (ADR 057). */
    perColour?: boolean;
    /** The shop's catalog: its poses for detected garments, its names for what the preview says is sent. */
    catalog: () => Promise<CatalogResult>;
    listInlineUpTo: number;
    /** A plan that would overfill the shop's queue is refused with a sentence (startRun checks again, locked). */
    limits: QueueLimits;
    now: Date;
  },
): Promise<PlanOutcome> {
  let scopeTitle: string;
  let products: ProductForRender[];
  if (input.scope.kind === "collection") {
    const collection = await input.productSource.collectionSummary(input.scope.collectionId);
    if (collection === null)
      return { ok: false, fieldErrors: { collectionId: messageKey("messages:plan.collectionGone") } };
    scopeTitle = collection.title;
    if (collection.productCount > MAX_RUN_PRODUCTS) return tooLarge();
    if (input.perColour && collection.productCount > MAX_PER_COLOUR_RUN_PRODUCTS) return tooLargePerColour();
    // Small collections are a few pages, read here in seconds; larger ones take minutes of Shopify's rate, so
    // the worker reads them and the run is planned from what it stored.
    if (collection.productCount > input.listInlineUpTo) {
      const listing = await collectionListing(db, {
        shop: input.shop,
        collectionId: input.scope.collectionId,
        expected: collection.productCount,
        now: input.now,
      });
      if (listing.status === "failed") return { ok: false, fieldErrors: {}, formError: listing.message };
      if (listing.status === "listing") {
        const { listed, expected, phase, exported } = listing;
        const progress = { scopeTitle, listed, expected, phase, exported };
        return { ok: false, fieldErrors: {}, formError: listingSentence(progress), listing: progress };
      }
      products = listing.products;
    } else {
      products = await productsInScope(input.productSource, input.scope);
    }
  } else {
    scopeTitle = `${input.scope.productIds.length} selected ${input.scope.productIds.length === 1 ? "product" : "products"}`;
    products = await productsInScope(input.productSource, input.scope);
  }
  if (products.length > MAX_RUN_PRODUCTS) return tooLarge();
  if (input.perColour) {
    if (products.length > MAX_PER_COLOUR_RUN_PRODUCTS) return tooLargePerColour();
    products = await withColourVariants(input.productSource, products);
  }
  const catalog = await input.catalog();
  const plan = await planRun(db, products, {
    shop: input.shop,
    options: input.options,
    regenerate: input.regenerate,
    candidates: input.candidates ?? 1,
    posesFor: posesFromCatalog(catalog, input.options.poseId),
    ...(input.garmentChoices ? { garmentChoices: input.garmentChoices } : {}),
    ...(input.perColour ? { perColour: true } : {}),
    // A collection's photos are not fetched all at once.
    ...(products.length <= PROBE_PHOTOS_UP_TO
      ? { checkImage: limitFunction((url: string) => checkPhoto(url, input.options.resolution), { concurrency: 6 }) }
      : {}),
  });
  // Products the selection named that Shopify no longer has are listed too, not silently dropped.
  if (input.scope.kind === "products") {
    const found = new Set(products.map((product) => product.id));
    for (const id of input.scope.productIds) {
      if (!found.has(id)) plan.skipped.push({ productId: id, title: "Deleted product", reason: "product_not_found" });
    }
  }
  const queueFull = await queueRoomProblem(db, input.shop, rendersInPlan(plan), input.limits);
  if (queueFull) return { ok: false, fieldErrors: {}, formError: queueFull, queueFull: true };
  const scopeRecord = {
    ...(input.scope.kind === "collection"
      ? { kind: "collection", collectionId: input.scope.collectionId, title: scopeTitle }
      : { kind: "products", productIds: input.scope.productIds, title: scopeTitle }),
    ...(input.perColour ? { perColour: true } : {}),
  };
  return { ok: true, plan, summary: summarizePlan(plan, scopeTitle, products.length, catalog), scopeRecord };
}

/** Probes a photo's format and size like the worker will, so a doomed product is skipped in the preview. */
/**
 * A photo checked before a run spends anything: the rendition the service would receive at this resolution
 * (catalog/photo-rule.ts), in the worker's words when it would refuse it.
 */
export async function checkPhoto(url: string, resolution: string): Promise<string | null> {
  try {
    const probe = await probeImage(servicePhotoUrl(url, resolution), {
      fetch: outboundFetch,
      timeoutMs: 5000,
      maxBytes: MAX_INPUT_IMAGE_BYTES,
    });
    return imageProblemWords(probe.format, probe.sizeBytes) ?? null;
  } catch (error) {
    if (error instanceof ImageProbeError) return photoUnreachableWords(error);
    throw error;
  }
}

export const listingSentence = (progress: ListingProgress) =>
  messageKey("messages:plan.listing", {
    title: progress.scopeTitle,
    expected: progress.expected,
    listed: progress.listed,
  });
export const tooLarge = (): PlanOutcome => ({
  ok: false,
  fieldErrors: {},
  formError: messageKey("messages:plan.tooLarge", { max: MAX_RUN_PRODUCTS }),
});

export const tooLargePerColour = (): PlanOutcome => ({
  ok: false,
  fieldErrors: { perColour: messageKey("messages:plan.perColourField") },
  formError: messageKey("messages:plan.perColourTooLarge", { max: MAX_PER_COLOUR_RUN_PRODUCTS }),
});
