/**
 * The colour fidelity score (issue 16): did a try-on render keep the garment's colours? Both images are decoded
 * once to a small working size; the product photo's garment is what is not backdrop, the render's is what is
 * neither backdrop nor skin; each gives a palette of dominant colours, and each product colour is matched with
 * the render colours standing for it. The score is the share-weighted mean CIEDE2000 of those matches.
 * docs/decisions/043-colour-fidelity-score.md explains the choices.
 *
 * Never throws for an input it cannot score: that is a "not-scored" result with a reason, so a failure to
 * score never blocks a render.
 */
import { type ImageDecoder, type RasterImage, decodeWithSharp } from "./image";
import {
  ciede2000,
  type DeltaEWeights,
  type Lab,
  labOfPixels,
  labPixels,
  labToHex,
  parseCssColour,
  weightedDistanceSq,
} from "./lab";
import { matchPalettes, meanDeltaE } from "./match";
import { relativeExposure, relit } from "./exposure";
import { type PaletteColour, extractPalette, samplePixels } from "./palette";
import { type MaskedRaster, shrinkMasked } from "./resample";
import { type BackgroundEstimate, estimateBackground } from "./backdrop";
import type { LabImage } from "./lab-image";
import { type PixelMask, CHROMA_FIRST_KL, backgroundMask, countSet, erode, maskMinus, skinMask } from "./segment";
import type {
  ColourFidelityOptions,
  ColourFidelityResult,
  ColourNotScorable,
  ColourThresholds,
  ColourVerdict,
  ImageAnalysis,
  Swatch,
} from "./types";

export const DEFAULT_THRESHOLDS: Readonly<ColourThresholds> = { good: 5, drift: 10 };
/** The reported ΔE is CIEDE2000 as issue 16 defines it: kL = kC = kH = 1. */
export const DEFAULT_LIGHTNESS_WEIGHT = 1;
/**
 * Grouping pixels (backdrop, skin, clusters, which render colours a product colour claims) weighs lightness
 * half, so shading does not split one colour in two; only the reported difference uses standard weights.
 */
const GROUPING_KL = 2;
/**
 * How much darker than the photo a render's garment may be lit and still be the same dye: folds and the body's
 * own shadow darken a worn garment a little against a flat-lay; nothing makes it brighter. Chosen on the
 * benchmark's development seeds (ADR 043); a wider range takes real lightness drifts for lighting.
 */
const EXPOSURE_RANGE = { min: 0.95, max: 1 };
export const DEFAULT_WORKING_SIZE = 384;

/** Smallest working image worth looking at. */
const MIN_SIDE = 32;
/** A garment must cover at least this share of the working image (and MIN_GARMENT_PIXELS) to be scored. */
const MIN_GARMENT_SHARE = 0.01;
const MIN_GARMENT_PIXELS = 100;
/** A render pixel this close (weighted Lab distance) to a product colour is garment even if skin- or backdrop-toned. */
const PRODUCT_COLOUR_RADIUS = 10;
/** Share of its own area each product colour must find in the render (see match.ts). */
const MATCH_COVERAGE = 0.5;

interface Settings {
  thresholds: ColourThresholds;
  /** Weights of the grouping distances (backdrop, skin, clusters, claims): lightness at half weight. */
  weights: DeltaEWeights;
  /** Weights of the reported CIEDE2000. */
  scoreWeights: DeltaEWeights;
  workingSize: number;
  renderBackground: Lab | undefined;
  decode: ImageDecoder;
}

/** Options with defaults filled in; throws RangeError for options no caller should pass (a programming error). */
function settingsFrom(options: ColourFidelityOptions): Settings {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  if (!(thresholds.good >= 0 && thresholds.drift > thresholds.good)) {
    throw new RangeError(
      `colour thresholds need 0 ≤ good < drift, got good ${thresholds.good}, drift ${thresholds.drift}`,
    );
  }
  const kL = options.lightnessWeight ?? DEFAULT_LIGHTNESS_WEIGHT;
  if (!(kL > 0)) throw new RangeError(`lightnessWeight must be positive, got ${kL}`);
  const workingSize = options.workingSize ?? DEFAULT_WORKING_SIZE;
  if (!(Number.isInteger(workingSize) && workingSize >= MIN_SIDE))
    throw new RangeError(`workingSize must be an integer ≥ ${MIN_SIDE}`);
  // An unparsable hint is ignored rather than refused: the border estimate does not need it.
  const renderBackground =
    options.renderBackground === undefined ? undefined : parseCssColour(options.renderBackground);
  return {
    thresholds,
    weights: { kL: GROUPING_KL, kC: 1, kH: 1 },
    scoreWeights: { kL, kC: 1, kH: 1 },
    workingSize,
    renderBackground,
    decode: options.decode ?? decodeWithSharp,
  };
}

