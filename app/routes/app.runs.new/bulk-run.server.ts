import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "../../env.server";
import { findLook, listLooks, type LookView } from "../../looks/looks.server";
import { collectionListing } from "../../renders/collection-listings.server";
import { planRun, productsInScope, SKIP_REASON_TEXT, startRun, type RunPlan, type SkipReason } from "../../renders/create-renders.server";
import type { ProductForRender } from "../../renders/product-source";
import type { RenderOptions } from "../../renders/render-options";
import { settingsViewOf } from "../../settings/settings.server";
import { MAX_INPUT_IMAGE_BYTES, probeImage } from "../../tryon";
import { ACCEPTED_IMAGE_FORMATS } from "../../tryon/image-probe";
import { describeShopifyFailure, type AdminRequest } from "../../web/admin-request.server";
import { checkbox, failure, formDataToObject, optionalText, parseForm, requestKeySchema, type FieldErrors, type FormFailure } from "../../web/forms";
import { toGid } from "../../web/format";
import { formValuesOf, renderOptionsFormSchema, type RenderOptionsFormValues } from "../../renders/render-options-form";
import { withCatalogDefaults } from "../../components/render-options-state";
import { loadShopCatalog, tryOnClientFor } from "../../settings/tryon-client.server";
import { catalogProblems, loadCatalog, type CatalogResult } from "../../tryon/catalog-view";

/**
 * Bulk runs: a collection or a set of products rendered with one look. Preview first (who is eligible, who is
 * skipped and why, what it will cost), then start; the run is planned again on start because the preview the
 * browser holds may be stale and is never trusted.
 */

type Db = PrismaClient;

/** Beyond this a run is refused with advice to split it: planning reads every product from Shopify first. */
export const MAX_RUN_PRODUCTS = 5_000;
/** Products picked one by one (the resource picker's limit is far lower in practice). */
export const MAX_PICKED_PRODUCTS = 250;
/** Photos are probed (format and size) only for runs this small; the worker checks every photo before paying anyway. */
export const PROBE_PHOTOS_UP_TO = 50;
const SKIPPED_SHOWN = 200;

const productGid = z.string().transform((value, ctx) => {
  const gid = toGid("Product", value);
  if (!gid) ctx.addIssue({ code: "custom", message: "One of the products is not a valid product id." });
  return gid ?? "";
});
const collectionGid = z.string({ error: "Choose a collection." }).transform((value, ctx) => {
  const gid = toGid("Collection", value);
  if (!gid) ctx.addIssue({ code: "custom", message: "Choose a collection." });
  return gid ?? "";
});

/** What a run covers, as both the app's form and the extensions' JSON send it. */
export const runScopeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("collection"), collectionId: collectionGid }),
    z.object({
      kind: z.literal("products"),
      productIds: z
        .array(productGid)
        .min(1, "Choose at least one product.")
        .max(MAX_PICKED_PRODUCTS, `Choose at most ${MAX_PICKED_PRODUCTS} products, or use a collection.`)
        .transform((ids) => [...new Set(ids)]),
    }),
  ],
  { error: "Choose a collection or some products." },
);
export type RunScope = z.infer<typeof runScopeSchema>;

export const budgetSchema = optionalText(
  z.coerce
    .number({ error: "Enter the budget as a number of credits." })
    .int("Enter a whole number of credits.")
    .min(1, "A budget must be at least 1 credit.")
    .max(10_000_000, "That budget is larger than any run needs."),
);

