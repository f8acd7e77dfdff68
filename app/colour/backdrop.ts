/**
 * The backdrop, read from the image's border: product photos and renders both stand on a near-uniform backdrop
 * (or one graded from top to bottom), whose colours and spread decide what counts as background. All distances
 * here are the lightness-weighted Lab distance of lab.ts.
 */
import { type Lab, labDistance, weightedDistanceSq } from "./lab";
import { ALPHA_OPAQUE, densestColour, distanceTo, type LabImage, MODE_RADIUS } from "./lab-image";

export interface BackgroundColour {
  lab: Lab;
  /** Share of the border's opaque pixels near this colour (0 for a colour only known from a hint). */
  borderShare: number;
}

export interface BackgroundEstimate {
  colours: BackgroundColour[];
  /** Weighted Lab distance under which a pixel counts as background: wider for noisier, shaded backdrops. */
  tolerance: number;
  /** Share of the border that is transparent (cut-out product photos). */
  transparentShare: number;
  /**
   * A backdrop that changes colour from top to bottom (a sky, a gradient sweep), as its colour for each row from
   * the top down (interleaved l, a, b; rows below `rows` have none). Undefined for an even backdrop.
   */
  gradient?: { rows: number; lab: Float32Array } | undefined;
}

export interface BackgroundOptions {
  /** Lightness weight (CIEDE2000's kL) of the distance: shadows on the backdrop differ mostly in L*. */
  lightnessWeight: number;
  /** The backdrop's colour when the caller knows it (the render request's background). */
  hint?: Lab | undefined;
}

/** A border whose dominant colours cover less than this is not a backdrop (a scene, a crop of a garment). */
export const MIN_BACKDROP_SHARE = 0.5;
/** A further border colour counts as backdrop (two-tone studio, floor and wall) from this share on. */
const SECONDARY_MODE_SHARE = 0.2;
/** With a hint, further border colours must be this close to it: a garment running off the frame is not backdrop. */
const HINT_RADIUS = 25;
const MAX_MODES = 3;

/** Pixel indexes of a band along the four edges, about 2 % of the short side wide. */
export function borderPixels(width: number, height: number): Int32Array {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    const inRowBand = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (inRowBand || x < band || x >= width - band) out.push(y * width + x);
    }
  }
  return Int32Array.from(out);
}

/**
 * The backdrop's colour(s) from the border: the densest border colour, then up to two more that cover a fifth
 * of the border each. Undefined when the border has no dominant colour (a scene, or a tight crop) and no hint.
 */
export function estimateBackground(image: LabImage, options: BackgroundOptions): BackgroundEstimate | undefined {
  const kL = options.lightnessWeight;
  const border = borderPixels(image.width, image.height);
  let remaining: number[] = [];
  let transparent = 0;
  for (const pixel of border) {
    if ((image.rgba[pixel * 4 + 3] as number) < ALPHA_OPAQUE) transparent++;
    else remaining.push(pixel);
  }
  const transparentShare = transparent / border.length;
  const opaqueCount = remaining.length;
  const colours: BackgroundColour[] = [];
  for (let mode = 0; mode < MAX_MODES && remaining.length > 0; mode++) {
    const centre = densestColour(image.lab, remaining, kL);
    if (!centre) break;
    const rest = remaining.filter((pixel) => distanceTo(image.lab, pixel, centre, kL) > MODE_RADIUS * 1.5);
    const share = (remaining.length - rest.length) / opaqueCount;
    const isPrimary = mode === 0;
    const nearHint = options.hint ? labDistance(centre, options.hint, kL) <= HINT_RADIUS : true;
    if (!isPrimary && (share < SECONDARY_MODE_SHARE || !nearHint)) break;
    colours.push({ lab: centre, borderShare: share });
    remaining = rest;
  }
  if (options.hint) colours.push({ lab: options.hint, borderShare: 0 });

  const explainedShare = colours.reduce((sum, colour) => sum + colour.borderShare, 0);
  let backdropShare = transparentShare + (1 - transparentShare) * explainedShare;
  const gradient = verticalGradient(image, colours, kL);
  if (gradient) backdropShare = Math.max(backdropShare, gradient.borderShare);
  if (!options.hint && backdropShare < MIN_BACKDROP_SHARE) return undefined;

  // Tolerance from the backdrop's own spread (noise, gradient, vignette), measured on the border pixels it explains.
  let sumSq = 0;
  let n = 0;
  for (const pixel of border) {
    if ((image.rgba[pixel * 4 + 3] as number) < ALPHA_OPAQUE) continue;
    let nearest = Number.POSITIVE_INFINITY;
    for (const colour of colours) nearest = Math.min(nearest, distanceTo(image.lab, pixel, colour.lab, kL));
    if (nearest <= MODE_RADIUS * 1.5) {
      sumSq += nearest * nearest;
      n++;
    }
  }
  const spread = n > 0 ? Math.sqrt(sumSq / n) : 0;
  const tolerance = Math.min(16, Math.max(8, 6 + 3 * spread));
  return { colours, tolerance, transparentShare, gradient: gradient && { rows: gradient.rows, lab: gradient.lab } };
}

