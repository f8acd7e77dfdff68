import { type PrismaClient } from "@prisma/client";
import { limitFunction } from "p-limit";
import { outboundFetch } from "~/net/outbound";
import { MAX_INPUT_IMAGE_BYTES, probeImage } from "~/tryon";
import type { CatalogResult } from "~/tryon/catalog-view";
import { creditsForJob, estimateCredits } from "~/tryon/cost";
import { ACCEPTED_IMAGE_FORMATS } from "~/tryon/image-probe";
import { collectionListing, type ListingPhase } from "./collection-listings.server";
import {
  approvedColourKey,
  MAX_PER_COLOUR_RUN_PRODUCTS,
  planProductColours,
  withColourVariants,
} from "../colour-variants/colour-variants";
import { type VariantColour } from "../lifecycle/variant-colour";
import { lookKeyOf, queueRoomProblem } from "../lifecycle/queue-renders.server";
import { guessGarment } from "~/catalog/garment-guess";
import { optionsForProduct, posesFromCatalog, type PosesFor } from "~/catalog/product-garment";
import type { ProductForRender, ProductSource } from "~/catalog/catalog-port";
import type { RenderOptions, SourceImages } from "~/looks/render-options";
import type { FieldErrors } from "~/lib/validation";
import type { RunScope } from "./run-request";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";
import { whatIsSent, type WhatIsSent } from "~/looks/what-is-sent";

/**
 * Planning a bulk run, before anything is spent: which products it renders, with which options, which it skips
 * and why, and what it will cost. Nothing here writes a render: queue-renders.server.ts starts the run from the
 * plan. The plan is made again on start, because the preview a browser holds may be stale and is never trusted.
 */

type Db = Pick<
  PrismaClient,
  "render" | "collectionListing" | "collectionListingProduct" | "$transaction" | "$queryRaw"
>;

/**
 * Beyond this a run is refused with advice to split it: planning reads every product from Shopify first (in one
 * bulk export, ADR 055), and it is MAX_QUEUED_PER_SHOP's default, the most renders a shop may have waiting.
 */
export const MAX_RUN_PRODUCTS = 50_000;
/** Photos are probed (format and size) only for runs this small; the worker checks every photo before paying anyway. */
export const PROBE_PHOTOS_UP_TO = 50;
const SKIPPED_SHOWN = 200;

export type SkipReason = "no_image" | "image_unusable" | "already_approved" | "product_not_found" | "no_pose";

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  no_image: "The product has no photo to dress the model in.",
  image_unusable: "The product's photo cannot be used (not a JPEG, PNG or WebP, or over 10 MB).",
  already_approved: 'The product already has an approved render with this look. Choose "Regenerate" to make another.',
  product_not_found: "The product no longer exists.",
  no_pose: "The try-on service has no pose for this kind of garment.",
};

export interface PlannedRender {
  product: ProductForRender;
  images: SourceImages;
  /** The run's options, with this product's garment type (and a pose that suits it) when garments are detected. */
  options: RenderOptions;
  /** Set when the run renders one shot per colour: this render's colour and the variants it goes on. */
  variantColour?: VariantColour | null;
}

export interface RunPlan {
  eligible: PlannedRender[];
  skipped: Array<{ productId: string; title: string; reason: SkipReason; detail?: string }>;
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
  /**
   * Render each product as the garment its Shopify product type or title says (the options' type when it says
   * nothing), keeping the chosen pose where it suits that garment and otherwise taking the first that does.
   */
  detectGarments?: { posesFor: PosesFor };
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
export async function planRun(db: Db, products: ProductForRender[], plan: PlanOptions): Promise<RunPlan> {
  const perProduct = new Map(
    products.map((product) => [
      product.id,
      plan.detectGarments ? optionsForProduct(plan.options, product, plan.detectGarments.posesFor) : plan.options,
    ]),
  );
  const lookKeys = new Map(
    [...perProduct].flatMap(([id, options]) => (options ? [[id, lookKeyOf(options)] as const] : [])),
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
    candidatesPerProduct: plan.candidates ?? 1,
    creditsPerRender: creditsForJob(plan.options.resolution),
    estimateCredits: 0,
    ...(plan.perColour ? { colourNotes: [] } : {}),
  };
  for (const product of products) {
    const skip = (reason: SkipReason, detail?: string) =>
      result.skipped.push({ productId: product.id, title: product.title, reason, ...(detail ? { detail } : {}) });
    const options = perProduct.get(product.id);
    if (!options) {
      skip("no_pose", guessGarment(product)?.productType);
      continue;
    }
    if (plan.perColour) {
      const colours = await planProductColours(product, approvedColours.get(product.id) ?? new Set(), plan.checkImage);
      if (colours.note) result.colourNotes?.push({ productId: product.id, title: product.title, text: colours.note });
      if (colours.perColour) {
        result.eligible.push(...colours.eligible.map((render) => ({ product, options, ...render })));
        result.skipped.push(...colours.skipped.map((skipped) => ({ productId: product.id, ...skipped })));
        continue;
      }
    }
    if (approved.has(product.id)) {
      skip("already_approved");
      continue;
    }
    const images = imagesFor(product);
    if (!images) {
      skip("no_image");
      continue;
    }
    const problem = plan.checkImage ? await plan.checkImage(images.front[0] as string) : null;
    if (problem) {
      skip("image_unusable", problem);
      continue;
    }
    result.eligible.push({ product, images, options });
  }
  result.estimateCredits =
    estimateCredits(result.eligible.map((render) => render.options)) * result.candidatesPerProduct;
  return result;
}

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

export interface PlanSummary {
  scopeTitle: string;
  productCount: number;
  eligibleCount: number;
  candidatesPerProduct: number;
  /** Renders the run makes: candidates × eligible products. */
  renderCount: number;
  skippedCount: number;
  skipped: Array<{ productId: string; title: string; reason: SkipReason; reasonText: string }>;
  /** Eligible products by the garment type they will be rendered as, most first. */
  garments: Array<{ productType: string; count: number }>;
  /** What the run sends to the try-on service, by name, for each different set of options; most products first. */
  sends: Array<WhatIsSent & { count: number }>;
  creditsPerRender: number;
  estimateCredits: number;
  /** One per colour: renders by colour, and what happens to each product with colours (first 200), in words. */
  colours?: { renders: number; products: number; notes: Array<{ productId: string; title: string; text: string }> };
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The eligible renders grouped by what they send (garment, model, pose, background, cost), named from the catalog. */
function sendsOf(plan: RunPlan, catalog: CatalogResult): PlanSummary["sends"] {
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
      reasonText: skip.detail ? `${SKIP_REASON_TEXT[skip.reason]} (${skip.detail})` : SKIP_REASON_TEXT[skip.reason],
    })),
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

