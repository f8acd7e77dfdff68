/**
 * CIELAB (D65) and CIEDE2000 for the colour fidelity score. Colour science that is easy to get subtly wrong
 * (CIEDE2000, gamut clamping, CSS colour parsing) comes from culori; the per-pixel sRGB → Lab conversion is
 * written out here because it runs on every working pixel of two images (culori's object-per-colour API costs
 * about 0.5 µs a pixel, a third of the time budget on its own). lab.test.ts checks both agree.
 */
import { convertLab65ToRgb, converter, differenceCiede2000, formatHex, parse } from "culori";

export interface Lab {
  /** Lightness, 0 (black) to 100 (white). */
  l: number;
  /** Green (−) to red (+). */
  a: number;
  /** Blue (−) to yellow (+). */
  b: number;
}

/** CIEDE2000's parametric weights; kL = 2 counts lightness differences half, as textile practice does. */
export interface DeltaEWeights {
  kL: number;
  kC: number;
  kH: number;
}

export const STANDARD_WEIGHTS: DeltaEWeights = { kL: 1, kC: 1, kH: 1 };

const differenceByWeights = new Map<string, ReturnType<typeof differenceCiede2000>>();

/** CIEDE2000 colour difference between a reference and a sample (not symmetric in theory; nearly so in practice). */
export function ciede2000(reference: Lab, sample: Lab, weights: DeltaEWeights = STANDARD_WEIGHTS): number {
  const key = `${weights.kL}/${weights.kC}/${weights.kH}`;
  let difference = differenceByWeights.get(key);
  if (!difference) {
    difference = differenceCiede2000(weights.kL, weights.kC, weights.kH);
    differenceByWeights.set(key, difference);
  }
  return difference({ mode: "lab65", ...reference }, { mode: "lab65", ...sample });
}

// sRGB → Lab D65, the same constants as culori (src/xyz65/convertRgbToXyz65.js, src/constants.js).
const WHITE_X = 0.3127 / 0.329;
const WHITE_Z = (1 - 0.3127 - 0.329) / 0.329;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

/** The sRGB transfer function inverted, for each 8-bit value. */
const LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const channel = value / 255;
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
});

const labF = (t: number) => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

/**
 * X/Xn, Y/Yn, Z/Zn as sums of one table entry per channel (linear RGB times the matrix column, divided by the
 * white point), so a pixel costs nine lookups and three interpolated cube roots instead of three powers and
 * three Math.cbrt calls: about 10 ns a pixel instead of 50–200.
 */
const channelTable = (coefficient: number, white: number) => LINEAR.map((linear) => (coefficient * linear) / white);
const X_FROM = [
  channelTable(0.4123907992659593, WHITE_X),
  channelTable(0.357584339383878, WHITE_X),
  channelTable(0.1804807884018343, WHITE_X),
] as const;
const Y_FROM = [
  channelTable(0.2126390058715102, 1),
  channelTable(0.715168678767756, 1),
  channelTable(0.0721923153607337, 1),
] as const;
const Z_FROM = [
  channelTable(0.0193308187155918, WHITE_Z),
  channelTable(0.119194779794626, WHITE_Z),
  channelTable(0.9505321522496607, WHITE_Z),
] as const;

/** labF sampled on [0, 1] (X/Xn etc. of sRGB colours never exceed 1), interpolated linearly: error < 0.001 in L*a*b*. */
const F_STEPS = 4096;
const F_TABLE = Float64Array.from({ length: F_STEPS + 2 }, (_, step) => labF(step / F_STEPS));

function labFFast(t: number): number {
  const position = Math.min(Math.max(t, 0), 1) * F_STEPS;
  const index = position | 0;
  const weight = position - index;
  return (F_TABLE[index] as number) * (1 - weight) + (F_TABLE[index + 1] as number) * weight;
}

