/**
 * Bringing the two garments to the same scale before their colours are compared. A print that is resolved in
 * the product photo (stripes 12 working pixels apart) can be blended in the render (the garment there is half
 * as wide, the stripes 6 pixels apart, each working pixel a mix of both colours), and the blend would read as a
 * colour the product does not have. Shrinking the larger garment until both cover as many working pixels makes
 * the blending the same on both sides, so blends match blends.
 */
import type { PixelMask } from "./segment";

export interface MaskedRaster {
  width: number;
  height: number;
  rgba: Uint8Array;
  /** Which pixels are garment. */
  mask: PixelMask;
}

/** An output pixel is garment when at least this share of its box was garment (so edges do not blend in backdrop). */
const MIN_BOX_COVERAGE = 0.75;

/**
 * Shrinks by `factor` (> 1) with an area-weighted box filter over garment pixels only: each output pixel is the
 * mean sRGB of the garment pixels under it (as a resize averages, in the image's own encoding), and is garment
 * when they cover MIN_BOX_COVERAGE of its box.
 */
export function shrinkMasked(input: MaskedRaster, factor: number): MaskedRaster {
  const width = Math.max(1, Math.floor(input.width / factor));
  const height = Math.max(1, Math.floor(input.height / factor));
  const sums = new Float64Array(width * height * 4);
  const area = factor * factor;
  // Each input pixel spreads over at most 2×2 output pixels, by the overlap of its square with theirs.
  for (let y = 0; y < input.height; y++) {
    const top = y / factor;
    const bottom = (y + 1) / factor;
    const row0 = Math.floor(top);
    if (row0 >= height) break;
    const splitY = Math.min(bottom, row0 + 1);
    const weight0Y = (splitY - top) * factor;
    for (let x = 0; x < input.width; x++) {
      const pixel = y * input.width + x;
      if (!input.mask[pixel]) continue;
      const left = x / factor;
      const right = (x + 1) / factor;
      const column0 = Math.floor(left);
      if (column0 >= width) break;
      const splitX = Math.min(right, column0 + 1);
      const weight0X = (splitX - left) * factor;
      const r = input.rgba[pixel * 4] as number;
      const g = input.rgba[pixel * 4 + 1] as number;
      const b = input.rgba[pixel * 4 + 2] as number;
      for (let dy = 0; dy < 2; dy++) {
        const outY = row0 + dy;
        const weightY = dy === 0 ? weight0Y : 1 - weight0Y;
        if (weightY <= 0 || outY >= height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const outX = column0 + dx;
          const weightX = dx === 0 ? weight0X : 1 - weight0X;
          if (weightX <= 0 || outX >= width) continue;
          const weight = weightX * weightY;
          const out = (outY * width + outX) * 4;
          sums[out] = (sums[out] as number) + r * weight;
          sums[out + 1] = (sums[out + 1] as number) + g * weight;
          sums[out + 2] = (sums[out + 2] as number) + b * weight;
          sums[out + 3] = (sums[out + 3] as number) + weight;
        }
      }
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  const mask = new Uint8Array(width * height);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const weight = sums[pixel * 4 + 3] as number;
    if (weight <= 0) continue;
    rgba[pixel * 4] = Math.round((sums[pixel * 4] as number) / weight);
    rgba[pixel * 4 + 1] = Math.round((sums[pixel * 4 + 1] as number) / weight);
    rgba[pixel * 4 + 2] = Math.round((sums[pixel * 4 + 2] as number) / weight);
    rgba[pixel * 4 + 3] = 255;
    if (weight >= MIN_BOX_COVERAGE * area) mask[pixel] = 1;
  }
  return { width, height, rgba, mask };
}
