import type { PrismaClient } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import { chooseSourceImages } from "~/catalog/source-images";
import { colourChoiceOf } from "~/renders/colour-variants/queue-colour-renders.server";
import { type AdminRequest, describeShopifyFailure } from "~/web/admin-request.server";
import { refusal, okAnswer } from "~/web/api-response.server";
import {
  productIdSchema,
  lookChoices,
  setupProblem,
  reviewPathFor,
  garmentChoiceSchema,
  garmentInWords,
  optionsForProductFromLook,
  optionsForExtension,
} from "~/web/extension-api.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";

type Db = PrismaClient;

/**
 * What the product action shows before anything is spent: the product, what garment it is and where the app read
 * that, and for each look what its render would send (garment, model, pose, background by name) and cost. With
 * `garment`, the garment staff chose for it (a product the app cannot place, or one that is not clothing).
 */
export async function productSummary(db: Db, admin: AdminRequest, url: URL) {
  const productId = productIdSchema.safeParse(url.searchParams.get("productId") ?? "");
  if (!productId.success)
    return refusal(400, messageKey("messages:api.productInvalid"), {
      productId: messageKey("messages:api.productInvalid"),
    });
  let product;
  try {
    product = await admin.productSource.getProduct(productId.data);
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (message) return refusal(502, message);
    throw error;
  }
  if (!product) return refusal(404, messageKey("messages:api.productGone"));
  const garment = garmentChoiceSchema.safeParse(url.searchParams.get("garment") || null);
  if (!garment.success)
    return refusal(400, messageKey("messages:api.chooseGarment"), {
      garment: messageKey("messages:api.chooseGarment"),
    });
  const [{ choices, hasKey, paused }, defaults, catalog] = await Promise.all([
    lookChoices(db, admin.shop, product, garment.data),
    optionsForExtension(db, admin.shop, undefined),
    loadShopCatalog(db, admin.shop),
  ]);
  const decided = defaults ? optionsForProductFromLook(defaults, product, catalog, garment.data) : null;
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
    // What the product is, and where the app read it; `choices` are the garments staff may pick instead.
    garment: decided ? garmentInWords(decided.plan) : null,
    looks: choices,
    problem: setupProblem(hasKey, choices) ?? (images.ok ? null : messageKey("messages:skip.no_image")),
    paused,
    reviewPath: reviewPathFor(product.id),
    generatePath: `/app/generate?productId=${encodeURIComponent(product.id)}`,
  });
}
