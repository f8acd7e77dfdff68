import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "~/env.server";
import { findLook, listLooks } from "~/looks/looks.server";
import { planScope, type PlanOutcome } from "~/renders/runs/plan-scope.server";
import type { RenderOptions } from "~/looks/render-options";
import { optionsForProduct, posesFromCatalog, type GarmentPlan } from "~/catalog/product-garment";
import { describeDecision, garmentTypeName, rendersAsSentence } from "~/catalog/decision-words";
import { messageKey } from "~/lib/staff-message";
import { DEFAULT_TRYON_ENUMS } from "~/tryon";
import type { ProductForRender } from "~/catalog/catalog-port";
import { whatIsSent, whatIsSentLine } from "~/looks/what-is-sent";
// The answers' shapes are the ones the extensions read: defined once, in the package they share.
import type { LookChoice } from "@model-shots/extension-shared/api";
import type { CatalogResult } from "~/tryon/catalog-view";
import { garmentChoicesSchema, runScopeSchema, type RunScope } from "~/renders/runs/run-request";
import { candidatesSchema } from "~/renders/review/candidates";
import { settingsViewOf } from "~/settings/settings.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import { appQueueLimits } from "~/renders/lifecycle/queue-renders.server";
import { describeShopifyFailure, type AdminRequest } from "./admin-request.server";
import { refusal } from "./api-response.server";
import { toGid } from "~/lib/gid";

/**
 * What the four api.* routes behind the admin extensions (product action, product selection action, collection
 * action) share: the look choices, the setup problems, the id parsing and planning a run. Each route's handler is
 * beside its route in app/routes/api.(name). Each answer is `{ ok: true, ... }` or `{ ok: false, error, fieldErrors }` with
 * a 4xx status; the routes add CORS headers because the extensions run on Shopify's origin.
 */

type Db = PrismaClient;

export const productIdSchema = z
  .string({ error: messageKey("messages:api.productMissing") })
  .transform((value, ctx) => {
    const gid = toGid("Product", value);
    if (!gid) ctx.addIssue({ code: "custom", message: messageKey("messages:api.productInvalid") });
    return gid ?? "";
  });
export const lookIdSchema = z.string().min(1).max(64).optional();
/** One shot per colour (ADR 057): JSON true or false only, off when left out (older extension bundles send none). */
export const perColourSchema = z.boolean({ error: messageKey("messages:api.perColourInvalid") }).default(false);

export const reviewPathFor = (productId: string) => `/app/review?productId=${encodeURIComponent(productId)}`;
export const runPathFor = (runId: string) => `/app/runs/${encodeURIComponent(runId)}`;

/** A garment staff chose for one product ("render it anyway as"): one of the service's garment types. */
export const garmentChoiceSchema = z
  .string()
  .max(64)
  .regex(/^[a-z_]+$/, messageKey("messages:api.chooseGarment"))
  .nullish();

/**
 * The options one product is rendered with from a look: the same decision as bulk runs (product-garment.ts), the
 * catalog's poses deciding when the look's pose does not suit the product's garment; `staffChoice` is the garment
 * staff chose for this product.
 */
export function optionsForProductFromLook(
  options: RenderOptions,
  product: ProductForRender,
  catalog: CatalogResult,
  staffChoice?: string | null,
) {
  return optionsForProduct(options, product, posesFromCatalog(catalog, options.poseId), staffChoice);
}

/** Why a look renders nothing of this product: not clothing, no garment chosen yet, or no pose for its garment. */
export function notRenderedWords(plan: GarmentPlan, product: ProductForRender): string {
  if (plan.kind === "not_clothing" || plan.kind === "needs_choice") return describeDecision(plan.decision);
  return messageKey("messages:decision.noPose", { kind: product.productType || product.title });
}

/** The garment decision as the product action shows it, with the garments staff may choose instead. */
export function garmentInWords(plan: GarmentPlan) {
  const decision = plan.kind === "render" && plan.chosenByStaff ? null : plan.decision;
  return {
    kind: plan.kind === "render" ? ("garment" as const) : plan.kind,
    sentence: decision
      ? describeDecision(decision)
      : rendersAsSentence(plan.kind === "render" ? plan.choice.productType : "", "staff", null),
    choices: DEFAULT_TRYON_ENUMS.productTypes.map((value) => ({
      value,
      label: garmentTypeName(value),
    })),
  };
}

