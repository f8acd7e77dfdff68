import sharp from "sharp";
import { shiftGarmentColours, type ColourShiftMode } from "./colour-shift";
import type { SimBackground, SimMannequin, SimPose } from "./catalog";

/**
 * Real images for the simulator, drawn with sharp: results (product on a mannequin figure over a background,
 * marked SIMULATED), catalog thumbnails and sample product photos. Text is drawn as blocks rather than with a font,
 * so the mark shows on machines without any font installed.
 */

/** "2K"/"4K" on the long side. The spec does not give pixels; 2048 and 4096 are the simulator's choice. */
export const LONG_SIDE_PIXELS = { "2K": 2048, "4K": 4096 } as const;

export function outputSize(resolution: "2K" | "4K", aspectRatio: string): { width: number; height: number } {
  const [w, h] = aspectRatio.split(":").map(Number);
  if (!w || !h) throw new Error(`bad aspect ratio ${aspectRatio}`);
  const long = LONG_SIDE_PIXELS[resolution];
  return w >= h
    ? { width: long, height: Math.round((long * h) / w) }
    : { width: Math.round((long * w) / h), height: long };
}

const GLYPHS: Record<string, string[]> = {
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  I: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  L: ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
};

/** Rectangles spelling `word` in a 5x7 block font, `cell` pixels per dot, starting at (x, y). */
function blockText(word: string, x: number, y: number, cell: number, fill: string): string {
  const rects: string[] = [];
  [...word].forEach((letter, index) => {
    const rows = GLYPHS[letter];
    if (!rows) return;
    rows.forEach((row, rowIndex) => {
      [...row].forEach((dot, colIndex) => {
        if (dot !== "#") return;
        const left = x + (index * 6 + colIndex) * cell;
        rects.push(`<rect x="${left}" y="${y + rowIndex * cell}" width="${cell}" height="${cell}"/>`);
      });
    });
  });
  return `<g fill="${fill}">${rects.join("")}</g>`;
}

export const WATERMARK_WORD = "SIMULATED";

/** Where the SIMULATED banner sits, exported so tests can look at its pixels. */
export function watermarkBox(width: number, height: number) {
  const cell = Math.max(2, Math.floor((width * 0.7) / (WATERMARK_WORD.length * 6)));
  const textWidth = (WATERMARK_WORD.length * 6 - 1) * cell;
  const bannerHeight = cell * 11;
  // Along the bottom edge, over the backdrop and the feet: the garment stays clear of it, and a colour score
  // (app/colour) takes a band along the border for backdrop, as it would a studio floor.
  const top = height - bannerHeight;
  return { cell, textLeft: Math.round((width - textWidth) / 2), textTop: top + cell * 2, top, bannerHeight };
}

