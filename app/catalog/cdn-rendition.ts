/**
 * A rendition of an image on Shopify's CDN: its file URLs (`…/s/files/…`) take `width`, `height` (the image fits
 * inside both, never enlarged) and `format` (`jpg`, `webp`, `png`), as `Image.url(transform:)` returns them. Other
 * URLs are returned unchanged: there is nothing to ask them for.
 */
export interface RenditionRequest {
  width: number;
  height?: number;
  format?: "jpg" | "webp" | "png";
}

export const isShopifyCdnFile = (url: URL) => url.pathname.includes("/s/files/");

export function cdnRendition(url: string, request: number | RenditionRequest): string {
  const { width, height, format } = typeof request === "number" ? { width: request } : request;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!isShopifyCdnFile(parsed)) return url;
  parsed.searchParams.set("width", String(width));
  if (height) parsed.searchParams.set("height", String(height));
  if (format) parsed.searchParams.set("format", format);
  return parsed.toString();
}