export function verdictFor(deltaE: number, thresholds: ColourThresholds = DEFAULT_THRESHOLDS): ColourVerdict {
  if (deltaE <= thresholds.good) return "good";
  if (deltaE >= thresholds.drift) return "drift";
  return "check";
}

/**
 * Scores a render against the product photo it was made from. `productPhoto` and `render` are encoded images
 * (JPEG, PNG, WebP, AVIF, TIFF, GIF: whatever the decoder reads).
 */
export async function scoreColourFidelity(
  productPhoto: Buffer,
  render: Buffer,
  options: ColourFidelityOptions = {},
): Promise<ColourFidelityResult> {
  const settings = settingsFrom(options);
  // One after the other: the score is meant to cost one core, and the two decodes are most of its time.
  const photoRaster = await decodeOrReason(settings, productPhoto, "product-photo");
  if ("status" in photoRaster) return photoRaster;
  const renderRaster = await decodeOrReason(settings, render, "render");
  if ("status" in renderRaster) return renderRaster;
  return scoreRasters(photoRaster, renderRaster, options);
}

/**
 * The product photo is decoded smaller than the render: its garment fills most of the frame (the render's a
 * fifth of it), and the larger garment is shrunk to the other's scale before comparing anyway (sameScale), so
 * two thirds of the render's size still leaves the photo's garment the larger of the two in almost every pair.
 */
const PRODUCT_PHOTO_SCALE = 2 / 3;

async function decodeOrReason(
  settings: Settings,
  encoded: Buffer,
  image: ColourNotScorable["image"],
): Promise<RasterImage | ColourNotScorable> {
  const maxSide =
    image === "render"
      ? settings.workingSize
      : Math.max(MIN_SIDE, Math.round(settings.workingSize * PRODUCT_PHOTO_SCALE));
  try {
    return await settings.decode(encoded, maxSide);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "not-scored", reason: "unreadable-image", image, detail: `${image}: ${message}` };
  }
}

/** The score from decoded working-size images; pure and synchronous. */
export function scoreRasters(
  productPhoto: RasterImage,
  render: RasterImage,
  options: Omit<ColourFidelityOptions, "decode"> = {},
): ColourFidelityResult {
  const settings = settingsFrom(options);
  const source = analyseProductPhoto(productPhoto, settings);
  if ("status" in source) return source;
  const target = analyseRender(render, source.palette, settings);
  if ("status" in target) return target;

  const [sourceGarment, renderGarment] = sameScale(source.garment, target.garment);
  const sourcePalette = palette(sourceGarment, settings, SOURCE_PALETTE);
  const renderPalette = palette(renderGarment, settings, RENDER_PALETTE);
  const matches = matchPalettes(sourcePalette, renderPalette, { weights: settings.weights, coverage: MATCH_COVERAGE });
  // Compared under the same light: the render's colours relit by its exposure relative to the photo (exposure.ts).
  const gain = relativeExposure(
    matches.map((match) => ({ source: match.source.lab, render: match.render.lab, share: match.source.share })),
    EXPOSURE_RANGE,
  );
  for (const match of matches)
    match.deltaE = ciede2000(match.source.lab, relit(match.render.lab, 1 / gain), settings.scoreWeights);
  const deltaE = meanDeltaE(matches);
  const claimed = new Set(matches.flatMap((match) => match.claimed));
  return {
    status: "scored",
    deltaE,
    verdict: verdictFor(deltaE, settings.thresholds),
    matched: matches.map((match) => ({
      source: swatch(match.source),
      render: swatch(match.render),
      deltaE: match.deltaE,
    })),
    unmatchedRender: renderPalette.filter((_, index) => !claimed.has(index)).map(swatch),
    thresholds: settings.thresholds,
    lightnessWeight: settings.scoreWeights.kL,
    productPhoto: source.analysis,
    render: { ...target.analysis, skinShare: target.skinShare, skinExcluded: target.skinExcluded },
  };
}

