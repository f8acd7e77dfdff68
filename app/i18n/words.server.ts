import type { TFunction } from "i18next";
import { decodeStaffMessage } from "~/lib/staff-message";
import { createI18n } from "./i18n-instance";
import type { UiLocale } from "./locales";
import { translationsFor } from "./resources.server";
import { translateText } from "./translate-message";

/**
 * Words on the server, for readers that have no translation files of the app: the admin extensions' dialogs
 * (ADR 094: the extension API answers in the dialog's language) and the catalog check's CSV.
 */

const translators = new Map<UiLocale, { t: TFunction; namespaces: Set<string> }>();

function translatorFor(locale: UiLocale) {
  let translator = translators.get(locale);
  if (!translator) {
    const translations = translationsFor(locale);
    translator = { t: createI18n(locale, translations).t, namespaces: new Set(Object.keys(translations)) };
    translators.set(locale, translator);
  }
  return translator;
}

/** A string in a language: an encoded message of one of the app's namespaces is worded, anything else kept. */
export function wordsFor(locale: UiLocale): (text: string) => string {
  const { t, namespaces } = translatorFor(locale);
  return (text) => {
    const message = decodeStaffMessage(text);
    // "Top:Blue" (a product's title) decodes too, but names no namespace of ours: it stays data.
    if (!message || !namespaces.has(message.key.split(":")[0] ?? "")) return text;
    return translateText(t, text, locale);
  };
}

/** A JSON answer with every encoded message in it worded in `locale`; numbers, data and structure unchanged. */
export function wordedAnswer<T>(body: T, locale: UiLocale): T {
  const say = wordsFor(locale);
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return say(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return walk(body) as T;
}
