/**
 * The extensions' words, from each extension's own locales/ files through Shopify's `shopify.i18n.translate`
 * (the admin picks the staff member's language). Each extension's entry module hands its translate function over
 * once, before it renders; the shared components and the API client read their words through `t`.
 */
export type Translate = (key: string, options?: Record<string, string | number>) => string;

let translate: Translate = (key) => key;

export function setExtensionTranslate(fromShopify: Translate): void {
  translate = fromShopify;
}

export const t: Translate = (key, options) => translate(key, options);

/** "1 credit", "1.250 Credits", "5 クレジット": the language's plural rules, from the locale files. */
export const creditsText = (count: number): string => t("credits", { count });
