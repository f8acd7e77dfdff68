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

/**
 * A sentence from the app: the app sends some as message keys ("messages:queue.full?count=3&queued=8&max=10",
 * app/lib/staff-message.ts); those are worded from this extension's locale files (`messages.queue.full`), anything
 * else is shown as the app wrote it.
 */
export function sayMessage(text: string): string {
  const match = /^messages:([\w.-]+)(?:\?(.*))?$/s.exec(text);
  if (!match) return text;
  const key = `messages.${match[1] ?? ""}`;
  const params: Record<string, string | number> = {};
  // "title~text=2025": a text that reads as a number, kept as text (encodeStaffMessage marks it).
  for (const [name, value] of new URLSearchParams(match[2] ?? ""))
    if (name.endsWith("~text")) params[name.slice(0, -5)] = value;
    else params[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  const words = t(key, params);
  return words === key ? text : words;
}
