import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { deleteLook, lookNameSchema, saveLook } from "~/looks/looks.server";
import {
  appQueueLimits,
  QueueFullError,
  queueRender,
  renderForRequestKey,
} from "~/renders/lifecycle/queue-renders.server";
import { candidatesSchema } from "~/renders/review/candidates";
import { colourPlanOf, type ColourTarget } from "~/renders/colour-variants/colour-variants";
import { queueColourRenders } from "~/renders/colour-variants/queue-colour-renders.server";
import type { ProductForRender } from "~/catalog/catalog-port";
import { sourceImagesOf } from "~/catalog/source-images";
import { decideGarment } from "~/catalog/garment-decision";
import { describeDecision } from "~/catalog/decision-words";
import { messageKey } from "~/lib/staff-message";
import type { RenderOptions } from "~/looks/render-options";
import { describeShopifyFailure, type AdminRequest } from "~/web/admin-request.server";
import { parseForm, requestKeySchema } from "~/web/forms";
import { failure, optionalText, type FieldErrors } from "~/lib/validation";
import { toGid } from "~/lib/gid";
import { checkOptionsAgainstCatalog, parseWithOptions } from "~/web/render-form-context.server";
import type { GenerateActionResult } from "./generate.server";

/**
 * Generate's intents, one handler each: queue renders of the product, save a look, delete a look. Every sentence
 * they answer with is an encoded message (generate.json), worded by the page in the staff member's language.
 */

const productIdField = z.string({ error: messageKey("generate:errors.productMissing") }).transform((value, ctx) => {
  const gid = toGid("Product", value);
  if (!gid) ctx.addIssue({ code: "custom", message: messageKey("generate:errors.productInvalid") });
  return gid ?? "";
});

const generateSchema = z.object({
  productId: productIdField,
  requestKey: requestKeySchema,
  frontMediaId: z
    .string({ error: messageKey("generate:errors.chooseFront") })
    .min(1, messageKey("generate:errors.chooseFront")),
  backMediaId: optionalText(z.string()),
  candidates: candidatesSchema,
  // A checkbox: "true" when staff asked for one shot per colour; the photo fields are then not used.
  perColour: z.enum(["true", "false"]).default("false"),
  /** The garment staff chose for a product the app cannot place or that is not clothing (the posted type). */
  insistGarment: optionalText(z.string().max(64)),
});
type GenerateFields = z.output<typeof generateSchema>;

const saveLookSchema = z.object({ lookName: lookNameSchema });
const deleteLookSchema = z.object({
  lookId: z
    .string({ error: messageKey("generate:errors.chooseLookToDelete") })
    .min(1, messageKey("generate:errors.chooseLookToDelete")),
});

const GENERATE_INTENT_NAMES = ["generate", "save-look", "delete-look"] as const;
export type GenerateIntent = (typeof GENERATE_INTENT_NAMES)[number];
export const isGenerateIntent = (intent: string): intent is GenerateIntent =>
  (GENERATE_INTENT_NAMES as readonly string[]).includes(intent);

interface IntentRequest {
  db: PrismaClient;
  admin: AdminRequest;
  formData: FormData;
  intent: GenerateIntent;
}

const refused = (request: IntentRequest, fieldErrors: FieldErrors, formError?: string): GenerateActionResult => ({
  ...failure(fieldErrors, formError),
  intent: request.intent,
});

async function saveLookIntent(request: IntentRequest): Promise<GenerateActionResult> {
  const parsed = parseWithOptions(saveLookSchema, request.formData);
  if (!parsed.ok) return refused(request, parsed.fieldErrors);
  const saved = await saveLook(request.db, request.admin.shop, {
    name: parsed.fields.lookName,
    options: parsed.options,
  });
  if (!saved.ok) return refused(request, { lookName: saved.error });
  return {
    ok: true,
    intent: "save-look",
    look: saved.look,
    message: messageKey(saved.created ? "generate:done.lookSaved" : "generate:done.lookUpdated", {
      name: saved.look.name,
    }),
  };
}

async function deleteLookIntent(request: IntentRequest): Promise<GenerateActionResult> {
  const parsed = parseForm(deleteLookSchema, request.formData);
  if (!parsed.ok) return refused(request, parsed.fieldErrors);
  const deleted = await deleteLook(request.db, request.admin.shop, parsed.data.lookId);
  return deleted
    ? { ok: true, intent: "delete-look", message: messageKey("generate:done.lookDeleted") }
    : refused(request, {}, messageKey("generate:errors.lookGone"));
}

