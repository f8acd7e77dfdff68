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
