/**
 * Which working pixels are garment: the backdrop (its colours read from the border by backdrop.ts) is taken away,
 * and in a render the mannequin's skin is set aside with a YCbCr skin-tone rule. All distances here are the
 * lightness-weighted Lab distance of lab.ts.
 */
import type { BackgroundEstimate } from "./backdrop";
import { type Lab, weightedDistanceSq } from "./lab";
import { ALPHA_OPAQUE, densestColour, distanceTo, type LabImage } from "./lab-image";

/** A per-pixel yes/no. */
export type PixelMask = Uint8Array;

/** Whether a working pixel is near one of the backdrop's colours (or transparent). */
function backdropLike(image: LabImage, background: BackgroundEstimate, kL: number): PixelMask {
  const count = image.width * image.height;
  const out = new Uint8Array(count);
  const toleranceSq = background.tolerance * background.tolerance;
  const colours = Float64Array.from(background.colours.flatMap((colour) => [colour.lab.l, colour.lab.a, colour.lab.b]));
  const { lab, rgba } = image;
  for (let pixel = 0; pixel < count; pixel++) {
    if ((rgba[pixel * 4 + 3] as number) < ALPHA_OPAQUE) {
      out[pixel] = 1;
      continue;
    }
    const l = lab[pixel * 3] as number;
    const a = lab[pixel * 3 + 1] as number;
    const b = lab[pixel * 3 + 2] as number;
    for (let c = 0; c < colours.length; c += 3) {
      if (
        weightedDistanceSq(l, a, b, colours[c] as number, colours[c + 1] as number, colours[c + 2] as number, kL) <=
        toleranceSq
      ) {
        out[pixel] = 1;
        break;
      }
    }
    const gradient = background.gradient;
    const y = Math.floor(pixel / image.width);
    if (!out[pixel] && gradient && y < gradient.rows) {
      const row = gradient.lab;
      if (
        weightedDistanceSq(l, a, b, row[y * 3] as number, row[y * 3 + 1] as number, row[y * 3 + 2] as number, kL) <=
        toleranceSq
      )
        out[pixel] = 1;
    }
  }
  return out;
}

export interface BackgroundMaskOptions {
  lightnessWeight: number;
  /**
   * Also count backdrop-coloured pixels that do not touch the border as background (the gap between an arm and
   * the body in a render), unless this says the pixel is garment-coloured. Without it only the backdrop connected
   * to the border is removed, so white dots on a red tee on a white backdrop stay garment.
   */
  enclosedBackdrop?: (pixel: number) => boolean;
}

/**
 * Background pixels: backdrop-coloured pixels connected to the image's border (a flood fill, so a garment
 * colour that happens to match the backdrop inside the garment survives), plus, when asked, enclosed ones.
 */
