import type { RenderOptionsFormValues } from "~/web/render-options-form";

/** The bulk-run form's pure logic, kept out of the page so it is tested without a browser. */

export type PickedScope =
  | { kind: "collection"; collectionId: string; title: string }
  | { kind: "products"; products: Array<{ id: string; title: string }> };

/** The scope as the form posts it. */
export function scopeFormFields(scope: PickedScope | null): Record<string, string | string[]> {
  if (!scope) return {};
  return scope.kind === "collection"
    ? { scopeKind: "collection", collectionId: scope.collectionId }
    : { scopeKind: "products", productIds: scope.products.map((product) => product.id) };
}

/** Everything the preview depends on; when it changes, the preview on screen no longer describes the run. */
export function previewInputsKey(
  scope: PickedScope | null,
  options: RenderOptionsFormValues,
  flags: {
    regenerate: boolean;
    candidates: string;
    perColour?: boolean;
    /** Garments chosen for products the app could not place, by product id. */
    garmentChoices?: Readonly<Record<string, string>>;
  },
  budget: string,
): string {
  return JSON.stringify([
    scopeFormFields(scope),
    options,
    flags.regenerate,
    Object.entries(flags.garmentChoices ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    flags.candidates,
    flags.perColour ?? false,
    budget.trim(),
  ]);
}

const GARMENT_NAMES: Record<string, [string, string]> = {
  top: ["top", "tops"],
  bottom: ["bottom", "bottoms"],
  dress: ["dress", "dresses"],
  outerwear: ["piece of outerwear", "pieces of outerwear"],
  jumpsuit: ["jumpsuit", "jumpsuits"],
};

/** "12 tops, 5 bottoms and 1 dress", for the preview. */
export function describeGarments(garments: Array<{ productType: string; count: number }>): string {
  const parts = garments.map(({ productType, count }) => {
    const [one, many] = GARMENT_NAMES[productType] ?? [productType, productType];
    return `${count} ${count === 1 ? one : many}`;
  });
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * The preview's headline, in which every number counts the same thing (renders, candidates included), so its
 * parts add up: "5 renders of 2 products (Summer, 3 products in all): 3 tops and 2 dresses." A run by colour says
 * how many products that applies to; candidates say how many of each.
 */
export function previewHeadline(preview: {
  scopeTitle: string;
  productCount: number;
  eligibleProductCount: number;
  renderCount: number;
  candidatesPerProduct: number;
  garments: Array<{ productType: string; count: number }>;
  colours?: { renders: number; products: number } | undefined;
}): { headline: string; garments: string; details: string[] } {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const scope =
    preview.productCount === preview.eligibleProductCount
      ? preview.scopeTitle
      : `${preview.scopeTitle}, ${plural(preview.productCount, "product", "products")} in all`;
  const headline = `${plural(preview.renderCount, "render", "renders")} of ${plural(preview.eligibleProductCount, "product", "products")} (${scope})`;
  const garments = describeGarments(
    preview.garments.map(({ productType, count }) => ({ productType, count: count * preview.candidatesPerProduct })),
  );
  const details: string[] = [];
  if (preview.colours && preview.colours.renders > 0)
    details.push(
      `One shot per colour for ${plural(preview.colours.products, "product", "products")}: ${plural(preview.colours.renders, "colour", "colours")} in all.`,
    );
  if (preview.candidatesPerProduct > 1)
    details.push(`${preview.candidatesPerProduct} candidates of each to choose from.`);
  return { headline, garments, details };
}

/** "5 renders as:": the heading of one set of options in the preview, counted in renders like the headline. */
export function sendsHeading(count: number, candidatesPerProduct: number): string {
  const renders = count * candidatesPerProduct;
  return `${renders} ${renders === 1 ? "render" : "renders"} as:`;
}

/** How many renders a budget allows, for the sentence under the estimate. */
export function rendersWithinBudget(budget: number | null, creditsPerRender: number, eligible: number): number {
  if (budget === null || creditsPerRender <= 0) return eligible;
  return Math.min(eligible, Math.floor(budget / creditsPerRender));
}

/** The garments chosen for products the app could not place, as the form posts them ("Leave out" is no entry). */
export function garmentChoicesField(choices: Readonly<Record<string, string>>): string {
  const chosen = Object.fromEntries(Object.entries(choices).filter(([, garment]) => garment !== ""));
  return Object.keys(chosen).length > 0 ? JSON.stringify(chosen) : "";
}
