import type { SourceImages } from "~/looks/render-options";

/** A product's photo as the Admin API returns it (MediaImage). */
export interface ProductPhoto {
  mediaId: string;
  url: string | null;
  alt: string | null;
}

export type SourceImageChoice =
  | { ok: true; frontMediaId: string; frontUrl: string; backMediaId?: string; backUrl?: string }
  | { ok: false; reason: "no_image" };

const BACK_WORDS = /\b(back|rear|reverse)\b|[-_](back|rear)[-_.]/i;

const filenameOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "");

/** True when the photo's alt text or file name says it shows the back of the garment. */
export function looksLikeBackImage(photo: ProductPhoto): boolean {
  return Boolean((photo.alt && BACK_WORDS.test(photo.alt)) || (photo.url && BACK_WORDS.test(filenameOf(photo.url))));
}

/**
 * Sensible defaults: the first photo that is not a back view is the front; a photo whose alt text or file
 * name says "back" is the back image. Photos Shopify has not processed yet (no URL) are skipped; the app's own
 * model shots never reach here (the product source leaves them out from the app's records, ADR 071).
 */
export function chooseSourceImages(photos: ProductPhoto[]): SourceImageChoice {
  const usable = photos.filter((photo): photo is ProductPhoto & { url: string } => Boolean(photo.url));
  const back = usable.find(looksLikeBackImage);
  // A lone back view is still better than nothing: it becomes the front.
  const front = usable.find((photo) => photo !== back) ?? usable[0];
  if (!front) return { ok: false, reason: "no_image" };
  return {
    ok: true,
    frontMediaId: front.mediaId,
    frontUrl: front.url,
    ...(back && back !== front ? { backMediaId: back.mediaId, backUrl: back.url } : {}),
  };
}

/** The images a render is sent with, from the photos chosen for the front and (optionally) the back. */
export function sourceImagesOf(chosen: {
  frontUrl: string;
  frontMediaId: string;
  backUrl?: string | undefined;
  backMediaId?: string | undefined;
}): SourceImages {
  return {
    front: [chosen.frontUrl],
    ...(chosen.backUrl ? { back: chosen.backUrl } : {}),
    mediaIds: [chosen.frontMediaId, ...(chosen.backMediaId ? [chosen.backMediaId] : [])],
  };
}
