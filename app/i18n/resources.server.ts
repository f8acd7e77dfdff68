import { APP_LOCALES, DEFAULT_LOCALE, PSEUDO_LOCALE, type AppLocale, type UiLocale } from "./locales";
import { pseudoLocalise, type TranslationTree } from "./pseudo";

/**
 * The translation files, one per screen (namespace) per language: app/i18n/locales/<locale>/<namespace>.json.
 * A new screen adds its namespace as a file in every language folder; nothing here needs to change.
 */
const files = import.meta.glob<TranslationTree>("./locales/*/*.json", { eager: true, import: "default" });

export type Translations = Record<string, TranslationTree>;

function readLocale(locale: AppLocale): Translations {
  const namespaces: Translations = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === locale && match[2]) namespaces[match[2]] = tree;
  }
  return namespaces;
}

const byLocale = new Map<UiLocale, Translations>();

/** Every namespace of one language, as the page needs them (English for the pseudo-locale, transformed). */
export function translationsFor(locale: UiLocale): Translations {
  let translations = byLocale.get(locale);
  if (!translations) {
    if (locale === PSEUDO_LOCALE) {
      translations = Object.fromEntries(
        Object.entries(readLocale(DEFAULT_LOCALE)).map(([namespace, tree]) => [namespace, pseudoLocalise(tree)]),
      );
    } else {
      translations = readLocale(locale);
    }
    byLocale.set(locale, translations);
  }
  return translations;
}

/** Every language's namespaces, for the completeness test. */
export function allTranslations(): Record<AppLocale, Translations> {
  return Object.fromEntries(APP_LOCALES.map((locale) => [locale, readLocale(locale)])) as Record<
    AppLocale,
    Translations
  >;
}

// Polaris's own words (its buttons, pagination, empty states) in the same language. Loaded on the server only:
// the page receives the one language it needs.
type JsonModule = { default: unknown };
const POLARIS: Record<AppLocale, () => Promise<JsonModule>> = {
  en: () => import("@shopify/polaris/locales/en.json"),
  de: () => import("@shopify/polaris/locales/de.json"),
  fr: () => import("@shopify/polaris/locales/fr.json"),
  es: () => import("@shopify/polaris/locales/es.json"),
  it: () => import("@shopify/polaris/locales/it.json"),
  nl: () => import("@shopify/polaris/locales/nl.json"),
  ja: () => import("@shopify/polaris/locales/ja.json"),
  "pt-BR": () => import("@shopify/polaris/locales/pt-BR.json"),
};

/** Polaris's translations for a language (English's for the pseudo-locale: Polaris's words are not ours). */
export async function polarisTranslationsFor(locale: UiLocale): Promise<TranslationTree> {
  const loaded = await POLARIS[locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale]();
  return loaded.default as TranslationTree;
}
