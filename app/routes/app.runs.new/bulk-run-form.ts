import type { TFunction } from "i18next";
import { intlLocale, type UiLocale } from "~/i18n/locales";
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

/** A translation function of the bulkRun namespace (react-i18next's `t`, or i18next's `getFixedT`). */
export type BulkRunWords = TFunction<"bulkRun">;

const KNOWN_GARMENTS = new Set(["top", "bottom", "dress", "outerwear", "jumpsuit"]);

// English lists read "a, b and c" (no serial comma), as the app always wrote them.
const listFormats = new Map<string, Intl.ListFormat>();
function listIn(locale: UiLocale, items: string[]): string {
  const tag = intlLocale(locale) === "en" ? "en-GB" : intlLocale(locale);
  let format = listFormats.get(tag);
  if (!format) {
    format = new Intl.ListFormat(tag, { type: "conjunction", style: "long" });
    listFormats.set(tag, format);
  }
  return format.format(items);
}

/** "12 tops, 5 bottoms and 1 dress", for the preview. */
export function describeGarments(
  t: BulkRunWords,
  locale: UiLocale,
  garments: Array<{ productType: string; count: number }>,
): string {
  const parts = garments.map(({ productType, count }) =>
    KNOWN_GARMENTS.has(productType)
      ? t(`estimate.garment.${productType}`, { count })
      : t("estimate.garment.unknown", { count, name: productType.replace(/_/g, " ") }),
  );
  return parts.length === 0 ? "" : listIn(locale, parts);
}

/** "Decided 3 from the product's category in Shopify and 1 from the title.": where the decisions were read. */
export function decidedSentence(
  t: BulkRunWords,
  locale: UiLocale,
  decidedBy: Partial<Record<"category" | "type" | "title" | "staff", number>>,
): string {
  const sources = (["category", "type", "title", "staff"] as const)
    .filter((source) => (decidedBy[source] ?? 0) > 0)
    .map((source) => t(`decisions.source.${source}`, { count: decidedBy[source] }));
  return t("decisions.decided", { sources: listIn(locale, sources) });
}

/**
 * The preview's headline, in which every number counts the same thing (renders, candidates included), so its
 * parts add up: "5 renders of 2 products (Summer, 3 products in all): 3 tops and 2 dresses." A run by colour says
 * how many products that applies to; candidates say how many of each. Each count is its own plural, so a sentence
 * with two numbers agrees with both in every language.
 */
export function previewHeadline(
  t: BulkRunWords,
  locale: UiLocale,
  preview: {
    scopeTitle: string;
    productCount: number;
    eligibleProductCount: number;
    renderCount: number;
    candidatesPerProduct: number;
    garments: Array<{ productType: string; count: number }>;
    colours?: { renders: number; products: number } | undefined;
  },
): { headline: string; garments: string; details: string[] } {
  const products = (count: number) => t("estimate.products", { count });
  const scope =
    preview.productCount === preview.eligibleProductCount
      ? preview.scopeTitle
      : t("estimate.scopeInAll", { title: preview.scopeTitle, products: products(preview.productCount) });
  const headline = t("estimate.headline", {
    renders: t("estimate.renders", { count: preview.renderCount }),
    // "of 3 products": a language may word the products after "of" differently (German's dative).
    products: t("estimate.productsOf", { count: preview.eligibleProductCount }),
    scope,
  });
  const garments = describeGarments(
    t,
    locale,
    preview.garments.map(({ productType, count }) => ({ productType, count: count * preview.candidatesPerProduct })),
  );
  const details: string[] = [];
  if (preview.colours && preview.colours.renders > 0)
    details.push(
      t("estimate.byColour", {
        products: products(preview.colours.products),
        colours: t("estimate.colours", { count: preview.colours.renders }),
      }),
    );
  if (preview.candidatesPerProduct > 1)
    details.push(t("estimate.candidatesEach", { count: preview.candidatesPerProduct }));
  return { headline, garments, details };
}

/** "5 renders as:": the heading of one set of options in the preview, counted in renders like the headline. */
export function sendsHeading(t: BulkRunWords, count: number, candidatesPerProduct: number): string {
  return t("estimate.sendsHeading", { renders: t("estimate.renders", { count: count * candidatesPerProduct }) });
}

/** How many renders a budget allows, for the sentence under the estimate. */
export function rendersWithinBudget(budget: number | null, creditsPerRender: number, eligible: number): number {
  if (budget === null || creditsPerRender <= 0) return eligible;
  return Math.min(eligible, Math.floor(budget / creditsPerRender));
}

/** The garments chosen for products the app could not place, as the form posts them (leaving out is no entry). */
export function garmentChoicesField(choices: Readonly<Record<string, string>>): string {
  const chosen = Object.fromEntries(Object.entries(choices).filter(([, garment]) => garment !== ""));
  return Object.keys(chosen).length > 0 ? JSON.stringify(chosen) : "";
}