function writeLab(red: number, green: number, blue: number, out: Float32Array, offset: number) {
  const fx = labFFast((X_FROM[0][red] as number) + (X_FROM[1][green] as number) + (X_FROM[2][blue] as number));
  const fy = labFFast((Y_FROM[0][red] as number) + (Y_FROM[1][green] as number) + (Y_FROM[2][blue] as number));
  const fz = labFFast((Z_FROM[0][red] as number) + (Z_FROM[1][green] as number) + (Z_FROM[2][blue] as number));
  out[offset] = 116 * fy - 16;
  out[offset + 1] = 500 * (fx - fy);
  out[offset + 2] = 200 * (fy - fz);
}

/** Lab of one 8-bit sRGB colour. */
export function labFromRgb8(red: number, green: number, blue: number): Lab {
  const out = new Float32Array(3);
  writeLab(red, green, blue, out, 0);
  return { l: out[0] as number, a: out[1] as number, b: out[2] as number };
}

/** Lab of every pixel of an RGBA buffer, interleaved (l, a, b, l, a, b…). */
export function labPixels(rgba: Uint8Array, pixelCount: number): Float32Array {
  const out = new Float32Array(pixelCount * 3);
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    const offset = pixel * 4;
    writeLab(rgba[offset] as number, rgba[offset + 1] as number, rgba[offset + 2] as number, out, pixel * 3);
  }
  return out;
}

/** Lab of the listed pixels of an RGBA buffer, interleaved, in the order given. */
export function labOfPixels(rgba: Uint8Array, pixels: Int32Array): Float32Array {
  const out = new Float32Array(pixels.length * 3);
  for (let i = 0; i < pixels.length; i++) {
    const offset = (pixels[i] as number) * 4;
    writeLab(rgba[offset] as number, rgba[offset + 1] as number, rgba[offset + 2] as number, out, i * 3);
  }
  return out;
}

/** "#rrggbb" of a Lab colour, clamped into sRGB. */
export function labToHex(lab: Lab): string {
  return formatHex({ mode: "lab65", ...lab }) ?? "#000000";
}

/** sRGB 0..255 of a Lab colour, clamped and rounded. */
export function labToRgb8(lab: Lab): [number, number, number] {
  const { r, g, b } = convertLab65ToRgb(lab);
  const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
  return [channel(r), channel(g), channel(b)];
}

/** Whether a Lab colour is inside the sRGB gamut (with a little slack for rounding). */
export function labInSrgbGamut(lab: Lab, slack = 0.5 / 255): boolean {
  const { r, g, b } = convertLab65ToRgb(lab);
  return [r, g, b].every((value) => value >= -slack && value <= 1 + slack);
}

const toLab65 = converter("lab65");

/** Lab of a CSS colour ("#f4f4f0", "white", "rgb(240 240 235)"); undefined when it is not one. */
export function parseCssColour(text: string): Lab | undefined {
  const parsed = parse(text.trim());
  if (!parsed) return undefined;
  const lab = toLab65(parsed);
  if (!lab || ![lab.l, lab.a, lab.b].every(Number.isFinite)) return undefined;
  return { l: lab.l, a: lab.a, b: lab.b };
}

/**
 * Squared distance used for grouping pixels (clusters, background, skin exceptions): Euclidean in Lab with
 * lightness divided by kL, matching the weight the score gives lightness, so shading alone does not split a
 * colour in two. Cheap enough for every pixel, unlike CIEDE2000.
 */
export function weightedDistanceSq(
  l1: number,
  a1: number,
  b1: number,
  l2: number,
  a2: number,
  b2: number,
  kL: number,
): number {
  const dl = (l1 - l2) / kL;
  const da = a1 - a2;
  const db = b1 - b2;
  return dl * dl + da * da + db * db;
}

/** The weighted distance between two colours (not squared). */
export const labDistance = (x: Lab, y: Lab, kL: number) =>
  Math.sqrt(weightedDistanceSq(x.l, x.a, x.b, y.l, y.a, y.b, kL));
