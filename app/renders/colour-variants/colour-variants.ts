import { messageKey } from "~/lib/staff-message";
import type { ProductForRender, ProductSource } from "~/catalog/catalog-port";
import type { SourceImages } from "~/looks/render-options";
import { chooseSourceImages, sourceImagesOf } from "~/catalog/source-images";
import { type VariantColour, variantColourOf } from "../lifecycle/variant-colour";
import { normalizedName, productColours } from "~/catalog/colour-option";

/**
 * "One shot per colour" (issue 17 point 2, ADR 057): the renders a product expands into when staff ask for one per
 * colour, from its colours (app/catalog/colour-option.ts). Pure: the pages, the product action and bulk planning
 * call it with a product read from Shopify.
 */

/** One render of a per-colour product: its colour (stored on the render) and the images it is made from. */
export interface ColourTarget {
  colour: VariantColour;
  images: SourceImages;
}

/**
 * What "one per colour" does with a product:
 * - `per_colour`: one render per colour that has a photo of its own; `withoutPhoto` colours are not rendered
 *   (the product's other photos show another colour, and a render of the wrong colour on them helps no one);
 * - `product_photos`: the variants differ by colour but none has a photo of its own, so the product is rendered
 *   once from its photos, as without "one per colour", and attached to no variant;
 * - `no_colours`: the product's variants do not differ by colour; rendered once, as usual.
 */
export type ColourPlan =
  | { kind: "per_colour"; optionName: string; targets: ColourTarget[]; withoutPhoto: string[] }
  | { kind: "product_photos"; optionName: string; colours: string[] }
  | { kind: "no_colours" };

export function colourPlanOf(product: Pick<ProductForRender, "photos" | "variants">): ColourPlan {
  const colours = productColours(product);
  if (!colours) return { kind: "no_colours" };
  const optionName = colours[0]?.optionName ?? "";
  const targets: ColourTarget[] = [];
  const withoutPhoto: string[] = [];
  for (const colour of colours) {
    const choice = chooseSourceImages(colour.photos);
    if (!choice.ok) {
      withoutPhoto.push(colour.value);
      continue;
    }
    targets.push({
      colour: { optionName: colour.optionName, value: colour.value, variantIds: colour.variantIds },
      images: sourceImagesOf(choice),
    });
  }
  if (targets.length === 0) return { kind: "product_photos", optionName, colours: colours.map((c) => c.value) };
  return { kind: "per_colour", optionName, targets, withoutPhoto };
}

/** How many renders "one per colour" makes of this product (1 when it is rendered as a whole). */
export const rendersPerColourPlan = (plan: ColourPlan): number =>
  plan.kind === "per_colour" ? plan.targets.length : 1;

// Colour names are the shop's data, in the shop's words: listed as they are, whatever the reader's language.
const list = (values: readonly string[]) => values.join(", ");

/**
 * What "one per colour" will do with this product, for the preview (an encoded message); null when there is
 * nothing to say.
 */
export function colourPlanSentence(plan: ColourPlan): string | null {
  switch (plan.kind) {
    case "no_colours":
      return null;
    case "product_photos":
      return messageKey("messages:colours.noOwnPhotos", { option: plan.optionName, colours: list(plan.colours) });
    case "per_colour": {
      const colours = list(plan.targets.map((t) => t.colour.value));
      if (plan.withoutPhoto.length === 0) return messageKey("messages:colours.perColour", { colours });
      return messageKey("messages:colours.perColourSomeWithout", {
        colours,
        without: list(plan.withoutPhoto),
        count: plan.withoutPhoto.length,
      });
    }
  }
}

/**
 * The idempotency key of one colour's render, from the request's key: a retried request makes the same keys, so
 * each colour is queued once however often the request is sent. Fits the request key pattern (at most 100).
 */
export function colourRequestKey(requestKey: string, colourValue: string): string {
  return `${requestKey.slice(0, 80)}-c${fnv1a(normalizedName(colourValue), 0x811c9dc5)}${fnv1a(normalizedName(colourValue), 0x9e3779b9)}`;
}

