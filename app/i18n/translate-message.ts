import type { TFunction } from "i18next";
import { decodeStaffMessage, type StaffMessage, type StaffMessageParams } from "~/lib/staff-message";

// A parameter that is itself a message ("Dress" inside "Dress, from its product type: Robe") is worded first. Only
// the app's message namespace nests: a product title that merely looks like "a:b" stays data.
const NESTED = /^messages:[\w.-]+(\?.*)?$/s;

function wordedParams(t: TFunction, params: StaffMessageParams | undefined, depth: number): StaffMessageParams {
  if (!params) return {};
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (typeof value !== "string" || depth > 3 || !NESTED.test(value)) return [name, value];
      const nested = decodeStaffMessage(value);
      return [name, nested ? wordedMessage(t, nested, depth + 1) : value];
    }),
  );
}

function wordedMessage(t: TFunction, message: StaffMessage, depth: number): string {
  return t(message.key, wordedParams(t, message.params, depth));
}

/** A message (key and parameters) in the language of `t`; parameters that are messages are worded too. */
export function translateMessage(t: TFunction, message: StaffMessage): string {
  return wordedMessage(t, message, 0);
}

/** A string that may encode a message ("settings:errors.keyTooShort?min=8"): its words, or the string as it is. */
export function translateText(t: TFunction, text: string): string {
  const message = decodeStaffMessage(text);
  return message ? translateMessage(t, message) : text;
}
