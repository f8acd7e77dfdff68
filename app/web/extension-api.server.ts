import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "~/env.server";
import { findLook, listLooks } from "~/looks/looks.server";
import {
  candidatesBeside,
  QueueFullError,
  queueRender,
  renderForRequestKey,
} from "~/renders/lifecycle/queue-renders.server";
import { startRun, runForRequestKey } from "~/renders/runs/start-run.server";
import { planScope, type ListingProgress, type PlanOutcome, type PlanSummary } from "~/renders/runs/plan-run.server";
import type { RenderOptions } from "~/looks/render-options";
import { optionsForProduct, posesFromCatalog } from "~/catalog/product-garment";
import type { ProductForRender } from "~/catalog/catalog-port";
import { whatIsSent, whatIsSentLine } from "~/looks/what-is-sent";
// The answers' shapes are the ones the extensions read: defined once, in the package they share.
import type { LookChoice } from "@model-shots/extension-shared/api";
import type { CatalogResult } from "~/tryon/catalog-view";
import { budgetSchema, runScopeSchema, type RunScope } from "~/renders/runs/run-request";
import { candidatesSchema } from "~/renders/review/candidates";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";
import { colourPlanOf } from "~/renders/colour-variants/colour-variants";
import { describeListing } from "~/renders/runs/listing-progress";
import { colourChoiceOf, queueColourRenders } from "~/renders/colour-variants/queue-colour-renders.server";
import { settingsViewOf } from "~/settings/settings.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import { describeShopifyFailure, type AdminRequest } from "./admin-request.server";
import { okAnswer, readJsonBody, refusal } from "./api-response.server";
import { requestKeySchema } from "./forms";
import { toGid } from "~/lib/gid";

/**
 * The JSON API behind the admin extensions (product action, product selection action, collection action), one
 * module for the four api.* routes: they share the look choices, the setup problems and the id parsing.
 * Each answer is `{ ok: true, ... }` or `{ ok: false, error, fieldErrors }` with a 4xx status; the routes add
 * CORS headers because the extensions run on Shopify's origin.
 */

type Db = PrismaClient;

const productIdSchema = z.string({ error: "The product is missing." }).transform((value, ctx) => {
  const gid = toGid("Product", value);
  if (!gid) ctx.addIssue({ code: "custom", message: "The product id is not valid." });
  return gid ?? "";
});
const lookIdSchema = z.string().min(1).max(64).optional();
/** One shot per colour (ADR 057): JSON true or false only, off when left out (older extension bundles send none). */
const perColourSchema = z.boolean({ error: "One shot per colour must be true or false." }).default(false);

export const reviewPathFor = (productId: string) => `/app/review?productId=${encodeURIComponent(productId)}`;
export const runPathFor = (runId: string) => `/app/runs/${encodeURIComponent(runId)}`;

/**
 * The options one product is rendered with from a look: the same decision as bulk runs (product-garment.ts), the
 * catalog's poses deciding when the look's pose does not suit the product's garment.
 */
function optionsForProductFromLook(options: RenderOptions, product: ProductForRender, catalog: CatalogResult) {
  return optionsForProduct(options, product, posesFromCatalog(catalog, options.poseId));
}

const noPoseFor = (product: ProductForRender) =>
  `The try-on service has no pose for this kind of garment (${product.productType || product.title}).`;

async function lookChoices(
  db: Db,
  shop: string,
  product?: ProductForRender,
): Promise<{ choices: LookChoice[]; hasKey: boolean; paused: string | null }> {
  const [settingsRow, looks, catalog] = await Promise.all([
    db.shopSettings.findUnique({ where: { shop } }),
    listLooks(db, shop),
    loadShopCatalog(db, shop),
  ]);
  const settings = settingsViewOf(settingsRow, env().TRYON_DEFAULT_BASE_URL);
  const named = [
    ...(settings.defaults ? [{ id: null, name: "Default look", options: settings.defaults }] : []),
    ...looks.map((look) => ({ id: look.id, name: look.name, options: look.options })),
  ];
  const choices = named.map(({ id, name, options }): LookChoice => {
    if (!product) {
      const sent = whatIsSent(options, catalog);
      // No product yet (the bulk actions): the look as it is, each product's garment decided when planning.
      return { id, name, summary: whatIsSentLine(sent), credits: sent.credits, sends: sent, problem: null };
    }
    const resolved = optionsForProductFromLook(options, product, catalog);
    const sent = resolved ? whatIsSent(resolved, catalog) : null;
    return {
      id,
      name,
      summary: sent ? whatIsSentLine(sent) : noPoseFor(product),
      credits: sent?.credits ?? whatIsSent(options, catalog).credits,
      sends: sent,
      problem: sent ? null : noPoseFor(product),
    };
  });
  return { choices, hasKey: settings.hasKey, paused: settings.paused?.message ?? null };
}