/** Probes a photo's format and size like the worker will, so a doomed product is skipped in the preview. */
async function checkPhoto(url: string): Promise<string | null> {
  try {
    const probe = await probeImage(url, { fetch: outboundFetch, timeoutMs: 5_000, maxBytes: MAX_INPUT_IMAGE_BYTES });
    if (!ACCEPTED_IMAGE_FORMATS.includes(probe.format)) return `${probe.format.toUpperCase()} photo`;
    if (probe.sizeBytes > MAX_INPUT_IMAGE_BYTES) return "photo over 10 MB";
    return null;
  } catch {
    return "the photo could not be downloaded";
  }
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
  | { ok: false; fieldErrors: FieldErrors; formError?: string; listing?: ListingProgress };

const listingSentence = (progress: ListingProgress) =>
  `"${progress.scopeTitle}" has ${progress.expected.toLocaleString("en-US")} products. Model Shots is reading them from Shopify in the background (${progress.listed.toLocaleString("en-US")} so far); preview again in a minute.`;

const tooLarge = (): PlanOutcome => ({
  ok: false,
  fieldErrors: {},
  formError: `This collection has more than ${MAX_RUN_PRODUCTS.toLocaleString("en-US")} products. Split it into smaller collections and run each.`,
});

const tooLargePerColour = (): PlanOutcome => ({
  ok: false,
  fieldErrors: { perColour: "Too many products for one shot per colour." },
  formError: `One shot per colour reads every product's variants from Shopify, so it takes at most ${MAX_PER_COLOUR_RUN_PRODUCTS} products. Split the collection, or render each product once.`,
});

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
    detectGarments: boolean;
    /** One render per colour for products whose variants differ by colour (ADR 057). */
    perColour?: boolean;
    /** The shop's catalog: its poses for detected garments, its names for what the preview says is sent. */
    catalog: () => Promise<CatalogResult>;
    listInlineUpTo: number;
    /** The app's MAX_QUEUED_PER_SHOP: a plan that would overfill the shop's queue is refused with a sentence. */
    maxQueuedPerShop?: number;
    now: Date;
  },
): Promise<PlanOutcome> {
  let scopeTitle: string;
  let products: ProductForRender[];
  if (input.scope.kind === "collection") {
    const collection = await input.productSource.collectionSummary(input.scope.collectionId);
    if (collection === null) return { ok: false, fieldErrors: { collectionId: "This collection no longer exists." } };
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
    ...(input.detectGarments ? { detectGarments: { posesFor: posesFromCatalog(catalog, input.options.poseId) } } : {}),
    ...(input.perColour ? { perColour: true } : {}),
    // A collection's photos are not fetched all at once.
    ...(products.length <= PROBE_PHOTOS_UP_TO ? { checkImage: limitFunction(checkPhoto, { concurrency: 6 }) } : {}),
  });
  // Products the selection named that Shopify no longer has are listed too, not silently dropped.
  if (input.scope.kind === "products") {
    const found = new Set(products.map((product) => product.id));
    for (const id of input.scope.productIds) {
      if (!found.has(id)) plan.skipped.push({ productId: id, title: "Deleted product", reason: "product_not_found" });
    }
  }
  const queueFull = await queueRoomProblem(db, input.shop, rendersInPlan(plan), input.maxQueuedPerShop);
  if (queueFull) return { ok: false, fieldErrors: {}, formError: queueFull };
  const scopeRecord = {
    ...(input.scope.kind === "collection"
      ? { kind: "collection", collectionId: input.scope.collectionId, title: scopeTitle }
      : { kind: "products", productIds: input.scope.productIds, title: scopeTitle }),
    ...(input.perColour ? { perColour: true } : {}),
  };
  return { ok: true, plan, summary: summarizePlan(plan, scopeTitle, products.length, catalog), scopeRecord };
}
