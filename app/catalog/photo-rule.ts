import { cdnRendition } from "./cdn-rendition";

/**
 * The one rule for the photos the try-on service receives, on every path (Generate, the product action, bulk runs,
 * the bulk actions, automation): not the original file but a rendition from Shopify's CDN, JPEG, fitting inside
 * the render's resolution. A GIF, an AVIF or HEIC, a 40 MB PNG are all sent as a JPEG the spec accepts (JPEG, PNG
 * or WebP, at most 10 MB), so no path renders a photo another path skips. The rendition is still checked (format
 * and size, downloaded) before any credit is spent: by the bulk preview for small runs and by the worker always,
 * in the same words (tryon/input-checks.ts describeImageProblem).
 */

/** The long side a photo is sent at, per resolution: the render is no sharper than what it is made from. */
export const SERVICE_PHOTO_EDGE: Readonly<Record<string, number>> = { "2K": 2048, "4K": 4096 };

/** The URL the service receives for a product photo at this resolution; a photo not on Shopify's CDN as it is. */
export function servicePhotoUrl(url: string, resolution: string): string {
  const edge = SERVICE_PHOTO_EDGE[resolution] ?? SERVICE_PHOTO_EDGE["2K"] ?? 2048;
  return cdnRendition(url, { width: edge, height: edge, format: "jpg" });
}