/** Garments whose areas differ by less than this ratio are compared as they are. */
const SAME_SCALE_AREA_RATIO = 1.2;

/** Shrinks the larger of the two garments so both cover about as many working pixels (see resample.ts). */
function sameScale(source: MaskedRaster, render: MaskedRaster): [MaskedRaster, MaskedRaster] {
  const ratio = countSet(source.mask) / countSet(render.mask);
  if (ratio > SAME_SCALE_AREA_RATIO) return [shrinkMasked(source, Math.sqrt(ratio)), render];
  if (ratio < 1 / SAME_SCALE_AREA_RATIO) return [source, shrinkMasked(render, Math.sqrt(1 / ratio))];
  return [source, render];
}

interface PaletteSettings {
  clusters: number;
  minShare: number;
}
/** The product's garment has 1–3 colours and their blends; the render's also hair, shoes, leftovers. */
const SOURCE_PALETTE: PaletteSettings = { clusters: 6, minShare: 0.03 };
const RENDER_PALETTE: PaletteSettings = { clusters: 8, minShare: 0.02 };
const MERGE_BELOW = 6;

function palette(garment: MaskedRaster, settings: Settings, kind: PaletteSettings): PaletteColour[] {
  const samples = labOfPixels(garment.rgba, samplePixels(garment.mask));
  return extractPalette(samples, {
    weights: settings.weights,
    clusters: kind.clusters,
    mergeBelow: MERGE_BELOW,
    minShare: kind.minShare,
  });
}

const swatch = (colour: PaletteColour): Swatch => ({
  lab: colour.lab,
  rgbHex: labToHex(colour.lab),
  share: colour.share,
});

function labImage(raster: RasterImage): LabImage {
  return { ...raster, lab: labPixels(raster.rgba, raster.width * raster.height) };
}

function tooSmall(raster: RasterImage, image: ColourNotScorable["image"]): ColourNotScorable | undefined {
  if (raster.width >= MIN_SIDE && raster.height >= MIN_SIDE) return undefined;
  return {
    status: "not-scored",
    reason: "image-too-small",
    image,
    detail: `${image}: ${raster.width}×${raster.height} pixels is too small to find a garment in`,
  };
}

function backgroundSwatches(background: BackgroundEstimate): Swatch[] {
  return background.colours.map((colour) => ({
    lab: colour.lab,
    rgbHex: labToHex(colour.lab),
    share: colour.borderShare,
  }));
}

function garmentOrReason(mask: PixelMask, image: ColourNotScorable["image"]): number | ColourNotScorable {
  const count = countSet(mask);
  if (count < Math.max(MIN_GARMENT_PIXELS, MIN_GARMENT_SHARE * mask.length)) {
    const what = image === "render" ? "after setting aside the backdrop and skin" : "after setting aside the backdrop";
    return { status: "not-scored", reason: "garment-not-found", image, detail: `${image}: no garment left ${what}` };
  }
  return count;
}

interface AnalysedPhoto {
  garment: MaskedRaster;
  /** Palette at the photo's own scale, to tell the render's garment-coloured pixels from skin and backdrop. */
  palette: PaletteColour[];
  analysis: ImageAnalysis;
}

