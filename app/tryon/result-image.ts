import sharp from "sharp";
import { type ImageFormat, sniffImageFormat } from "./image-probe";

/**
 * What a result must be before it goes into a shop's Files: a JPEG, PNG or WebP by its own bytes (whatever the
 * Content-Type says: an SVG or XML body declared image/* must never reach Files), with dimensions a render can have.
 * The start of the body is checked first (the header holds the format and the dimensions), so a result that is not
 * a render's image is refused before the rest is downloaded; then the whole file is decoded (checkResultFile), so a
 * body cut short or damaged after its header never reaches Files either (docs/decisions/068-results-decoded-in-full.md).
 */

export const RESULT_FORMATS: readonly ImageFormat[] = ["jpeg", "png", "webp"];
/** Bytes read before deciding: the header of every accepted format, and room for a JPEG's EXIF block before it. */
export const RESULT_HEAD_BYTES = 256 * 1024;
export const RESULT_MIN_SIDE = 64;
/**
 * Renders are at most 4096 pixels a side (4K; docs/tryon-service.md); twice that is allowed. The pixel count bounds
 * what decoding a result costs: 40 megapixels is about 1.5 s of one core for the noisiest PNG.
 */
export const RESULT_MAX_SIDE = 8_192;
export const RESULT_MAX_PIXELS = 40_000_000;

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

/**
 * Decodes a whole result from its file, every pixel, within RESULT_MAX_PIXELS (libvips reads it line by line, so
 * memory stays small). Refuses what its header check cannot see: a body cut short, a damaged image.
 */
export async function checkResultFile(path: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await sharp(path, { failOn: "error", limitInputPixels: RESULT_MAX_PIXELS, sequentialRead: true }).stats();
    return { ok: true };
  } catch {
    return {
      ok: false,
      reason: "The try-on service's result is a damaged image: it is cut short or its pixels cannot be read.",
    };
  }
}