function watermarkSvg(width: number, height: number, caption: string): string {
  const box = watermarkBox(width, height);
  const captionSize = Math.max(10, Math.round(box.cell * 1.2));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="${box.top}" width="${width}" height="${box.bannerHeight}" fill="#b00020" fill-opacity="0.85"/>
    ${blockText(WATERMARK_WORD, box.textLeft, box.textTop, box.cell, "#ffffff")}
    <text x="${box.cell}" y="${box.top + captionSize}" font-family="sans-serif" font-size="${captionSize}" fill="#ffffff">${escapeXml(caption)}</text>
  </svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const SIZE_FACTORS: Record<string, number> = { XS: 0.86, S: 0.93, M: 1, L: 1.08, XL: 1.16, XXL: 1.25 };

interface FigureLayout {
  svg: string;
  /** Where the garment goes, by product type. */
  garment: { left: number; top: number; width: number; height: number };
}

/** A simple mannequin: head, neck, torso, arms and legs, its pose and build taken from the catalog. */
function figure(
  width: number,
  height: number,
  mannequin: SimMannequin,
  pose: SimPose,
  bodySize: string,
  expression: string,
  productType: string,
): FigureLayout {
  const figureHeight = Math.min(height * 0.86, width * 1.9);
  const u = figureHeight / 8;
  const s = SIZE_FACTORS[bodySize] ?? 1;
  const cx = width / 2;
  const top = (height - figureHeight) / 2;
  const y = (units: number) => top + units * u;
  const shoulderHalf = 0.95 * u * s;
  const waistHalf = 0.72 * u * s;
  const hipHalf = 0.85 * u * s;
  const legWidth = 0.5 * u * s;
  const armLength = 3 * u;
  const skin = mannequin.skinTone;
  const radians = (pose.armAngle * Math.PI) / 180;
  const arm = (side: -1 | 1) => {
    const x0 = cx + side * shoulderHalf;
    const y0 = y(1.5);
    if (pose.armAngle < 0) {
      // Hands on hips: elbow out, hand back at the waist.
      const elbowX = x0 + side * 0.9 * u;
      return `<polyline points="${x0},${y0} ${elbowX},${y(2.9)} ${cx + side * waistHalf},${y(
        3.9,
      )}" fill="none" stroke="${skin}" stroke-width="${0.3 * u * s}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    const x1 = x0 + side * Math.sin(radians) * armLength;
    const y1 = y0 + Math.cos(radians) * armLength;
    return `<line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y1}" stroke="${skin}" stroke-width="${
      0.3 * u * s
    }" stroke-linecap="round"/>`;
  };
  const leg = (side: -1 | 1) => {
    const hipX = cx + side * (hipHalf - legWidth / 2);
    const footX = hipX + side * pose.stance * hipHalf * 0.6;
    return `<line x1="${hipX}" y1="${y(4.3)}" x2="${footX}" y2="${y(
      7.85,
    )}" stroke="${skin}" stroke-width="${legWidth}" stroke-linecap="round"/>`;
  };
  const eyeY = y(0.55);
  const mouthY = y(0.8);
  const mouth =
    expression === "smile" || expression === "candid"
      ? `<path d="M ${cx - 0.16 * u} ${mouthY} Q ${cx} ${mouthY + 0.14 * u} ${
          cx + 0.16 * u
        } ${mouthY}" fill="none" stroke="#5a2a2a" stroke-width="${0.04 * u}"/>`
      : `<line x1="${cx - 0.14 * u}" y1="${mouthY}" x2="${
          cx + 0.14 * u
        }" y2="${mouthY}" stroke="#5a2a2a" stroke-width="${expression === "serious" ? 0.06 * u : 0.04 * u}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${leg(-1)}${leg(1)}
    ${arm(-1)}${arm(1)}
    <path d="M ${cx - shoulderHalf} ${y(1.35)} L ${cx + shoulderHalf} ${y(1.35)} L ${cx + waistHalf} ${y(3.6)} L ${
      cx + hipHalf
    } ${y(4.45)} L ${cx - hipHalf} ${y(4.45)} L ${cx - waistHalf} ${y(3.6)} Z" fill="${skin}"/>
    <rect x="${cx - 0.14 * u}" y="${y(0.9)}" width="${0.28 * u}" height="${0.5 * u}" fill="${skin}"/>
    <circle cx="${cx}" cy="${y(0.55)}" r="${0.45 * u}" fill="${skin}"/>
    <path d="M ${cx - 0.47 * u} ${y(0.45)} Q ${cx} ${y(-0.28)} ${cx + 0.47 * u} ${y(0.45)} Z" fill="${
      mannequin.hairColor
    }"/>
    <circle cx="${cx - 0.14 * u}" cy="${eyeY}" r="${0.04 * u}" fill="#222"/>
    <circle cx="${cx + 0.14 * u}" cy="${eyeY}" r="${0.04 * u}" fill="#222"/>
    ${mouth}
  </svg>`;
  const span =
    productType === "bottom"
      ? { from: 4.1, to: 7.2, half: hipHalf * 1.2 }
      : productType === "dress" || productType === "jumpsuit"
        ? { from: 1.3, to: 6.9, half: hipHalf * 1.3 }
        : { from: 1.3, to: 4.6, half: shoulderHalf * 1.15 };
  return {
    svg,
    garment: {
      left: Math.round(cx - span.half),
      top: Math.round(y(span.from)),
      width: Math.max(1, Math.round(span.half * 2)),
      height: Math.max(1, Math.round((span.to - span.from) * u)),
    },
  };
}

function gradientSvg(width: number, height: number, topColor: string, bottomColor: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${topColor}"/><stop offset="1" stop-color="${bottomColor}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
}

export interface ResultRenderSpec {
  width: number;
  height: number;
  mannequin: SimMannequin;
  pose: SimPose;
  bodySize: string;
  expression: string;
  productType: string;
  /** A catalog background, or the bytes of the image given as a URL. */
  background: SimBackground | Uint8Array;
  /** The product's front image; a grey placeholder garment is drawn when it could not be read. */
  productImage: Uint8Array | undefined;
  /** A colour fault: the garment comes back recoloured by this much. */
  colourShift?: { deltaE: number; mode: ColourShiftMode } | undefined;
  caption: string;
}

/** The finished try-on image, as JPEG. */
export async function renderTryOnResult(spec: ResultRenderSpec): Promise<Buffer> {
  const { width, height } = spec;
  const base =
    spec.background instanceof Uint8Array
      ? sharp(spec.background).resize(width, height, { fit: "cover" })
      : sharp(Buffer.from(gradientSvg(width, height, spec.background.topColor, spec.background.bottomColor)));
  const baseBuffer = await base.png().toBuffer();
  const layout = figure(width, height, spec.mannequin, spec.pose, spec.bodySize, spec.expression, spec.productType);
  let garment = await garmentLayer(spec.productImage, layout.garment.width, layout.garment.height);
  if (spec.colourShift) garment = await recolour(garment, spec.colourShift);
  return sharp(baseBuffer)
    .composite([
      { input: Buffer.from(layout.svg), left: 0, top: 0 },
      { input: garment, left: layout.garment.left, top: layout.garment.top },
      { input: Buffer.from(watermarkSvg(width, height, spec.caption)), left: 0, top: 0 },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function recolour(layer: Buffer, shift: { deltaE: number; mode: ColourShiftMode }): Promise<Buffer> {
  const { data, info } = await sharp(layer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  shiftGarmentColours(pixels, shift.mode, shift.deltaE);
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

async function garmentLayer(productImage: Uint8Array | undefined, width: number, height: number): Promise<Buffer> {
  if (productImage) {
    try {
      return await cutOutGarment(productImage, width, height);
    } catch {
      // Unreadable even though its magic bytes looked right: fall through to the placeholder.
    }
  }
  const placeholder = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" rx="${
    width / 10
  }" fill="#9e9e9e"/></svg>`;
  return sharp(Buffer.from(placeholder)).png().toBuffer();
}

/** A product photo's studio backdrop is this close (RGB distance) to its top-left pixel. */
const PHOTO_BACKDROP_DISTANCE = 40;

/**
 * The garment as a try-on service dresses it: out of its photo (the backdrop, taken from the photo's corner, made
 * transparent), cropped to itself and scaled to fill the body's garment area.
 */
async function cutOutGarment(productImage: Uint8Array, width: number, height: number): Promise<Buffer> {
  const { data, info } = await sharp(productImage)
    .resize({ width: 512, height: 512, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const [r0, g0, b0] = [pixels[0]!, pixels[1]!, pixels[2]!];
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 4;
      if (Math.hypot(pixels[i]! - r0, pixels[i + 1]! - g0, pixels[i + 2]! - b0) <= PHOTO_BACKDROP_DISTANCE) {
        pixels[i + 3] = 0;
      } else if (pixels[i + 3]! > 0) {
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
    }
  }
  // Nothing but backdrop: keep the whole photo rather than an empty layer.
  if (right < left) throw new Error("no garment found in the product photo");
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: 4 } })
    .extract({ left, top, width: right - left + 1, height: bottom - top + 1 })
    .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

const THUMB_WIDTH = 240;
const THUMB_HEIGHT = 320;

export async function renderFigureThumbnail(mannequin: SimMannequin, pose: SimPose): Promise<Buffer> {
  const layout = figure(THUMB_WIDTH, THUMB_HEIGHT, mannequin, pose, "M", "neutral", "top");
  return sharp(Buffer.from(gradientSvg(THUMB_WIDTH, THUMB_HEIGHT, "#f5f5f5", "#dddddd")))
    .composite([{ input: Buffer.from(layout.svg) }])
    .png()
    .toBuffer();
}

export async function renderBackgroundThumbnail(background: SimBackground): Promise<Buffer> {
  return sharp(Buffer.from(gradientSvg(THUMB_WIDTH, THUMB_HEIGHT, background.topColor, background.bottomColor)))
    .png()
    .toBuffer();
}

/** A flat drawing of a garment, for the sample product photos and tests. */
export async function renderSampleGarment(options: {
  color: string;
  format: "jpeg" | "png" | "webp" | "gif";
  size?: number;
  shape?: "tee" | "trousers";
}): Promise<Buffer> {
  const size = options.size ?? 600;
  const tee = `M ${size * 0.3} ${size * 0.1} L ${size * 0.1} ${size * 0.25} L ${size * 0.2} ${size * 0.4} L ${
    size * 0.28
  } ${size * 0.35} L ${size * 0.28} ${size * 0.9} L ${size * 0.72} ${size * 0.9} L ${size * 0.72} ${size * 0.35} L ${
    size * 0.8
  } ${size * 0.4} L ${size * 0.9} ${size * 0.25} L ${size * 0.7} ${size * 0.1} Q ${size * 0.5} ${size * 0.22} ${
    size * 0.3
  } ${size * 0.1} Z`;
  const trousers = `M ${size * 0.28} ${size * 0.08} L ${size * 0.72} ${size * 0.08} L ${size * 0.8} ${size * 0.92} L ${
    size * 0.56
  } ${size * 0.92} L ${size * 0.5} ${size * 0.35} L ${size * 0.44} ${size * 0.92} L ${size * 0.2} ${size * 0.92} Z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#ffffff"/><path d="${
    options.shape === "trousers" ? trousers : tee
  }" fill="${options.color}"/></svg>`;
  const image = sharp(Buffer.from(svg));
  switch (options.format) {
    case "jpeg":
      return image.jpeg({ quality: 85 }).toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp().toBuffer();
    case "gif":
      return image.gif().toBuffer();
  }
}