/** The look an extension asked for, or the shop's defaults. */
async function optionsForExtension(db: Db, shop: string, lookId: string | undefined): Promise<RenderOptions | null> {
  if (lookId) return (await findLook(db, shop, lookId))?.options ?? null;
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return settingsViewOf(settings, env().TRYON_DEFAULT_BASE_URL).defaults;
}

const setupProblem = (hasKey: boolean, choices: LookChoice[]) =>
  !hasKey
    ? "Add your try-on service key in the Model Shots app's Settings first."
    : choices.length === 0
      ? "Choose default render options in the Model Shots app's Settings first."
      : null;

/**
 * What the product action shows before anything is spent: the product, and for each look what its render would
 * send (garment, model, pose, background by name) and cost.
 */
export async function productSummary(db: Db, admin: AdminRequest, url: URL) {
  const productId = productIdSchema.safeParse(url.searchParams.get("productId") ?? "");
  if (!productId.success)
    return refusal(400, "The product id is not valid.", { productId: "The product id is not valid." });
  let product;
  try {
    product = await admin.productSource.getProduct(productId.data);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return refusal(502, message);
    throw error;
  }
  if (!product) return refusal(404, "This product no longer exists.");
  const { choices, hasKey, paused } = await lookChoices(db, admin.shop, product);
  const images = chooseSourceImages(product.photos);
  const colourChoice = colourChoiceOf(product);
  return okAnswer({
    product: { id: product.id, title: product.title, imageUrl: images.ok ? images.frontUrl : null },
    // One shot per colour is offered when the variants differ by colour; `renders` is what the estimate multiplies.
    colours: colourChoice
      ? {
          optionName: colourChoice.optionName,
          values: colourChoice.colours.map((colour) => colour.value),
          renders: colourChoice.renders,
          fallsBack: colourChoice.fallsBack,
          sentence: colourChoice.sentence,
        }
      : null,
    looks: choices,
    problem: setupProblem(hasKey, choices) ?? (images.ok ? null : "This product has no photo to dress the model in."),
    paused,
    reviewPath: reviewPathFor(product.id),
    generatePath: `/app/generate?productId=${encodeURIComponent(product.id)}`,
  });
}

const createRenderSchema = z.object({
  productId: productIdSchema,
  requestKey: requestKeySchema,
  lookId: lookIdSchema,
  candidates: candidatesSchema,
  perColour: perColourSchema,
});

/**
 * Queues one render with the chosen look, as the garment the product is (what the summary showed); the same
 * requestKey always answers with the same render.
 */
export async function createRenderFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, createRenderSchema);
  if (!input.ok) return input.answer;
  const { productId, requestKey, lookId, candidates, perColour } = input.data;
  const existing = await renderForRequestKey(db, admin.shop, requestKey);
  if (existing) {
    const renderIds = (await candidatesBeside(db, existing)).map((render) => render.id);
    return okAnswer({
      renderId: existing.id,
      renderIds,
      created: false,
      reviewPath: reviewPathFor(existing.productId),
    });
  }

  const options = await optionsForExtension(db, admin.shop, lookId);
  if (!options) {
    return refusal(
      400,
      lookId ? "That look no longer exists." : "Choose default render options in the app's Settings first.",
      lookId ? { lookId: "That look no longer exists." } : {},
    );
  }
  let product;
  try {
    product = await admin.productSource.getProduct(productId);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return refusal(502, message);
    throw error;
  }
  if (!product) return refusal(404, "This product no longer exists.");
  const choice = chooseSourceImages(product.photos);
  if (!choice.ok) return refusal(400, "This product has no photo to dress the model in.");
  const productOptions = optionsForProductFromLook(options, product, await loadShopCatalog(db, admin.shop));
  if (!productOptions) return refusal(400, noPoseFor(product));
  // One per colour: a render per colour with a photo of its own; with none, one render from the product's photos.
  const colourPlan = perColour ? colourPlanOf(product) : null;
  if (colourPlan?.kind === "per_colour") {
    try {
      const { renders, created } = await queueColourRenders(db, {
        shop: admin.shop,
        product,
        targets: colourPlan.targets,
        options: productOptions,
        requestKey,
        candidates,
        maxQueuedPerShop: env().MAX_QUEUED_PER_SHOP,
      });
      return okAnswer({
        renderId: renders[0]?.id ?? "",
        renderIds: renders.map((render) => render.id),
        count: renders.length,
        created: created > 0,
        reviewPath: reviewPathFor(product.id),
      });
    } catch (error) {
      if (error instanceof QueueFullError) return refusal(400, error.message);
      throw error;
    }
  }
  const { render, renders, created } = await queueRender(db, {
    shop: admin.shop,
    product,
    images: sourceImagesOf(choice),
    options: productOptions,
    requestKey,
    candidates,
  });
  return okAnswer({
    renderId: render.id,
    renderIds: renders.map((candidate) => candidate.id),
    count: renders.length,
    created,
    reviewPath: reviewPathFor(product.id),
  });
}

