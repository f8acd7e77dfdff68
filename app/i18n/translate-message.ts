import type { TFunction } from "i18next";
import { decodeStaffMessage, type StaffMessage, type StaffMessageParams } from "~/lib/staff-message";

// A parameter that is itself a message ("Dress" inside "Dress, from its product type: Robe") is worded first. Only
// the app's message namespace nests: a product title that merely looks like "a:b" stays data.
const NESTED = /^messages:[\w.-]+(\?.*)?$/s;

// Numbers in a message ("at most 1,000 products", "10 MB") are written as the reader's language writes them.
// `count` stays a number: it picks the plural, and Shopify's format writes it with Intl itself.
function numberIn(locale: string, value: number): string {
  try {
    return new Intl.NumberFormat(locale).format(value);
  } catch {
    return new Intl.NumberFormat("en").format(value);
  }
}

function wordedParams(
  t: TFunction,
  locale: string,
  params: StaffMessageParams | undefined,
  depth: number,
): StaffMessageParams {
  if (!params) return {};
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (typeof value === "number") return [name, name === "count" ? value : numberIn(locale, value)];
      if (depth > 3 || !NESTED.test(value)) return [name, value];
      const nested = decodeStaffMessage(value);
      return [name, nested ? wordedMessage(t, locale, nested, depth + 1) : value];
    }),
  );
}

function wordedMessage(t: TFunction, locale: string, message: StaffMessage, depth: number): string {
  return t(message.key, wordedParams(t, locale, message.params, depth));
}

/** A message (key and parameters) in the language of `t`; parameters that are messages are worded too. */
export function translateMessage(t: TFunction, message: StaffMessage, locale: string): string {
  return wordedMessage(t, locale, message, 0);
}

/** A string that may encode a message ("settings:errors.keyTooShort?min=8"): its words, or the string as it is. */
export function translateText(t: TFunction, text: string, locale: string): string {
  const message = decodeStaffMessage(text);
  return message ? translateMessage(t, message, locale) : text;
}
