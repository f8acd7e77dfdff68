/**
 * A working-size image with each pixel's Lab beside its RGBA, and the colour its pixels crowd around (the
 * backdrop's, the skin's). All distances here are the lightness-weighted Lab distance of lab.ts.
 */
import { type Lab, weightedDistanceSq } from "./lab";

/** A working-size image with each pixel's Lab (interleaved l, a, b) beside its RGBA. */
export interface LabImage {
  width: number;
  height: number;
  rgba: Uint8Array;
  lab: Float32Array;
}

/** Radius of one colour mode (a border colour, the skin tone), in the weighted distance. */
export const MODE_RADIUS = 10;
/** Pixels below this alpha are transparent. */
export const ALPHA_OPAQUE = 128;

/** The densest colour among `pixels` (coarse histogram, then two mean-shift steps), or undefined if none. */
export function densestColour(lab: Float32Array, pixels: readonly number[], kL: number): Lab | undefined {
  if (pixels.length === 0) return undefined;
  const bins = new Map<number, number>();
  let bestBin = -1;
  let bestCount = 0;
  for (const pixel of pixels) {
    const key =
      Math.floor((lab[pixel * 3] as number) / kL / 4) * 4096 +
      Math.floor(((lab[pixel * 3 + 1] as number) + 128) / 4) * 64 +
      Math.floor(((lab[pixel * 3 + 2] as number) + 128) / 4);
    const count = (bins.get(key) ?? 0) + 1;
    bins.set(key, count);
    if (count > bestCount) {
      bestCount = count;
      bestBin = key;
    }
  }
  let centre: Lab = {
    l: (Math.floor(bestBin / 4096) * 4 + 2) * kL,
    a: Math.floor((bestBin % 4096) / 64) * 4 + 2 - 128,
    b: (bestBin % 64) * 4 + 2 - 128,
  };
  for (let step = 0; step < 3; step++) {
    let l = 0;
    let a = 0;
    let b = 0;
    let n = 0;
    for (const pixel of pixels) {
      const pl = lab[pixel * 3] as number;
      const pa = lab[pixel * 3 + 1] as number;
      const pb = lab[pixel * 3 + 2] as number;
      if (weightedDistanceSq(pl, pa, pb, centre.l, centre.a, centre.b, kL) <= MODE_RADIUS * MODE_RADIUS) {
        l += pl;
        a += pa;
        b += pb;
        n++;
      }
    }
    if (n === 0) break;
    centre = { l: l / n, a: a / n, b: b / n };
  }
  return centre;
}

export const distanceTo = (lab: Float32Array, pixel: number, colour: Lab, kL: number) =>
  Math.sqrt(
    weightedDistanceSq(
      lab[pixel * 3] as number,
      lab[pixel * 3 + 1] as number,
      lab[pixel * 3 + 2] as number,
      colour.l,
      colour.a,
      colour.b,
      kL,
    ),
  );
