import type { PrismaClient } from "@prisma/client";
import { chooseSourceImages } from "~/catalog/source-images";
import { colourChoiceOf } from "~/renders/colour-variants/queue-colour-renders.server";
import { type AdminRequest, describeShopifyFailure } from "~/web/admin-request.server";
import { refusal, okAnswer } from "~/web/api-response.server";
import { productIdSchema, lookChoices, setupProblem, reviewPathFor } from "~/web/extension-api.server";

type Db = PrismaClient;

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