function analyseProductPhoto(raster: RasterImage, settings: Settings): AnalysedPhoto | ColourNotScorable {
  const small = tooSmall(raster, "product-photo");
  if (small) return small;
  const image = labImage(raster);
  const kL = settings.weights.kL;
  const background = estimateBackground(image, { lightnessWeight: kL });
  if (!background) {
    return {
      status: "not-scored",
      reason: "busy-background",
      image: "product-photo",
      detail: "product-photo: the border has no dominant backdrop colour",
    };
  }
  // Only backdrop connected to the border goes: garment parts of the backdrop's colour (white dots) stay.
  const isBackground = backgroundMask(image, background, { lightnessWeight: kL });
  const mask = erode(maskMinus(undefined, isBackground), image.width, image.height);
  const count = garmentOrReason(mask, "product-photo");
  if (typeof count !== "number") return count;
  const garment: MaskedRaster = { width: image.width, height: image.height, rgba: image.rgba, mask };
  return {
    garment,
    palette: palette(garment, settings, SOURCE_PALETTE),
    analysis: { background: backgroundSwatches(background), garmentShare: count / mask.length },
  };
}

/** Below this share of the figure, what is left once skin is set aside is clutter, not the garment. */
const MIN_GARMENT_SHARE_OF_FIGURE = 0.25;

interface AnalysedRender {
  garment: MaskedRaster;
  analysis: ImageAnalysis;
  skinShare: number;
  skinExcluded: boolean;
}

function analyseRender(
  raster: RasterImage,
  productPalette: readonly PaletteColour[],
  settings: Settings,
): AnalysedRender | ColourNotScorable {
  const small = tooSmall(raster, "render");
  if (small) return small;
  const image = labImage(raster);
  const kL = settings.weights.kL;
  const background = estimateBackground(image, { lightnessWeight: kL, hint: settings.renderBackground });
  if (!background) {
    return {
      status: "not-scored",
      reason: "busy-background",
      image: "render",
      detail: "render: the border has no dominant backdrop colour and no background colour was given",
    };
  }
  const radiusSq = PRODUCT_COLOUR_RADIUS * PRODUCT_COLOUR_RADIUS;
  const productColoured = (pixel: number) => {
    const l = image.lab[pixel * 3] as number;
    const a = image.lab[pixel * 3 + 1] as number;
    const b = image.lab[pixel * 3 + 2] as number;
    return productPalette.some(
      (colour) => weightedDistanceSq(l, a, b, colour.lab.l, colour.lab.a, colour.lab.b, kL) <= radiusSq,
    );
  };
  const productDistance = (pixel: number) => {
    const l = image.lab[pixel * 3] as number;
    const a = image.lab[pixel * 3 + 1] as number;
    const b = image.lab[pixel * 3 + 2] as number;
    let nearest = Number.POSITIVE_INFINITY;
    for (const colour of productPalette)
      nearest = Math.min(
        nearest,
        weightedDistanceSq(l, a, b, colour.lab.l, colour.lab.a, colour.lab.b, CHROMA_FIRST_KL),
      );
    return Math.sqrt(nearest);
  };
  const isBackground = backgroundMask(image, background, {
    lightnessWeight: kL,
    enclosedBackdrop: (pixel) => !productColoured(pixel),
  });
  const figure = maskMinus(undefined, isBackground);
  const { mask: isSkin } = skinMask(image, figure, productDistance);
  const figureCount = countSet(figure);
  let withoutSkin = maskMinus(figure, isSkin);
  // A garment of the mannequin's own skin tone went with the skin: when little is left (hair, shoes), give back
  // the "skin" that is product-coloured.
  if (countSet(withoutSkin) < MIN_GARMENT_SHARE_OF_FIGURE * figureCount) {
    withoutSkin = maskMinus(
      figure,
      isSkin.map((skin, pixel) => (skin && productDistance(pixel) > PRODUCT_COLOUR_RADIUS ? 1 : 0)),
    );
  }
  withoutSkin = erode(withoutSkin, image.width, image.height);
  // When setting skin aside still leaves no garment, the "skin" is the garment itself, in a skin-like colour the
  // product does not have (a drift towards beige or tan): keep it, so the drift shows in the score.
  const skinExcluded = typeof garmentOrReason(withoutSkin, "render") === "number";
  const mask = skinExcluded ? withoutSkin : erode(figure, image.width, image.height);
  const count = garmentOrReason(mask, "render");
  if (typeof count !== "number") return count;
  return {
    garment: { width: image.width, height: image.height, rgba: image.rgba, mask },
    analysis: { background: backgroundSwatches(background), garmentShare: count / mask.length },
    skinShare: countSet(isSkin) / mask.length,
    skinExcluded,
  };
}
