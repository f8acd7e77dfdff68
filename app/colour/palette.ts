/**
 * Dominant colours of a set of pixels: k-means in Lab (lightness divided by kL, so the shading of one colour
 * does not split it), then clusters closer than a CIEDE2000 threshold are merged and slivers dropped. Seeded,
 * so the same image always gives the same palette.
 */
import { type DeltaEWeights, type Lab, ciede2000, labDistance, labToRgb8, weightedDistanceSq } from "./lab";
import { seededRandom } from "~/lib/seeded-random";

export interface PaletteColour {
  lab: Lab;
  /** Share of the pixels given, 0..1 (the shares of a palette add up to at most 1: slivers are dropped). */
  share: number;
}

export interface PaletteOptions {
  weights: DeltaEWeights;
  /** Clusters k-means starts with, before merging. */
  clusters: number;
  /** Clusters whose centres are closer than this CIEDE2000 are one colour. */
  mergeBelow: number;
  /** Colours covering less than this share are dropped (noise, seams, the odd highlight). */
  minShare: number;
}

/** At most this many of a set of pixels, evenly spaced, are enough to estimate its palette (shares ± 1–2 %). */
export const PALETTE_SAMPLES = 5000;

/** Evenly spaced pixel indexes of a mask, at most `limit` of them. */
export function samplePixels(mask: Uint8Array, limit: number = PALETTE_SAMPLES): Int32Array {
  let count = 0;
  for (let pixel = 0; pixel < mask.length; pixel++) count += mask[pixel] as number;
  const stride = Math.max(1, count / limit);
  const out = new Int32Array(Math.min(count, Math.floor(count / stride)));
  let seen = 0;
  let next = 0;
  for (let pixel = 0; pixel < mask.length && next < out.length; pixel++) {
    if (!mask[pixel]) continue;
    if (seen >= Math.floor(next * stride)) out[next++] = pixel;
    seen++;
  }
  return out;
}

const KMEANS_ITERATIONS = 12;

/** The palette of a set of pixels given as interleaved Lab (sample them first: see samplePixels). */
export function extractPalette(samples: Float32Array, options: PaletteOptions): PaletteColour[] {
  const sampleCount = samples.length / 3;
  if (sampleCount === 0) return [];
  const kL = options.weights.kL;
  const k = Math.min(options.clusters, sampleCount);
  const centres = seedCentres(
    samples,
    sampleCount,
    k,
    kL,
    seededRandom(0x5eed) /* k-means++ seeding: the same input gives the same palette */,
  );
  const assignment = new Int32Array(sampleCount);
  const sums = new Float64Array(k * 4);
  for (let iteration = 0; iteration < KMEANS_ITERATIONS; iteration++) {
    let moved = 0;
    sums.fill(0);
    for (let i = 0; i < sampleCount; i++) {
      const l = samples[i * 3] as number;
      const a = samples[i * 3 + 1] as number;
      const b = samples[i * 3 + 2] as number;
      let best = 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const distance = weightedDistanceSq(
          l,
          a,
          b,
          centres[c * 3] as number,
          centres[c * 3 + 1] as number,
          centres[c * 3 + 2] as number,
          kL,
        );
        if (distance < bestDistance) {
          bestDistance = distance;
          best = c;
        }
      }
      if (assignment[i] !== best) moved++;
      assignment[i] = best;
      sums[best * 4] = (sums[best * 4] as number) + l;
      sums[best * 4 + 1] = (sums[best * 4 + 1] as number) + a;
      sums[best * 4 + 2] = (sums[best * 4 + 2] as number) + b;
      sums[best * 4 + 3] = (sums[best * 4 + 3] as number) + 1;
    }
    for (let c = 0; c < k; c++) {
      const n = sums[c * 4 + 3] as number;
      if (n > 0) {
        centres[c * 3] = (sums[c * 4] as number) / n;
        centres[c * 3 + 1] = (sums[c * 4 + 1] as number) / n;
        centres[c * 3 + 2] = (sums[c * 4 + 2] as number) / n;
      }
    }
    if (iteration > 0 && moved === 0) break;
  }

  let clusters: PaletteColour[] = [];
  for (let c = 0; c < k; c++) {
    const n = sums[c * 4 + 3] as number;
    if (n > 0)
      clusters.push({
        lab: { l: centres[c * 3] as number, a: centres[c * 3 + 1] as number, b: centres[c * 3 + 2] as number },
        share: n / sampleCount,
      });
  }
  clusters = foldBlends(mergeClose(clusters, options.weights, options.mergeBelow));
  return clusters.filter((cluster) => cluster.share >= options.minShare).sort((x, y) => y.share - x.share);
}