/** Steepest change of a gradient backdrop from one working row to the next: a garment's edge is a jump. */
const GRADIENT_STEP = 3;
/** A gradient must run down at least this share of the image, from the top, to be taken for the backdrop. */
const MIN_GRADIENT_ROWS = 0.25;

/**
 * A backdrop graded from top to bottom (the simulator's sunset, a sky, a lit sweep) has no dominant colour: the
 * border modes leave most of it as "garment". Read it row by row instead: each row's colour at the left and right
 * edges, where both agree, changing smoothly from the top down. Kept only when it runs from the top row over a
 * quarter of the image and explains more of the side edges than the modes do; it stops at the first row where
 * the edges disagree or jump (a garment or figure reaching the edge).
 */
function verticalGradient(
  image: LabImage,
  modes: readonly BackgroundColour[],
  kL: number,
): { rows: number; lab: Float32Array; borderShare: number } | undefined {
  const { width, height, lab, rgba } = image;
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.02));
  const rowLab = new Float32Array(height * 3);
  const sideMean = (y: number, from: number): Lab | undefined => {
    let l = 0;
    let a = 0;
    let b = 0;
    let n = 0;
    for (let x = from; x < from + band; x++) {
      const pixel = y * width + x;
      if ((rgba[pixel * 4 + 3] as number) < ALPHA_OPAQUE) continue;
      l += lab[pixel * 3] as number;
      a += lab[pixel * 3 + 1] as number;
      b += lab[pixel * 3 + 2] as number;
      n++;
    }
    return n > 0 ? { l: l / n, a: a / n, b: b / n } : undefined;
  };
  let rows = 0;
  for (let y = 0; y < height; y++) {
    const left = sideMean(y, 0);
    const right = sideMean(y, width - band);
    if (!left || !right || labDistance(left, right, kL) > MODE_RADIUS) break;
    const row = { l: (left.l + right.l) / 2, a: (left.a + right.a) / 2, b: (left.b + right.b) / 2 };
    if (y > 0) {
      const previous = {
        l: rowLab[(y - 1) * 3] as number,
        a: rowLab[(y - 1) * 3 + 1] as number,
        b: rowLab[(y - 1) * 3 + 2] as number,
      };
      if (labDistance(row, previous, kL) > GRADIENT_STEP) break;
    }
    rowLab[y * 3] = row.l;
    rowLab[y * 3 + 1] = row.a;
    rowLab[y * 3 + 2] = row.b;
    rows = y + 1;
  }
  if (rows < MIN_GRADIENT_ROWS * height) return undefined;
  // Compare what each explains along the side edges, where a vertical gradient shows.
  const radius = MODE_RADIUS * 1.5;
  let byModes = 0;
  let byGradient = 0;
  let sidePixels = 0;
  for (let y = 0; y < height; y++) {
    for (const x0 of [0, width - band]) {
      for (let x = x0; x < x0 + band; x++) {
        const pixel = y * width + x;
        sidePixels++;
        const l = lab[pixel * 3] as number;
        const a = lab[pixel * 3 + 1] as number;
        const b = lab[pixel * 3 + 2] as number;
        if (
          modes.some((mode) => weightedDistanceSq(l, a, b, mode.lab.l, mode.lab.a, mode.lab.b, kL) <= radius * radius)
        )
          byModes++;
        if (
          y < rows &&
          weightedDistanceSq(
            l,
            a,
            b,
            rowLab[y * 3] as number,
            rowLab[y * 3 + 1] as number,
            rowLab[y * 3 + 2] as number,
            kL,
          ) <=
            radius * radius
        )
          byGradient++;
      }
    }
  }
  if (byGradient <= byModes) return undefined;
  return { rows, lab: rowLab.subarray(0, rows * 3), borderShare: byGradient / sidePixels };
}
