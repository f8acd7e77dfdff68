/**
 * A sentence staff will read, kept as a translation key and its parameters rather than as words, so that code
 * below the screens (failure reasons stored on renders, refusals, API errors) never picks a language. The screens
 * turn it into words with the translation files (`useStaffMessage` in app/i18n/react.tsx; the extensions with
 * their own locale files).
 *
 * `key` is "<namespace>:<key>" in app/i18n/locales; `params` fill its {{variables}} (`count` also picks the plural).
 */
export type StaffMessageParams = Record<string, string | number>;
export type StaffMessage = { key: string; params?: StaffMessageParams };

export const staffMessage = (key: string, params?: StaffMessageParams): StaffMessage =>
  params ? { key, params } : { key };

/** A stored or received value is a message (zod-free so the lowest layer can use it). */
export function isStaffMessage(value: unknown): value is StaffMessage {
  if (typeof value !== "object" || value === null) return false;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== "string" || !key.includes(":")) return false;
  if (params === undefined) return true;
  return (
    typeof params === "object" &&
    params !== null &&
    Object.values(params).every((param) => typeof param === "string" || typeof param === "number")
  );
}

// A message that must travel as a plain string (a form's field errors, zod's issue messages) is written
// "<namespace>:<key>" or "<namespace>:<key>?name=value&count=2"; anything else is shown as it is.
const ENCODED = /^[a-z][\w-]*:[\w.-]+(\?.*)?$/i;

const NUMBER = /^-?\d+(\.\d+)?$/;
// A text that reads as a number (a collection titled "2025") is sent under a marked name, so it comes back as text and
// is not written as a figure ("2,025").
const TEXT_MARK = "~text";

export function encodeStaffMessage(message: StaffMessage): string {
  if (!message.params || Object.keys(message.params).length === 0) return message.key;
  const query = new URLSearchParams(
    Object.entries(message.params).map(([name, value]) =>
      typeof value === "string" && NUMBER.test(value) ? [`${name}${TEXT_MARK}`, value] : [name, String(value)],
    ),
  );
  return `${message.key}?${query.toString()}`;
}

/** The message a string encodes, or null for text that is not one (data, or words from outside the app). */
export function decodeStaffMessage(text: string): StaffMessage | null {
  if (!ENCODED.test(text)) return null;
  const [key = "", query] = text.split(/\?(.*)/s, 2);
  if (query === undefined) return { key };
  const params: StaffMessageParams = {};
  for (const [name, value] of new URLSearchParams(query)) {
    if (name.endsWith(TEXT_MARK)) params[name.slice(0, -TEXT_MARK.length)] = value;
    else params[name] = NUMBER.test(value) ? Number(value) : value;
  }
  return { key, params };
}

/** An encoded message as a zod issue message: `z.string().min(8, messageKey("settings:errors.keyTooShort"))`. */
export const messageKey = (key: string, params?: StaffMessageParams): string =>
  encodeStaffMessage(staffMessage(key, params));
