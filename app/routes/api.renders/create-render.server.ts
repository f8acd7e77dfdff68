import type { PrismaClient } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import { z } from "zod";
import {
  appQueueLimits,
  renderForRequestKey,
  candidatesBeside,
  QueueFullError,
  queueRender,
} from "~/renders/lifecycle/queue-renders.server";
import { queueColourRenders } from "~/renders/colour-variants/queue-colour-renders.server";
import { colourPlanOf } from "~/renders/colour-variants/colour-variants";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";
import { candidatesSchema } from "~/renders/review/candidates";
import { readJsonBody, okAnswer, refusal } from "~/web/api-response.server";
import { type AdminRequest, describeShopifyFailure } from "~/web/admin-request.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import {
  productIdSchema,
  lookIdSchema,
  perColourSchema,
  reviewPathFor,
  optionsForProductFromLook,
  optionsForExtension,
  notRenderedWords,
  garmentChoiceSchema,
  noOptionsRefusal,
} from "~/web/extension-api.server";
import { requestKeySchema } from "~/web/forms";

type Db = PrismaClient;

const createRenderSchema = z.object({
  productId: productIdSchema,
  requestKey: requestKeySchema,
  lookId: lookIdSchema,
  candidates: candidatesSchema,
  perColour: perColourSchema,
  /** The garment staff chose for a product the app could not place, or render although it is not clothing. */
  garment: garmentChoiceSchema,
});

/**
 * Queues one render with the chosen look, as the garment the product is (what the summary showed); the same
 * requestKey always answers with the same render.
 */
export async function createRenderFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, createRenderSchema);
  if (!input.ok) return input.answer;
  const { productId, requestKey, lookId, candidates, perColour, garment } = input.data;
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
  if (!options) return noOptionsRefusal(lookId);
  let product;
  try {
    product = await admin.productSource.getProduct(productId);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return refusal(502, message);
    throw error;
  }
  if (!product) return refusal(404, messageKey("messages:api.productGone"));
  const choice = chooseSourceImages(product.photos);
  if (!choice.ok) return refusal(400, messageKey("messages:skip.no_image"));
  const resolved = optionsForProductFromLook(options, product, await loadShopCatalog(db, admin.shop), garment);
  const productOptions = resolved.options;
  if (!productOptions) {
    // Not clothing, or nothing says which garment: nothing is spent until staff choose one (`garment`).
    const asksForGarment = resolved.plan.kind === "not_clothing" || resolved.plan.kind === "needs_choice";
    const words = notRenderedWords(resolved.plan, product);
    return refusal(400, words, asksForGarment ? { garment: words } : {});
  }
  // One per colour: a render per colour with a photo of its own; with none, one render from the product's photos.
  const colourPlan = perColour ? colourPlanOf(product) : null;
  try {
    if (colourPlan?.kind === "per_colour") {
      const { renders, created } = await queueColourRenders(db, {
        shop: admin.shop,
        product,
        targets: colourPlan.targets,
        options: productOptions,
        requestKey,
        candidates,
        limits: appQueueLimits(),
      });
      return okAnswer({
        renderId: renders[0]?.id ?? "",
        renderIds: renders.map((render) => render.id),
        count: renders.length,
        created: created > 0,
        reviewPath: reviewPathFor(product.id),
      });
    }
    const { render, renders, created } = await queueRender(db, {
      shop: admin.shop,
      product,
      images: sourceImagesOf(choice),
      options: productOptions,
      requestKey,
      candidates,
      limits: appQueueLimits(),
    });
    return okAnswer({
      renderId: render.id,
      renderIds: renders.map((candidate) => candidate.id),
      count: renders.length,
      created,
      reviewPath: reviewPathFor(product.id),
    });
  } catch (error) {
    // 409: nothing is wrong with the request itself; the shop's queue has no room for it now.
    if (error instanceof QueueFullError) return refusal(409, error.message);
    throw error;
  }
}