// Not a secret, only a short stable name for a colour; no node:crypto, so this module also loads in the browser.
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/**
 * The variants a render is published on: its colour's variants (the point of one shot per colour, also when it
 * is approved in bulk without choosing any) and any staff chose on approval, each once. A variant that shows
 * another image has it replaced, as every publish does (ADR 018); the old image stays product media.
 */
export function variantsToPublishOn(storedColour: unknown, chosenVariantIds: readonly string[]): string[] {
  const colour = variantColourOf(storedColour);
  return [...new Set([...(colour?.variantIds ?? []), ...chosenVariantIds])];
}

/**
 * One-per-colour runs read each product's variants (options and images) from Shopify: collection pages do not
 * carry them. Measured against the fake Admin API at the Standard plan's rate, a product of 12 variants costs 74
 * points (606 requested) and 60 of them took 30 s; beyond this many products a run is refused with advice to split
 * it, so a preview stays within a minute or so (ADR 057).
 */
export const MAX_PER_COLOUR_RUN_PRODUCTS = 100;

/**
 * The products with their variants' options and images, re-read from Shopify where the listing had none (a
 * collection page). One read at a time by default: each asks for 606 points up front, and four at once starved one
 * another until the Admin API client gave up (THROTTLED 11 times); one at a time, its pacing waits for the bucket.
 */
export async function withColourVariants(
  source: Pick<ProductSource, "getProduct">,
  products: readonly ProductForRender[],
  concurrency = 1,
): Promise<ProductForRender[]> {
  const result: ProductForRender[] = [...products];
  let next = 0;
  const worker = async () => {
    while (next < result.length) {
      const index = next++;
      const product = result[index] as ProductForRender;
      if (product.variants.some((variant) => variant.selectedOptions)) continue;
      const read = await source.getProduct(product.id);
      // A product deleted meanwhile keeps what the listing said: it is planned as a whole, as before.
      if (read) result[index] = { ...product, photos: read.photos, variants: read.variants };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, result.length) }, worker));
  return result;
}

/** A bulk run's plan of one product, one per colour (plan-run.server.ts adds it to the run's plan). */
export interface ProductColoursPlan {
  /** False when the product is planned as a whole, as without "one per colour" (no colours, or none with a photo). */
  perColour: boolean;
  eligible: Array<{ images: SourceImages; variantColour: VariantColour }>;
  /** Colours not rendered, each named "Title (Colour)" for the preview's skipped list. */
  skipped: Array<{ title: string; reason: "already_approved" | "image_unusable"; detail?: string }>;
  /** What happens to the product, for the preview; null when there is nothing to say. */
  note: string | null;
}

/**
 * Plans one product one render per colour: the colours with a photo of their own, less those that already have an
 * approved render of the look (`approvedColours`, normalised values) and those whose photo `checkImage` refuses.
 */
export async function planProductColours(
  product: Pick<ProductForRender, "title" | "photos" | "variants">,
  approvedColours: ReadonlySet<string>,
  checkImage?: (url: string) => Promise<string | null>,
): Promise<ProductColoursPlan> {
  const plan = colourPlanOf(product);
  const result: ProductColoursPlan = {
    perColour: plan.kind === "per_colour",
    eligible: [],
    skipped: [],
    note: colourPlanSentence(plan),
  };
  if (plan.kind !== "per_colour") return result;
  for (const { colour, images } of plan.targets) {
    const title = `${product.title} (${colour.value})`;
    if (approvedColours.has(normalizedName(colour.value))) {
      result.skipped.push({ title, reason: "already_approved" });
      continue;
    }
    const problem = checkImage ? await checkImage(images.front[0] as string) : null;
    if (problem) result.skipped.push({ title, reason: "image_unusable", detail: problem });
    else result.eligible.push({ images, variantColour: colour });
  }
  return result;
}

/** The colour key of an approved render (its normalised value), or "" for a render of the whole product. */
export const approvedColourKey = (storedColour: unknown): string => {
  const colour = variantColourOf(storedColour);
  return colour ? normalizedName(colour.value) : "";
};
