import type { PrismaClient, RenderState } from "@prisma/client";
import { z } from "zod";
import { deleteLook, lookNameSchema, saveLook, type LookView } from "~/looks/looks.server";
import { QueueFullError, queueRender, renderForRequestKey } from "~/renders/lifecycle/queue-renders.server";
import { candidatesSchema } from "~/renders/review/candidates";
import { colourPlanOf } from "~/renders/colour-variants/colour-variants";
import {
  colourChoiceOf,
  queueColourRenders,
  type ColourChoiceView,
} from "~/renders/colour-variants/queue-colour-renders.server";
import type { ProductForRender } from "~/catalog/catalog-port";
import { RENDER_STATE_LABELS } from "~/renders/lifecycle/render-states";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";
import type { AdminRequest } from "~/web/admin-request.server";
import { describeShopifyFailure } from "~/web/admin-request.server";
import { parseForm, requestKeySchema } from "~/web/forms";
import { failure, optionalText, type FormFailure, type FieldErrors } from "~/lib/validation";
import { toGid } from "~/lib/gid";
import {
  checkOptionsAgainstCatalog,
  loadRenderForm,
  parseWithOptions,
  type RenderFormContext,
} from "~/web/render-form-context.server";

type Db = PrismaClient;

export interface ProductPhotoView {
  mediaId: string;
  url: string;
  alt: string | null;
}

export interface RecentRenderView {
  id: string;
  state: RenderState;
  stateLabel: string;
  createdAt: string;
  creditsCost: number;
}

export type GeneratePageView =
  | { kind: "pick" }
  | { kind: "not_found"; productId: string }
  | ({
      kind: "product";
      product: { id: string; title: string; productType: string | null };
      photos: ProductPhotoView[];
      defaultFrontMediaId: string | null;
      defaultBackMediaId: string | null;
      /** The product's colours, when its variants differ by colour: "one shot per colour" is offered. */
      colourChoice: ColourChoiceView | null;
      recentRenders: RecentRenderView[];
    } & RenderFormContext);

