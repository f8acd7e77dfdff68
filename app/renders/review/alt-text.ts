/**
 * The alt text suggested when approving a render, in the shop's primary language: what shoppers' screen readers
 * and search engines read about the image. Staff edit it before approving; it never marks the image as the app's
 * (the app knows its renders from its records, ADR 071).
 */
const TEMPLATES: Record<string, (product: string, colour: string | null) => string> = {
  en: (product, colour) => (colour ? `${product} in ${colour}, worn by a model` : `${product}, worn by a model`),
  de: (product, colour) =>
    colour ? `${product} in ${colour}, von einem Model getragen` : `${product}, von einem Model getragen`,
  fr: (product, colour) =>
    colour ? `${product} coloris ${colour}, porté par un mannequin` : `${product}, porté par un mannequin`,
  es: (product, colour) =>
    colour ? `${product} en ${colour}, llevado por un modelo` : `${product}, llevado por un modelo`,
  it: (product, colour) =>
    colour ? `${product} in ${colour}, indossato da un modello` : `${product}, indossato da un modello`,
  nl: (product, colour) =>
    colour ? `${product} in ${colour}, gedragen door een model` : `${product}, gedragen door een model`,
  ja: (product, colour) => (colour ? `${product}（${colour}）を着用したモデル` : `${product}を着用したモデル`),
  "pt-BR": (product, colour) =>
    colour ? `${product} em ${colour}, usado por um modelo` : `${product}, usado por um modelo`,
};

/** The template for a locale ("pt-BR", "de-CH" → "de"), English when there is none for it. */
function templateFor(locale: string) {
  return (
    TEMPLATES[locale] ??
    TEMPLATES[locale.split("-")[0] ?? ""] ??
    (locale.startsWith("pt") ? TEMPLATES["pt-BR"] : undefined) ??
    TEMPLATES.en!
  );
}

export function suggestedAltText(locale: string, productTitle: string, colour: string | null): string {
  return templateFor(locale)(productTitle.trim(), colour?.trim() || null).slice(0, 512);
}

/**
 * The language to suggest alt text in: the shop's primary one as `readPrimaryLocale` finds it (Shopify's
 * `shopLocales`, which needs the `read_locales` scope, ADR 095), or English when it cannot be read: a shop that has
 * not granted the scope yet, or Shopify failing. Staff edit the suggestion either way, so nothing waits on it.
 */
export async function altTextLocale(readPrimaryLocale: () => Promise<string>): Promise<string> {
  try {
    return (await readPrimaryLocale()) || "en";
  } catch {
    return "en";
  }
}
