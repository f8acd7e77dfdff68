/**
 * Shopify's global ids (`gid://shopify/Product/123`), the form every layer stores a product, collection or variant
 * in: parsed and built here only. Pure, used on the server and in the browser.
 */

export type GidType = "Product" | "Collection" | "ProductVariant";

/** Matches a gid of this type exactly, capturing its number. */
export function gidPattern(type: GidType): RegExp {
  return new RegExp(`^gid://shopify/${type}/(\\d+)$`);
}

/** The gid of a numeric id (webhook payloads carry the number only). */
export function gidOf(type: GidType, numericId: number | string): string {
  return `gid://shopify/${type}/${numericId}`;
}

/** The number at the end of a Shopify gid (`gid://shopify/Product/123` → `123`), or null when it is not one. */
export function numericIdOf(gid: string): string | null {
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)$/.exec(gid);
  return match?.[1] ?? null;
}

/** Accepts `123` or `gid://shopify/<type>/123`; null for anything else. */
export function toGid(type: GidType, idOrGid: string): string | null {
  const trimmed = idOrGid.trim();
  if (/^\d+$/.test(trimmed)) return gidOf(type, trimmed);
  return gidPattern(type).test(trimmed) ? trimmed : null;
}

/** A link that opens the product in Shopify admin from inside the embedded app. */
export function productAdminUrl(productGid: string): string | null {
  const id = numericIdOf(productGid);
  return id ? `shopify://admin/products/${id}` : null;
}