export function backgroundMask(
  image: LabImage,
  background: BackgroundEstimate,
  options: BackgroundMaskOptions,
): PixelMask {
  const { width, height } = image;
  const like = backdropLike(image, background, options.lightnessWeight);
  const mask = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  const visit = (pixel: number) => {
    if (like[pixel] && !mask[pixel]) {
      mask[pixel] = 1;
      queue[tail++] = pixel;
    }
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (head < tail) {
    const pixel = queue[head++] as number;
    const x = pixel % width;
    if (x > 0) visit(pixel - 1);
    if (x < width - 1) visit(pixel + 1);
    if (pixel >= width) visit(pixel - width);
    if (pixel < width * (height - 1)) visit(pixel + width);
  }
  if (options.enclosedBackdrop) {
    for (let pixel = 0; pixel < mask.length; pixel++) {
      if (like[pixel] && !mask[pixel] && options.enclosedBackdrop(pixel)) mask[pixel] = 1;
    }
  }
  return mask;
}

/**
 * Skin tone by the YCbCr rule of Chai and Ngan (1999): 77 ≤ Cb ≤ 127 and 133 ≤ Cr ≤ 173, which holds for light to
 * dark skin under ordinary lighting because skin differs in luma far more than in chroma. Very dark pixels
 * (Y < 40) are left out: their chroma is mostly noise, and dark brown hair would pass.
 */
export function isSkinTone(red: number, green: number, blue: number): boolean {
  const luma = 0.299 * red + 0.587 * green + 0.114 * blue;
  if (luma < 40) return false;
  const cb = 128 - 0.168736 * red - 0.331264 * green + 0.5 * blue;
  const cr = 128 + 0.5 * red - 0.418688 * green - 0.081312 * blue;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** Lightness weight for telling skin from garment: shading moves both in L* far more than in hue and chroma. */
export const CHROMA_FIRST_KL = 4;
/** Skin-toned pixels this close to the mannequin's skin tone (CHROMA_FIRST_KL distance) are its skin. */
const SKIN_RADIUS = 14;
/** Pixels this close to a product colour do not vote for the skin tone. */
const PRODUCT_RADIUS = 10;

export interface SkinEstimate {
  mask: PixelMask;
  /** The mannequin's skin tone, if any skin-toned pixel was left to estimate it from. */
  tone: Lab | undefined;
}

/** Where the face is looked for, as shares of the figure's height from its top: below the hair, above the neck. */
const FACE_BAND = { from: 0.04, to: 0.12 };
/** Skin-toned pixels the face band needs to set the skin tone by itself. */
const MIN_HEAD_VOTERS = 20;
/** Pixels this close to the head's tone are skin even when a product colour is as close (same-coloured garment). */
const SURE_SKIN_RADIUS = 7;
/** Skin narrower than this (working pixels) is not a limb: a skin-toned stripe or dot of a print. */
const MIN_SKIN_WIDTH = 5;

export interface SkinEstimate {
  mask: PixelMask;
  /** The mannequin's skin tone, if any skin-toned pixel was left to estimate it from. */
  tone: Lab | undefined;
  /** Whether the tone was read from the head (the top of the figure) rather than the whole figure. */
  toneFromHead: boolean;
}

/**
 * The mannequin's skin. Its tone is the densest skin-toned (isSkinTone) colour of the face (the top of the
 * figure, below the hair) when the face shows skin: heads are skin whatever the garment, and a garment that
 * drifted into skin tones can outnumber the arms and legs. Without a face it is the densest skin-toned colour
 * among the figure's pixels that are not product-coloured. Skin is then the skin-toned pixels near that tone and
 * nearer to it than to any product colour (or, with a face tone, very near it): a beige, tan or blush garment
 * stays garment when the mannequin's skin differs from it. Finally skin narrower than a limb is given back:
 * skin-toned stripes and dots are print. `productDistance` gives a pixel's CHROMA_FIRST_KL distance to the
 * nearest product colour.
 */
export function skinMask(image: LabImage, figure: PixelMask, productDistance: (pixel: number) => number): SkinEstimate {
  const { width, height } = image;
  const count = width * height;
  let top = -1;
  let bottom = -1;
  for (let pixel = 0; pixel < count; pixel++) {
    if (figure[pixel]) {
      const y = Math.floor(pixel / width);
      if (top < 0) top = y;
      bottom = y;
    }
  }
  const faceTop = top + FACE_BAND.from * (bottom - top);
  const faceBottom = top + FACE_BAND.to * (bottom - top);
  const skinToned: number[] = [];
  const voters: number[] = [];
  const headVoters: number[] = [];
  for (let pixel = 0; pixel < count; pixel++) {
    if (!figure[pixel]) continue;
    const offset = pixel * 4;
    if (!isSkinTone(image.rgba[offset] as number, image.rgba[offset + 1] as number, image.rgba[offset + 2] as number))
      continue;
    skinToned.push(pixel);
    const y = pixel / width;
    if (y >= faceTop && y < faceBottom) headVoters.push(pixel);
    if (productDistance(pixel) > PRODUCT_RADIUS) voters.push(pixel);
  }
  const mask = new Uint8Array(count);
  const toneFromHead = headVoters.length >= MIN_HEAD_VOTERS;
  const tone = densestColour(image.lab, toneFromHead ? headVoters : voters, CHROMA_FIRST_KL);
  if (!tone) return { mask, tone, toneFromHead: false };
  for (const pixel of skinToned) {
    const distance = distanceTo(image.lab, pixel, tone, CHROMA_FIRST_KL);
    if (distance > SKIN_RADIUS) continue;
    if (distance < productDistance(pixel) || (toneFromHead && distance <= SURE_SKIN_RADIUS)) mask[pixel] = 1;
  }
  return { mask: open(mask, width, height, Math.floor(MIN_SKIN_WIDTH / 2)), tone, toneFromHead };
}

/** One step of erosion (8 neighbours) or, with `within`, of dilation limited to `within`. */
function morphologyStep(mask: PixelMask, width: number, height: number, within?: PixelMask): PixelMask {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      if (within) {
        if (!within[pixel]) continue;
        let any = 0;
        for (let dy = -1; dy <= 1 && !any; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height && mask[ny * width + nx]) {
              any = 1;
              break;
            }
          }
        }
        out[pixel] = any;
      } else {
        if (!mask[pixel] || x === 0 || y === 0 || x === width - 1 || y === height - 1) continue;
        out[pixel] =
          mask[pixel - width - 1]! &
          mask[pixel - width]! &
          mask[pixel - width + 1]! &
          mask[pixel - 1]! &
          mask[pixel + 1]! &
          mask[pixel + width - 1]! &
          mask[pixel + width]! &
          mask[pixel + width + 1]!;
      }
    }
  }
  return out;
}

/** Morphological opening: parts of the mask narrower than 2 × radius + 1 pixels go, the rest keeps its shape. */
export function open(mask: PixelMask, width: number, height: number, radius: number): PixelMask {
  let out = mask;
  for (let step = 0; step < radius; step++) out = morphologyStep(out, width, height);
  for (let step = 0; step < radius; step++) out = morphologyStep(out, width, height, mask);
  return out;
}

/**
 * Keeps only pixels whose four neighbours are kept too: the one-pixel ring where the garment meets the backdrop
 * or the skin is a blend of both after downscaling, and would read as a colour the garment does not have.
 */
export function erode(mask: PixelMask, width: number, height: number): PixelMask {
  const out = new Uint8Array(mask.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const pixel = y * width + x;
      if (mask[pixel] && mask[pixel - 1] && mask[pixel + 1] && mask[pixel - width] && mask[pixel + width])
        out[pixel] = 1;
    }
  }
  return out;
}

export function countSet(mask: PixelMask): number {
  let count = 0;
  for (let pixel = 0; pixel < mask.length; pixel++) count += mask[pixel] as number;
  return count;
}

/** Pixels set in `mask` and not in `without` (or every pixel not in `without` when `mask` is undefined). */
export function maskMinus(mask: PixelMask | undefined, without: PixelMask): PixelMask {
  const out = new Uint8Array(without.length);
  for (let pixel = 0; pixel < out.length; pixel++)
    out[pixel] = (mask ? (mask[pixel] as number) : 1) & ((without[pixel] as number) ^ 1);
  return out;
}