export interface PlanSummary {
  scopeTitle: string;
  productCount: number;
  eligibleCount: number;
  skippedCount: number;
  skipped: Array<{ productId: string; title: string; reason: SkipReason; reasonText: string }>;
  /** Eligible products by the garment type they will be rendered as, most first. */
  garments: Array<{ productType: string; count: number }>;
  creditsPerRender: number;
  estimateCredits: number;
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

export function summarizePlan(plan: RunPlan, scopeTitle: string, productCount: number): PlanSummary {
  return {
    scopeTitle,
    productCount,
    eligibleCount: plan.eligible.length,
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
    creditsPerRender: plan.creditsPerRender,
    estimateCredits: plan.estimateCredits,
  };
}

/** Probes a photo's format and size like the worker will, so a doomed product is skipped in the preview. */
async function checkPhoto(url: string): Promise<string | null> {
  try {
    const probe = await probeImage(url, { fetch, timeoutMs: 5_000, maxBytes: MAX_INPUT_IMAGE_BYTES });
    if (!ACCEPTED_IMAGE_FORMATS.includes(probe.format)) return `${probe.format.toUpperCase()} photo`;
    if (probe.sizeBytes > MAX_INPUT_IMAGE_BYTES) return "photo over 10 MB";
    return null;
  } catch {
    return "the photo could not be downloaded";
  }
}

/** Limits concurrent probes: a collection's photos should not be fetched all at once. */
function limited<A extends unknown[], R>(concurrency: number, work: (...args: A) => Promise<R>) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (...args: A): Promise<R> => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work(...args);
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/** A large collection being read from Shopify in the background: how far it has got. */
export interface ListingProgress {
  scopeTitle: string;
  listed: number;
  expected: number;
}

export type PlanOutcome =
  | { ok: true; plan: RunPlan; summary: PlanSummary; scopeRecord: Record<string, unknown> }
  | { ok: false; fieldErrors: FieldErrors; formError?: string; listing?: ListingProgress };

const listingSentence = (progress: ListingProgress) =>
  `"${progress.scopeTitle}" has ${progress.expected.toLocaleString("en-US")} products. Model Shots is reading them from Shopify in the background (${progress.listed.toLocaleString("en-US")} so far); preview again in a minute.`;

/**
 * The poses each garment type may use, from the shop's catalog. When the catalog cannot be read, the chosen pose
 * is kept: the worker checks every id against the catalog before any credit is spent.
 */
function posesFrom(catalog: CatalogResult, chosenPoseId: string): (productType: string) => string[] {
  if (!catalog.ok) return () => [chosenPoseId];
  return (productType) => (catalog.catalog.posesByProductType[productType] ?? []).map((pose) => pose.id);
}

const tooLarge = (): PlanOutcome => ({
  ok: false,
  fieldErrors: {},
  formError: `This collection has more than ${MAX_RUN_PRODUCTS.toLocaleString("en-US")} products. Split it into smaller collections and run each.`,
});

/**
 * Reads the scope's products from Shopify and plans the run. Collections over BULK_RUN_LIST_INLINE_UP_TO are read
 * by the worker instead (ADR 025): until that is done the outcome carries its progress.
 */
export async function planScope(
  db: Db,
  admin: AdminRequest,
  input: {
    scope: RunScope;
    options: RenderOptions;
    regenerate: boolean;
    detectGarments: boolean;
    /** The shop's catalog when the caller has already read it (garment detection needs its poses). */
    catalog?: CatalogResult;
  },
): Promise<PlanOutcome> {
  try {
    let scopeTitle: string;
    let products: ProductForRender[];
    if (input.scope.kind === "collection") {
      const collection = await admin.productSource.collectionSummary(input.scope.collectionId);
      if (collection === null) return { ok: false, fieldErrors: { collectionId: "This collection no longer exists." } };
      scopeTitle = collection.title;
      if (collection.productCount > MAX_RUN_PRODUCTS) return tooLarge();
      // Small collections are a few pages, read here in seconds; larger ones take minutes of Shopify's rate, so
      // the worker reads them and the run is planned from what it stored.
      if (collection.productCount > env().BULK_RUN_LIST_INLINE_UP_TO) {
        const listing = await collectionListing(db, {
          shop: admin.shop,
          collectionId: input.scope.collectionId,
          expected: collection.productCount,
          now: new Date(),
        });
        if (listing.status === "failed") return { ok: false, fieldErrors: {}, formError: listing.message };
        if (listing.status === "listing") {
          const progress = { scopeTitle, listed: listing.listed, expected: listing.expected };
          return { ok: false, fieldErrors: {}, formError: listingSentence(progress), listing: progress };
        }
        products = listing.products;
      } else {
        products = await productsInScope(admin.productSource, input.scope);
      }
    } else {
      scopeTitle = `${input.scope.productIds.length} selected ${input.scope.productIds.length === 1 ? "product" : "products"}`;
      products = await productsInScope(admin.productSource, input.scope);
    }
    if (products.length > MAX_RUN_PRODUCTS) return tooLarge();
    const plan = await planRun(db, products, {
      shop: admin.shop,
      options: input.options,
      regenerate: input.regenerate,
      ...(input.detectGarments
        ? { detectGarments: { posesFor: posesFrom(input.catalog ?? (await loadShopCatalog(db, admin.shop)), input.options.poseId) } }
        : {}),
      ...(products.length <= PROBE_PHOTOS_UP_TO ? { checkImage: limited(6, checkPhoto) } : {}),
    });
    // Products the selection named that Shopify no longer has are listed too, not silently dropped.
    if (input.scope.kind === "products") {
      const found = new Set(products.map((product) => product.id));
      for (const id of input.scope.productIds) {
        if (!found.has(id)) plan.skipped.push({ productId: id, title: "Deleted product", reason: "product_not_found" });
      }
    }
    const scopeRecord =
      input.scope.kind === "collection"
        ? { kind: "collection", collectionId: input.scope.collectionId, title: scopeTitle }
        : { kind: "products", productIds: input.scope.productIds, title: scopeTitle };
    return { ok: true, plan, summary: summarizePlan(plan, scopeTitle, products.length), scopeRecord };
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return { ok: false, fieldErrors: {}, formError: message };
    throw error;
  }
}

export interface BulkRunPageView {
  initialScope:
    | { kind: "collection"; collectionId: string; title: string | null }
    | { kind: "products"; productIds: string[] }
    | null;
  initialOptions: RenderOptionsFormValues;
  looks: LookView[];
  catalog: CatalogResult;
  paused: { reason: string; message: string } | null;
}

/** The page, optionally pre-filled from a link (`?collectionId=` or `?productIds=1,2,3`, e.g. from an admin action). */
export async function loadBulkRunPage(db: Db, admin: AdminRequest, url: URL): Promise<BulkRunPageView> {
  const settingsRow = await db.shopSettings.findUnique({ where: { shop: admin.shop } });
  const settings = settingsViewOf(settingsRow, env().TRYON_DEFAULT_BASE_URL);
  const collectionId = toGid("Collection", url.searchParams.get("collectionId") ?? "");
  const productIds = (url.searchParams.get("productIds") ?? "")
    .split(",")
    .map((id) => toGid("Product", id))
    .filter((id): id is string => id !== null)
    .slice(0, MAX_PICKED_PRODUCTS);
  const [looks, catalog, collectionTitle] = await Promise.all([
    listLooks(db, admin.shop),
    loadCatalog(tryOnClientFor(settingsRow)),
    collectionId ? admin.productSource.collectionTitle(collectionId).catch(() => null) : Promise.resolve(null),
  ]);
  const initialOptions = withCatalogDefaults(formValuesOf(settings.defaults), catalog);
  return {
    initialScope: collectionId
      ? { kind: "collection", collectionId, title: collectionTitle }
      : productIds.length > 0
        ? { kind: "products", productIds }
        : null,
    initialOptions,
    looks,
    catalog,
    paused: settings.paused ? { reason: settings.paused.reason, message: settings.paused.message } : null,
  };
}

const runFormSchema = z.object({
  regenerate: checkbox,
  detectGarments: checkbox,
  budgetCredits: budgetSchema,
});
const startFormSchema = runFormSchema.extend({ requestKey: requestKeySchema });

/** The scope from the form's fields: `scopeKind` with `collectionId`, or `productIds` repeated. */
function scopeFromForm(formData: FormData) {
  const raw = formDataToObject(formData, ["productIds"]);
  const scope =
    raw.scopeKind === "collection"
      ? { kind: "collection", collectionId: raw.collectionId ?? "" }
      : raw.scopeKind === "products"
        ? { kind: "products", productIds: raw.productIds }
        : {};
  const parsed = runScopeSchema.safeParse(scope);
  if (parsed.success) return { ok: true as const, scope: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false as const, fieldErrors: { scope: issue?.message ?? "Choose a collection or some products." } };
}

export type BulkRunActionResult =
  | { ok: true; intent: "preview"; summary: PlanSummary; budgetCredits: number | null }
  | { ok: true; intent: "listing"; listing: ListingProgress }
  | { ok: true; intent: "start"; runId: string; created: boolean }
  | (FormFailure & { intent: string });

export async function bulkRunAction(db: Db, admin: AdminRequest, formData: FormData): Promise<BulkRunActionResult> {
  const intent = String(formData.get("intent") ?? "preview");
  const fail = (fieldErrors: FieldErrors, formError?: string) => ({ ...failure(fieldErrors, formError), intent });
  if (intent !== "preview" && intent !== "start") return fail({}, "That action is not available.");

  const scope = scopeFromForm(formData);
  const fields = parseForm(intent === "start" ? startFormSchema : runFormSchema, formData);
  const options = parseForm(renderOptionsFormSchema, formData);
  if (!scope.ok || !fields.ok || !options.ok) {
    return fail({
      ...(scope.ok ? {} : scope.fieldErrors),
      ...(fields.ok ? {} : fields.fieldErrors),
      ...(options.ok ? {} : options.fieldErrors),
    });
  }
  const requestKey = "requestKey" in fields.data ? (fields.data.requestKey as string) : undefined;
  if (intent === "start" && requestKey) {
    // Idempotent before any Shopify read: a retried start answers with the run the first one created.
    const existing = await db.run.findUnique({ where: { shop_requestKey: { shop: admin.shop, requestKey } } });
    if (existing) return { ok: true, intent: "start", runId: existing.id, created: false };
  }

  const settingsRow = await db.shopSettings.findUnique({ where: { shop: admin.shop } });
  const catalog = await loadCatalog(tryOnClientFor(settingsRow));
  const problems = catalogProblems(catalog, options.data);
  if (Object.keys(problems).length > 0) return fail(problems);

  const outcome = await planScope(db, admin, {
    scope: scope.scope,
    options: options.data,
    regenerate: fields.data.regenerate,
    detectGarments: fields.data.detectGarments,
    catalog,
  });
  if (!outcome.ok && outcome.listing && intent === "preview") return { ok: true, intent: "listing", listing: outcome.listing };
  if (!outcome.ok) return fail(outcome.fieldErrors, outcome.formError);
  const budget = fields.data.budgetCredits ?? null;
  if (budget !== null && budget < outcome.plan.creditsPerRender) {
    return fail({ budgetCredits: `One render costs ${outcome.plan.creditsPerRender} credits; the budget must be at least that.` });
  }
  if (intent === "preview") return { ok: true, intent, summary: outcome.summary, budgetCredits: budget };
  if (outcome.plan.eligible.length === 0) {
    return fail({}, "No product in this selection can be rendered; see the reasons in the preview.");
  }
  const { run, created } = await startRun(db, {
    shop: admin.shop,
    plan: outcome.plan,
    options: options.data,
    scope: outcome.scopeRecord,
    budgetCredits: budget,
    ...(requestKey ? { requestKey } : {}),
    createdBy: admin.staff,
  });
  return { ok: true, intent: "start", runId: run.id, created };
}

/** The look an extension asked for, or the shop's defaults. */
export async function optionsForExtension(db: Db, shop: string, lookId: string | undefined): Promise<RenderOptions | null> {
  if (lookId) return (await findLook(db, shop, lookId))?.options ?? null;
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return settingsViewOf(settings, env().TRYON_DEFAULT_BASE_URL).defaults;
}