/** k-means++: each next centre drawn with probability proportional to its squared distance from the chosen ones. */
function seedCentres(samples: Float32Array, count: number, k: number, kL: number, random: () => number): Float64Array {
  const centres = new Float64Array(k * 3);
  const nearest = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  let chosen = Math.floor(random() * count);
  for (let c = 0; c < k; c++) {
    centres[c * 3] = samples[chosen * 3] as number;
    centres[c * 3 + 1] = samples[chosen * 3 + 1] as number;
    centres[c * 3 + 2] = samples[chosen * 3 + 2] as number;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const distance = weightedDistanceSq(
        samples[i * 3] as number,
        samples[i * 3 + 1] as number,
        samples[i * 3 + 2] as number,
        centres[c * 3] as number,
        centres[c * 3 + 1] as number,
        centres[c * 3 + 2] as number,
        kL,
      );
      if (distance < (nearest[i] as number)) nearest[i] = distance;
      total += nearest[i] as number;
    }
    if (total === 0) return centres.slice(0, (c + 1) * 3);
    let target = random() * total;
    chosen = count - 1;
    for (let i = 0; i < count; i++) {
      target -= nearest[i] as number;
      if (target <= 0) {
        chosen = i;
        break;
      }
    }
  }
  return centres;
}

/** Repeatedly merges the closest pair of clusters (share-weighted mean) while it is closer than `mergeBelow`. */
function mergeClose(clusters: PaletteColour[], weights: DeltaEWeights, mergeBelow: number): PaletteColour[] {
  const out = [...clusters];
  for (;;) {
    let bestI = -1;
    let bestJ = -1;
    let bestDistance = mergeBelow;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const distance = ciede2000((out[i] as PaletteColour).lab, (out[j] as PaletteColour).lab, weights);
        if (distance < bestDistance) {
          bestDistance = distance;
          bestI = i;
          bestJ = j;
        }
      }
    }
    if (bestI < 0) return out;
    const x = out[bestI] as PaletteColour;
    const y = out[bestJ] as PaletteColour;
    const share = x.share + y.share;
    out[bestI] = {
      share,
      lab: {
        l: (x.lab.l * x.share + y.lab.l * y.share) / share,
        a: (x.lab.a * x.share + y.lab.a * y.share) / share,
        b: (x.lab.b * x.share + y.lab.b * y.share) / share,
      },
    };
    out.splice(bestJ, 1);
  }
}

/** How far (8-bit sRGB units) a colour may lie from the line between two others and still be their blend. */
const BLEND_DISTANCE = 8;
/**
 * The two colours of a blend must differ in hue or chroma, not only in lightness: k-means splits one shaded
 * colour into darker and lighter clusters, and the colour itself, between them, is no blend.
 */
const BLEND_ENDS_KL = 4;
const BLEND_ENDS_DISTANCE = 12;
/** Each colour of a blend covers at least this share of the blend's own (fine prints blend a lot). */
const BLEND_END_SHARE = 0.5;

/**
 * Where two colours of a print meet, working pixels are blends of both (downscaling averages them), and
 * k-means gives the blends clusters of their own, as large as the print's colours when the print is fine. Such
 * a cluster, lying on the sRGB line between two others that differ in hue or chroma, is folded back into them in
 * proportion to where it lies, so the palette holds the print's colours with their areas. The blend of a resize
 * is an average of encoded sRGB values, hence the line in sRGB, not Lab.
 */
export function foldBlends(palette: readonly PaletteColour[]): PaletteColour[] {
  const colours = palette.map((colour) => ({ ...colour, rgb: labToRgb8(colour.lab) }));
  // Smallest first: blends are usually smaller than the colours they blend.
  const order = colours.map((_, index) => index).sort((x, y) => (colours[x]?.share ?? 0) - (colours[y]?.share ?? 0));
  const folded = new Set<number>();
  for (const candidate of order) {
    const blend = colours[candidate];
    if (!blend) continue;
    let best: { from: number; to: number; t: number; distance: number } | undefined;
    for (let from = 0; from < colours.length; from++) {
      for (let to = from + 1; to < colours.length; to++) {
        if (from === candidate || to === candidate || folded.has(from) || folded.has(to)) continue;
        const start = colours[from];
        const end = colours[to];
        if (!start || !end || labDistance(start.lab, end.lab, BLEND_ENDS_KL) < BLEND_ENDS_DISTANCE) continue;
        // A colour is not the blend of two slivers (a strand of hair, a seam): each end must be a real colour.
        if (Math.min(start.share, end.share) < BLEND_END_SHARE * blend.share) continue;
        const direction = [0, 1, 2].map((channel) => (end.rgb[channel] as number) - (start.rgb[channel] as number));
        const lengthSq = direction.reduce((sum, value) => sum + value * value, 0);
        if (lengthSq === 0) continue;
        const offset = [0, 1, 2].map((channel) => (blend.rgb[channel] as number) - (start.rgb[channel] as number));
        const t = offset.reduce((sum, value, channel) => sum + value * (direction[channel] as number), 0) / lengthSq;
        if (t < 0.1 || t > 0.9) continue;
        const distance = Math.sqrt(
          offset.reduce((sum, value, channel) => sum + (value - t * (direction[channel] as number)) ** 2, 0),
        );
        if (distance <= BLEND_DISTANCE && (!best || distance < best.distance)) best = { from, to, t, distance };
      }
    }
    if (!best) continue;
    const start = colours[best.from];
    const end = colours[best.to];
    if (!start || !end) continue;
    start.share += blend.share * (1 - best.t);
    end.share += blend.share * best.t;
    folded.add(candidate);
  }
  return colours.filter((_, index) => !folded.has(index)).map(({ lab, share }) => ({ lab, share }));
}
