/**
 * Decoding for the colour fidelity score: each image is decoded once, straight to a small working size
 * (JPEG and WebP shrink while decoding, so a 2K render never exists at full size in memory), as 8-bit RGBA.
 * The decoder is injected into the scorer so tests and other callers can hand it pixels without sharp.
 */
import sharp from "sharp";

/** 8-bit sRGB pixels with alpha, row by row. */
export interface RasterImage {
  width: number;
  height: number;
  /** width × height × 4 bytes: r, g, b, alpha. */
  rgba: Uint8Array;
}

/** Turns an encoded image into a working-size raster; rejects (throws) for anything it cannot read. */
export type ImageDecoder = (encoded: Buffer, maxSide: number) => Promise<RasterImage>;

/** Larger inputs are refused rather than decoded: far beyond any product photo or 4K render. */
const MAX_INPUT_PIXELS = 40_000_000;

export const decodeWithSharp: ImageDecoder = async (encoded, maxSide) => {
  const { data, info } = await sharp(encoded, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
    // A box-like shrink averages the texture and JPEG noise of each working pixel, which is what a colour
    // statistic wants; colours are compared in sRGB as the eye sees the picture, not re-lit.
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true, kernel: "linear" })
    .toColourspace("srgb")
    .ensureAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`expected 4 channels after decoding, got ${info.channels}`);
  return {
    width: info.width,
    height: info.height,
    rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
};