const runPreviewSchema = z.object({
  scope: runScopeSchema,
  lookId: lookIdSchema,
  regenerate: z.boolean().default(false),
  candidates: candidatesSchema,
  perColour: perColourSchema,
});
const startRunSchema = runPreviewSchema.extend({
  requestKey: requestKeySchema,
  budgetCredits: budgetSchema.nullable().optional(),
});

/** Plans a run for an admin action, with Shopify failing said in words rather than thrown. */
async function planForExtension(
  db: Db,
  admin: AdminRequest,
  input: { scope: RunScope; options: RenderOptions; regenerate: boolean; candidates: number; perColour: boolean },
): Promise<PlanOutcome> {
  try {
    return await planScope(db, {
      ...input,
      shop: admin.shop,
      productSource: admin.productSource,
      // The admin actions have no form to choose it: each product is rendered as the garment it is.
      detectGarments: true,
      catalog: () => loadShopCatalog(db, admin.shop),
      listInlineUpTo: env().BULK_RUN_LIST_INLINE_UP_TO,
      maxQueuedPerShop: env().MAX_QUEUED_PER_SHOP,
      now: new Date(),
    });
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (!message) throw error;
    return { ok: false, fieldErrors: {}, formError: message };
  }
}

/** The run's estimate and skipped products, for the bulk actions to show before starting. */
export async function previewRunFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, runPreviewSchema);
  if (!input.ok) return input.answer;
  const options = await optionsForExtension(db, admin.shop, input.data.lookId);
  if (!options) return refusal(400, "Choose default render options in the app's Settings first.");
  const outcome = await planForExtension(db, admin, {
    scope: input.data.scope,
    options,
    regenerate: input.data.regenerate,
    candidates: input.data.candidates,
    perColour: input.data.perColour,
  });
  const { choices, hasKey, paused } = await lookChoices(db, admin.shop);
  if (!outcome.ok && outcome.listing) {
    // A large collection read in the background: its progress in the bulk-run page's words, and the extension
    // asks again. The counts stay beside the words for extension bundles older than this answer.
    const { sentence, detail, progress } = describeListing(outcome.listing);
    return okAnswer<{
      listing: ListingProgress & { sentence: string; detail: string; progress?: number };
      looks: LookChoice[];
      problem: string | null;
      paused: string | null;
    }>({
      listing: { ...outcome.listing, sentence, detail, ...(progress !== null ? { progress } : {}) },
      looks: choices,
      problem: setupProblem(hasKey, choices),
      paused,
    });
  }
  if (!outcome.ok) return refusal(400, outcome.formError ?? "The selection cannot be rendered.", outcome.fieldErrors);
  return okAnswer<{ summary: PlanSummary; looks: LookChoice[]; problem: string | null; paused: string | null }>({
    summary: outcome.summary,
    looks: choices,
    problem: setupProblem(hasKey, choices),
    paused,
  });
}

/** Starts the run; the same requestKey always answers with the same run. */
export async function startRunFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, startRunSchema);
  if (!input.ok) return input.answer;
  const { scope, lookId, regenerate, requestKey, candidates, perColour } = input.data;
  const budgetCredits = input.data.budgetCredits ?? null;
  const existing = await runForRequestKey(db, admin.shop, requestKey);
  if (existing) return okAnswer({ runId: existing.id, created: false, runPath: runPathFor(existing.id) });

  const options = await optionsForExtension(db, admin.shop, lookId);
  if (!options) return refusal(400, "Choose default render options in the app's Settings first.");
  const outcome = await planForExtension(db, admin, { scope, options, regenerate, candidates, perColour });
  if (!outcome.ok) return refusal(400, outcome.formError ?? "The selection cannot be rendered.", outcome.fieldErrors);
  if (outcome.plan.eligible.length === 0) return refusal(400, "No product in this selection can be rendered.");
  if (budgetCredits !== null && budgetCredits < outcome.plan.creditsPerRender) {
    return refusal(400, "The budget is smaller than one render.", {
      budgetCredits: `One render costs ${outcome.plan.creditsPerRender} credits.`,
    });
  }
  const { run, created } = await startRun(db, {
    shop: admin.shop,
    plan: outcome.plan,
    options,
    scope: outcome.scopeRecord,
    budgetCredits,
    requestKey,
    createdBy: admin.staff,
    maxQueuedPerShop: env().MAX_QUEUED_PER_SHOP,
  });
  return okAnswer({ runId: run.id, created, runPath: runPathFor(run.id), estimateCredits: run.estimateCredits });
}
