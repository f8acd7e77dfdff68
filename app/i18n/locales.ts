import { pseudoLocalise } from "./pseudo";

/**
 * The languages staff can use the app in, and how the one Shopify asks for is matched to them. Shopify admin
 * passes the staff member's language as the `locale` query parameter of the app's URL (`de`, `pt-BR`, `zh-CN`...);
 * a language we do not have falls back to its nearest one, then to English.
 */

export const APP_LOCALES = ["en", "de", "fr", "es", "it", "nl", "ja", "pt-BR"] as const;
export type AppLocale = (typeof APP_LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = "en";

/**
 * A test-only language: English with every value wrapped in ⟦…⟧ and its letters accented, so a browser walk can
 * tell text that came from a translation file from text that did not. Never offered in production.
 */
export const PSEUDO_LOCALE = "en-XA";
export type UiLocale = AppLocale | typeof PSEUDO_LOCALE;

const byLowerCase = new Map<string, AppLocale>(APP_LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The app's language for a requested tag, or null when neither the tag nor its language is one of ours. */
export function matchLocale(requested: string): AppLocale | null {
  const tag = requested.trim().replaceAll("_", "-").toLowerCase();
  if (!tag) return null;
  const exact = byLowerCase.get(tag);
  if (exact) return exact;
  const language = tag.split("-")[0] ?? "";
  // Portuguese of Portugal reads Brazilian Portuguese far better than English.
  if (language === "pt") return "pt-BR";
  return byLowerCase.get(language) ?? null;
}

/** Accept-Language's tags in the order of preference the browser gave them. */
function acceptedTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language of a document request: Shopify's `locale` parameter first (what the admin is shown in), then the
 * browser's Accept-Language (the login page, opened outside the admin), then English. The pseudo-locale only where
 * it is allowed (tests and the sandbox).
 */
export function localeOfRequest(url: URL, acceptLanguage: string | null, allowPseudo: boolean): UiLocale {
  const requested = url.searchParams.get("locale");
  if (requested !== null) {
    if (allowPseudo && requested.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
    const matched = matchLocale(requested);
    if (matched) return matched;
  }
  for (const tag of acceptedTags(acceptLanguage ?? "")) {
    const matched = matchLocale(tag);
    if (matched) return matched;
  }
  return DEFAULT_LOCALE;
}

/** The tag Intl formats with: the pseudo-locale formats as English. */
export const intlLocale = (locale: UiLocale): AppLocale => (locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale);

// The pseudo-locale's file is made from English (app/i18n/pseudo.ts), so an extension shown in it reports the
// pseudo form of its "en": "⟦éñ⟧".
const PSEUDO_EXTENSION_TAG = pseudoLocalise({ tag: DEFAULT_LOCALE }).tag;

/**
 * The language of an admin extension's dialog, which its requests name (`?locale=`, the tag of the locale file
 * Shopify chose for it, ADR 094): its API answers are worded in it. English when it names none we have (an older
 * bundle, or a language the extension has no file for, whose dialog is then English too).
 */
export function dialogLocaleOf(url: URL, allowPseudo: boolean): UiLocale {
  const requested = url.searchParams.get("locale") ?? "";
  if (allowPseudo && (requested === PSEUDO_EXTENSION_TAG || requested === PSEUDO_LOCALE)) return PSEUDO_LOCALE;
  return matchLocale(requested) ?? DEFAULT_LOCALE;
}