export async function lookChoices(
  db: Db,
  shop: string,
  product?: ProductForRender,
  staffChoice?: string | null,
): Promise<{ choices: LookChoice[]; hasKey: boolean; paused: string | null }> {
  const [settingsRow, looks, catalog] = await Promise.all([
    db.shopSettings.findUnique({ where: { shop } }),
    listLooks(db, shop),
    loadShopCatalog(db, shop),
  ]);
  const settings = settingsViewOf(settingsRow, env().TRYON_DEFAULT_BASE_URL);
  const named = [
    ...(settings.defaults
      ? [{ id: null, name: messageKey("messages:look.defaultName"), options: settings.defaults }]
      : []),
    ...looks.map((look) => ({ id: look.id, name: look.name, options: look.options })),
  ];
  const choices = named.map(({ id, name, options }): LookChoice => {
    if (!product) {
      const sent = whatIsSent(options, catalog);
      // No product yet (the bulk actions): the look as it is, each product's garment decided when planning.
      return { id, name, summary: whatIsSentLine(sent), credits: sent.credits, sends: sent, problem: null };
    }
    const resolved = optionsForProductFromLook(options, product, catalog, staffChoice);
    const sent = resolved.options ? whatIsSent(resolved.options, catalog) : null;
    const problem = sent ? null : notRenderedWords(resolved.plan, product);
    return {
      id,
      name,
      summary: sent ? whatIsSentLine(sent) : (problem ?? ""),
      credits: sent?.credits ?? whatIsSent(options, catalog).credits,
      sends: sent,
      problem,
    };
  });
  // A message key, worded in the dialog's language like the rest of the answer.
  return { choices, hasKey: settings.hasKey, paused: settings.paused?.message ?? null };
}

/** The look an extension asked for, or the shop's defaults. */
export async function optionsForExtension(
  db: Db,
  shop: string,
  lookId: string | undefined,
): Promise<RenderOptions | null> {
  if (lookId) return (await findLook(db, shop, lookId))?.options ?? null;
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return settingsViewOf(settings, env().TRYON_DEFAULT_BASE_URL).defaults;
}

/**
 * The refusal when optionsForExtension found nothing: the look asked for is not one of this shop's (deleted, or never
 * its own), or the shop has no defaults.
 */
export const noOptionsRefusal = (lookId: string | undefined) =>
  lookId
    ? refusal(400, messageKey("messages:look.gone"), { lookId: messageKey("messages:look.gone") })
    : refusal(400, messageKey("messages:look.noDefaults"));

export const setupProblem = (hasKey: boolean, choices: LookChoice[]) =>
  !hasKey ? messageKey("messages:look.noKey") : choices.length === 0 ? messageKey("messages:look.noDefaults") : null;

export const runPreviewSchema = z.object({
  scope: runScopeSchema,
  /** Garments staff chose for products the app cannot place, by product id; the others are left out. */
  garmentChoices: garmentChoicesSchema.default({}),
  lookId: lookIdSchema,
  regenerate: z.boolean().default(false),
  candidates: candidatesSchema,
  perColour: perColourSchema,
});
/** Plans a run for an admin action, with Shopify failing said in words rather than thrown. */
export async function planForExtension(
  db: Db,
  admin: AdminRequest,
  input: {
    scope: RunScope;
    options: RenderOptions;
    regenerate: boolean;
    candidates: number;
    perColour: boolean;
    garmentChoices?: ReadonlyMap<string, string>;
  },
): Promise<PlanOutcome> {
  try {
    return await planScope(db, {
      ...input,
      shop: admin.shop,
      productSource: admin.productSource,
      catalog: () => loadShopCatalog(db, admin.shop),
      listInlineUpTo: env().BULK_RUN_LIST_INLINE_UP_TO,
      limits: appQueueLimits(),
      now: new Date(),
    });
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (!message) throw error;
    return { ok: false, fieldErrors: {}, formError: message };
  }
}
