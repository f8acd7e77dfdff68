/**
 * A render is lit differently from its product photo: folds and the body's own shade darken a worn garment
 * against a flat-lay, and in linear light that is (to first order) one gain on every colour of the garment,
 * lowering L* and chroma together. The score estimates that gain from the matched colours (their median
 * luminance ratio, weighted by share, so one colour that drifted does not set it), allows it only within a
 * narrow range (score.ts: up to 5 % darker), and compares each product colour with its render colour relit by
 * it. A plain garment cannot tell a darker light from a darker dye, so the range is kept narrow: a lightness
 * change beyond it counts in full (benchmark 8: a range down to 0.9 or 0.85 cost 1–4 points of detection).
 */
import type { Lab } from "./lab";

/** D65 white, as culori and lab.ts use it. */
const WHITE_X = 0.3127 / 0.329;
const WHITE_Z = (1 - 0.3127 - 0.329) / 0.329;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

const fInverse = (f: number) => (f * f * f > EPSILON ? f * f * f : (116 * f - 16) / KAPPA);
const f = (t: number) => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

/** Relative luminance Y (white = 1) of a Lab colour. */
export function luminance(lab: Lab): number {
  return fInverse((lab.l + 16) / 116);
}

/** The Lab colour of the same surface under `gain` times the light (XYZ scaled, chromaticity kept). */
export function relit(lab: Lab, gain: number): Lab {
  const fy = (lab.l + 16) / 116;
  const x = fInverse(fy + lab.a / 500) * WHITE_X * gain;
  const y = fInverse(fy) * gain;
  const z = fInverse(fy - lab.b / 200) * WHITE_Z * gain;
  const fx = f(x / WHITE_X);
  const fyOut = f(y);
  const fz = f(z / WHITE_Z);
  return { l: 116 * fyOut - 16, a: 500 * (fx - fyOut), b: 200 * (fyOut - fz) };
}

export interface GainRange {
  min: number;
  max: number;
}

/**
 * The render's light relative to the photo's: the share-weighted median of render/photo luminance ratios over
 * matched colour pairs, clamped into `range`. 1 when there is nothing to go on.
 */
export function relativeExposure(
  pairs: ReadonlyArray<{ source: Lab; render: Lab; share: number }>,
  range: GainRange,
): number {
  const ratios = pairs
    .filter((pair) => pair.share > 0 && luminance(pair.source) > 0.002 && luminance(pair.render) > 0.002)
    .map((pair) => ({ ratio: Math.log(luminance(pair.render) / luminance(pair.source)), share: pair.share }))
    .sort((x, y) => x.ratio - y.ratio);
  const total = ratios.reduce((sum, item) => sum + item.share, 0);
  if (total === 0) return 1;
  let seen = 0;
  let median = 0;
  for (const item of ratios) {
    seen += item.share;
    median = item.ratio;
    if (seen >= total / 2) break;
  }
  return Math.min(range.max, Math.max(range.min, Math.exp(median)));
}