export async function loadGeneratePage(db: Db, admin: AdminRequest, url: URL): Promise<GeneratePageView> {
  const requested = url.searchParams.get("productId");
  if (!requested) return { kind: "pick" };
  const productId = toGid("Product", requested);
  if (!productId) return { kind: "not_found", productId: requested };

  const [product, recent] = await Promise.all([
    admin.productSource.getProduct(productId),
    db.render.findMany({
      where: { shop: admin.shop, productId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 5,
      select: { id: true, state: true, createdAt: true, creditsCost: true },
    }),
  ]);
  if (!product) return { kind: "not_found", productId };
  const form = await loadRenderForm(db, admin.shop, product);
  const photos = product.photos.flatMap((photo) =>
    photo.url ? [{ mediaId: photo.mediaId, url: photo.url, alt: photo.alt }] : [],
  );
  const choice = chooseSourceImages(product.photos);
  return {
    kind: "product",
    product: { id: product.id, title: product.title, productType: product.productType },
    photos,
    defaultFrontMediaId: choice.ok ? choice.frontMediaId : null,
    defaultBackMediaId: choice.ok ? (choice.backMediaId ?? null) : null,
    colourChoice: colourChoiceOf(product),
    ...form,
    recentRenders: recent.map((render) => ({
      id: render.id,
      state: render.state,
      stateLabel: RENDER_STATE_LABELS[render.state],
      createdAt: render.createdAt.toISOString(),
      creditsCost: render.creditsCost,
    })),
  };
}

const productIdField = z
  .string({ error: "The product is missing; open this page from a product." })
  .transform((value, ctx) => {
    const gid = toGid("Product", value);
    if (!gid) ctx.addIssue({ code: "custom", message: "The product id is not valid." });
    return gid ?? "";
  });

const generateSchema = z.object({
  productId: productIdField,
  requestKey: requestKeySchema,
  frontMediaId: z
    .string({ error: "Choose the photo of the front of the garment." })
    .min(1, "Choose the photo of the front of the garment."),
  backMediaId: optionalText(z.string()),
  candidates: candidatesSchema,
  // A checkbox: "true" when staff asked for one shot per colour; the photo fields are then not used.
  perColour: z.enum(["true", "false"]).default("false"),
});

const saveLookSchema = z.object({ lookName: lookNameSchema });
const deleteLookSchema = z.object({
  lookId: z.string({ error: "Choose a look to delete." }).min(1, "Choose a look to delete."),
});

export type GenerateActionResult =
  | {
      ok: true;
      intent: "generate";
      renderId: string;
      renderIds: string[];
      renderCount: number;
      /** The confirmation's heading: "Render queued", "3 candidates queued", "4 renders queued" (one per colour). */
      title: string;
      created: boolean;
      message: string;
    }
  | { ok: true; intent: "save-look"; look: LookView; message: string }
  | { ok: true; intent: "delete-look"; message: string }
  | (FormFailure & { intent: string });

export async function generateAction(db: Db, admin: AdminRequest, formData: FormData): Promise<GenerateActionResult> {
  const intent = String(formData.get("intent") ?? "generate");
  const fail = (fieldErrors: FieldErrors, formError?: string) => ({ ...failure(fieldErrors, formError), intent });

  if (intent === "save-look") {
    const parsed = parseWithOptions(saveLookSchema, formData);
    if (!parsed.ok) return fail(parsed.fieldErrors);
    const saved = await saveLook(db, admin.shop, { name: parsed.fields.lookName, options: parsed.options });
    if (!saved.ok) return fail({ lookName: saved.error });
    return {
      ok: true,
      intent,
      look: saved.look,
      message: saved.created ? `Look "${saved.look.name}" saved.` : `Look "${saved.look.name}" updated.`,
    };
  }
  if (intent === "delete-look") {
    const parsed = parseForm(deleteLookSchema, formData);
    if (!parsed.ok) return fail(parsed.fieldErrors);
    const deleted = await deleteLook(db, admin.shop, parsed.data.lookId);
    return deleted ? { ok: true, intent, message: "Look deleted." } : fail({}, "That look no longer exists.");
  }
  if (intent !== "generate") return fail({}, "That action is not available.");

  const parsed = parseWithOptions(generateSchema, formData);
  if (!parsed.ok) return fail(parsed.fieldErrors);
  const { fields, options } = parsed;

  // A retried or double-clicked submit finds the render the first one queued, before asking Shopify anything.
  const existing = await renderForRequestKey(db, admin.shop, fields.requestKey);
  if (existing)
    return {
      ok: true,
      intent,
      renderId: existing.id,
      renderIds: [existing.id],
      renderCount: 1,
      title: "Already queued",
      created: false,
      message: "This request was already queued.",
    };

  if (fields.backMediaId && fields.backMediaId === fields.frontMediaId) {
    return fail({ backMediaId: "The back photo must be a different photo from the front one." });
  }
  let product: ProductForRender | null;
  try {
    product = await admin.productSource.getProduct(fields.productId);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return fail({}, message);
    throw error;
  }
  if (!product) return fail({}, "This product no longer exists in your store.");

  // One per colour: each colour from its own photos. A product none of whose colours has a photo of its own is
  // rendered once from the chosen photos, as the page said.
  const colourPlan = fields.perColour === "true" ? colourPlanOf(product) : null;
  if (colourPlan?.kind === "per_colour") {
    const problems = (await checkOptionsAgainstCatalog(db, admin.shop, options)).problems;
    if (Object.keys(problems).length > 0) return fail(problems);
    try {
      const { renders, created } = await queueColourRenders(db, {
        shop: admin.shop,
        product,
        targets: colourPlan.targets,
        options,
        requestKey: fields.requestKey,
        candidates: fields.candidates,
      });
      const colours = colourPlan.targets.map((target) => target.colour.value).join(", ");
      const each = fields.candidates > 1 ? `${fields.candidates} candidates per colour` : "one per colour";
      return {
        ok: true,
        intent,
        renderId: renders[0]?.id ?? "",
        renderIds: renders.map((render) => render.id),
        renderCount: renders.length,
        title: `${renders.length} renders queued`,
        created: created > 0,
        message:
          created > 0
            ? `${renders.length} renders queued, ${each} (${colours}). They will wait for you in Review.`
            : "These renders were already queued.",
      };
    } catch (error) {
      if (error instanceof QueueFullError) return fail({}, error.message);
      throw error;
    }
  }

  // Photos are looked up on the product itself: a posted URL is never trusted.
  const photoOf = (mediaId: string | undefined) =>
    product.photos.find((photo) => photo.mediaId === mediaId && photo.url);
  const front = photoOf(fields.frontMediaId);
  const back = fields.backMediaId ? photoOf(fields.backMediaId) : undefined;
  const errors: FieldErrors = {};
  if (!front?.url) errors.frontMediaId = "Choose one of this product's photos for the front.";
  if (fields.backMediaId && !back?.url)
    errors.backMediaId = "Choose one of this product's photos for the back, or none.";
  Object.assign(errors, (await checkOptionsAgainstCatalog(db, admin.shop, options)).problems);
  if (Object.keys(errors).length > 0 || !front?.url) return fail(errors);

  const { render, renders, created } = await queueRender(db, {
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
  });
  const several = fields.candidates > 1;
  return {
    ok: true,
    intent,
    renderId: render.id,
    renderIds: renders.map((candidate) => candidate.id),
    renderCount: renders.length,
    title: renders.length > 1 ? `${renders.length} candidates queued` : "Render queued",
    created,
    message: created
      ? several
        ? `${fields.candidates} candidates queued. They usually take a few minutes; they will wait for you side by side in Review.`
        : "Render queued. It usually takes a few minutes; it will wait for you in Review."
      : several
        ? "These candidates were already queued."
        : "This render was already queued.",
  };
}
