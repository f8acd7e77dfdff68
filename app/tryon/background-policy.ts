/**
 * What a render's background may be: an id from the service's catalog, or an image on Shopify's CDN (the shop's own
 * Files). Nothing else: a free-text URL would let a shop make the server (and the service) fetch anything. Pure and
 * browser-safe: the forms show the same words the worker checks with.
 */

export const SHOPIFY_CDN_HOST = "cdn.shopify.com";

/** The refusal as an encoded message key: the forms and the worker's check `say()` the same words. */
export const BACKGROUND_NOT_ALLOWED = "messages:photo.backgroundNotAllowed";

/** Why a background value is refused, or null when it is a catalog id or an image on Shopify's CDN. */
export function backgroundProblem(value: string): string | null {
  // Catalog ids are plain names; anything with a scheme or a path is treated as a URL.
  if (!/[:/\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return BACKGROUND_NOT_ALLOWED;
  }
  const onCdn =
    url.protocol === "https:" && url.hostname === SHOPIFY_CDN_HOST && !url.username && !url.password && !url.port;
  return onCdn ? null : BACKGROUND_NOT_ALLOWED;
}