async function generateIntent(request: IntentRequest): Promise<GenerateActionResult> {
  const { db, admin } = request;
  const parsed = parseWithOptions(generateSchema, request.formData);
  if (!parsed.ok) return refused(request, parsed.fieldErrors);
  const { fields, options } = parsed;

  // A retried or double-clicked submit finds the render the first one queued, before asking Shopify anything.
  const existing = await renderForRequestKey(db, admin.shop, fields.requestKey);
  if (existing)
    return {
      ok: true,
      intent: "generate",
      renderId: existing.id,
      renderIds: [existing.id],
      renderCount: 1,
      title: messageKey("generate:done.alreadyQueuedTitle"),
      created: false,
      message: messageKey("generate:done.alreadyQueued"),
    };

  if (fields.backMediaId && fields.backMediaId === fields.frontMediaId) {
    return refused(request, { backMediaId: messageKey("generate:errors.backSameAsFront") });
  }
  let product: ProductForRender | null;
  try {
    product = await admin.productSource.getProduct(fields.productId);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return refused(request, {}, message);
    throw error;
  }
  if (!product) return refused(request, {}, messageKey("generate:errors.productGone"));
  // The garment decision every path makes (catalog/garment-decision.ts): a product that is not clothing, or that
  // the app cannot place, is rendered only as a garment staff chose for it on this page.
  const decision = decideGarment(product);
  if (decision.kind !== "garment" && fields.insistGarment !== options.productType) {
    // The field says what to do and why: the decision's own words nested in the request for a garment.
    return refused(request, {
      productType: messageKey("messages:decision.chooseGarment", { decision: describeDecision(decision) }),
    });
  }

  // One per colour: each colour from its own photos. A product none of whose colours has a photo of its own is
  // rendered once from the chosen photos, as the page said.
  const colourPlan = fields.perColour === "true" ? colourPlanOf(product) : null;
  if (colourPlan?.kind === "per_colour") return queuePerColour(request, product, colourPlan.targets, fields, options);
  return queueFromChosenPhotos(request, product, fields, options);
}

async function queuePerColour(
  request: IntentRequest,
  product: ProductForRender,
  targets: ColourTarget[],
  fields: GenerateFields,
  options: RenderOptions,
): Promise<GenerateActionResult> {
  const { db, admin } = request;
  const problems = (await checkOptionsAgainstCatalog(db, admin.shop, options)).problems;
  if (Object.keys(problems).length > 0) return refused(request, problems);
  try {
    const { renders, created } = await queueColourRenders(db, {
      shop: admin.shop,
      product,
      targets,
      options,
      requestKey: fields.requestKey,
      candidates: fields.candidates,
      limits: appQueueLimits(),
    });
    const colours = targets.map((target) => target.colour.value).join(", ");
    const count = renders.length;
    return {
      ok: true,
      intent: "generate",
      renderId: renders[0]?.id ?? "",
      renderIds: renders.map((render) => render.id),
      renderCount: count,
      title: messageKey("generate:done.coloursTitle", { count }),
      created: created > 0,
      message:
        created === 0
          ? messageKey("generate:done.coloursAlreadyQueued")
          : fields.candidates > 1
            ? messageKey("generate:done.coloursCandidatesQueued", { count, candidates: fields.candidates, colours })
            : messageKey("generate:done.coloursQueued", { count, colours }),
    };
  } catch (error) {
    if (error instanceof QueueFullError) return refused(request, {}, error.message);
    throw error;
  }
}

async function queueFromChosenPhotos(
  request: IntentRequest,
  product: ProductForRender,
  fields: GenerateFields,
  options: RenderOptions,
): Promise<GenerateActionResult> {
  const { db, admin } = request;
  // Photos are looked up on the product itself: a posted URL is never trusted.
  const photoOf = (mediaId: string | undefined) =>
    product.photos.find((photo) => photo.mediaId === mediaId && photo.url);
  const front = photoOf(fields.frontMediaId);
  const back = fields.backMediaId ? photoOf(fields.backMediaId) : undefined;
  const errors: FieldErrors = {};
  if (!front?.url) errors.frontMediaId = messageKey("generate:errors.frontNotOnProduct");
  if (fields.backMediaId && !back?.url) errors.backMediaId = messageKey("generate:errors.backNotOnProduct");
  Object.assign(errors, (await checkOptionsAgainstCatalog(db, admin.shop, options)).problems);
  if (Object.keys(errors).length > 0 || !front?.url) return refused(request, errors);

  let queued: Awaited<ReturnType<typeof queueRender>>;
  try {
    queued = await queueRender(db, {
      shop: admin.shop,
      product,
      images: sourceImagesOf({
        frontUrl: front.url,
        frontMediaId: front.mediaId,
        backUrl: back?.url ?? undefined,
        backMediaId: back?.mediaId,
      }),
      options,
      requestKey: fields.requestKey,
      candidates: fields.candidates,
      limits: appQueueLimits(),
    });
  } catch (error) {
    if (error instanceof QueueFullError) return refused(request, {}, error.message);
    throw error;
  }
  const { render, renders, created } = queued;
  const several = fields.candidates > 1;
  return {
    ok: true,
    intent: "generate",
    renderId: render.id,
    renderIds: renders.map((candidate) => candidate.id),
    renderCount: renders.length,
    title:
      renders.length > 1
        ? messageKey("generate:done.candidatesTitle", { count: renders.length })
        : messageKey("generate:done.renderTitle"),
    created,
    message: created
      ? several
        ? messageKey("generate:done.candidatesQueued", { count: fields.candidates })
        : messageKey("generate:done.renderQueued")
      : several
        ? messageKey("generate:done.candidatesAlreadyQueued")
        : messageKey("generate:done.renderAlreadyQueued"),
  };
}

export const GENERATE_INTENTS: Record<GenerateIntent, (request: IntentRequest) => Promise<GenerateActionResult>> = {
  generate: generateIntent,
  "save-look": saveLookIntent,
  "delete-look": deleteLookIntent,
};
