/**
 * A smaller rendition of an image on Shopify's CDN: its file URLs (`…/s/files/…`) take `width` (and `height`) and
 * answer a resized image, as `Image.url(transform:)` does. Product photos are stored at up to 2048 px for the
 * try-on service; a grid that shows them small should not download them whole. Other URLs are returned unchanged.
 */
export function cdnRendition(url: string, width: number): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.pathname.includes("/s/files/")) return url;
  parsed.searchParams.set("width", String(width));
  return parsed.toString();
}
