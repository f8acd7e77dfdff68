import sharp from "sharp";
import { type ImageFormat, sniffImageFormat } from "./image-probe";

/**
 * What a result must be before it goes into a shop's Files: a JPEG, PNG or WebP by its own bytes (whatever the
 * Content-Type says: an SVG or XML body declared image/* must never reach Files), with dimensions a render can have.
 * Only the start of the body is read (the header holds the dimensions), so the image can still stream on.
 */

export const RESULT_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];
/** Bytes read before deciding: the header of every accepted format, and room for a JPEG's EXIF block before it. */
export const RESULT_HEAD_BYTES = 256 * 1024;
export const RESULT_MIN_SIDE = 64;
export const RESULT_MAX_SIDE = 16_384;
export const RESULT_MAX_PIXELS = 100_000_000;

const FORMAT_WORDS: Partial<Record<ImageFormat, string>> = {
  svg: "an SVG or XML document",
  other: "something other than an image",
};

export type ResultCheck =
  { ok: true; format: ImageFormat; width: number; height: number } | { ok: false; reason: string };

/** Checks the first bytes of a result (up to RESULT_HEAD_BYTES); `reason` is a sentence for staff. */
export async function checkResultHead(head: Uint8Array): Promise<ResultCheck> {
  const format = sniffImageFormat(head);
  if (!RESULT_FORMATS.includes(format)) {
    const what = FORMAT_WORDS[format] ?? `a ${format.toUpperCase()} file`;
    return { ok: false, reason: `The try-on service's result is ${what}; only JPEG, PNG or WebP images are saved.` };
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(head, { failOn: "none" }).metadata());
  } catch {
    width = undefined;
  }
  if (!width || !height) {
    return { ok: false, reason: "The try-on service's result is a damaged image: its size cannot be read." };
  }
  const sane =
    Math.min(width, height) >= RESULT_MIN_SIDE &&
    Math.max(width, height) <= RESULT_MAX_SIDE &&
    width * height <= RESULT_MAX_PIXELS;
  if (!sane) {
    return {
      ok: false,
      reason: `The try-on service's result is ${width}×${height} pixels, not the size of a render (${RESULT_MIN_SIDE} to ${RESULT_MAX_SIDE} pixels a side).`,
    };
  }
  return { ok: true, format, width, height };
}
