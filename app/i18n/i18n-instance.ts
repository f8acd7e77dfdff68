import ShopifyFormat from "@shopify/i18next-shopify";
import { createInstance, type i18n } from "i18next";
import type { UiLocale } from "./locales";
import type { Translations } from "./resources.server";

// Node without a bundler (the catalog check's script under tsx) sees this CommonJS plugin as { default: plugin }.
const shopifyFormat = (ShopifyFormat as unknown as { default?: typeof ShopifyFormat }).default ?? ShopifyFormat;

/**
 * One i18next instance per page, made synchronously from the translations the page's loader sent, so the server
 * and the browser render the same words. Shopify's format (@shopify/i18next-shopify): `{{name}}` variables, plurals
 * as nested `one`/`other` keys chosen by Intl.PluralRules, the same format as the extensions' locale files.
 */
export function createI18n(locale: UiLocale, translations: Translations): i18n {
  const instance = createInstance();
  void instance.use(shopifyFormat).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: false,
    resources: { [locale]: translations },
    ns: Object.keys(translations),
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
    // A missing key shows as itself ("settings:title"): visible in review and caught by the pseudo-locale walk.
    returnNull: false,
  });
  return instance;
}
