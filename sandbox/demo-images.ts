import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

/**
 * Product photos for the demo store, drawn with sharp: flat-lay garments (tops, dresses, trousers…) and a few
 * things that are not garments (a tote bag, a high-top sneaker, a necklace, a gift card) in colours and patterns, on a studio backdrop, as JPEG, PNG or WebP like a merchant's uploads. Two are wrong on
 * purpose: an uncompressed PNG over 10 MB and a GIF, so the app's skip reasons have something to show.
 * No text is drawn: these machines may have no fonts.
 */

export type GarmentShape =
  | "tee"
  | "shirt"
  | "tank"
  | "hoodie"
  | "dress"
  | "slip_dress"
  | "trousers"
  | "jeans"
  | "skirt"
  | "coat"
  // Not garments: what a real store sells beside them (issue 26), drawn so that the app has a photo to refuse.
  | "bag"
  | "shoes"
  | "necklace"
  | "gift_card";
export type GarmentPattern = "plain" | "stripes" | "dots" | "check" | "denim";
export type PhotoFormat = "jpeg" | "png" | "webp" | "gif" | "png_uncompressed";

export interface DemoPhotoSpec {
  shape: GarmentShape;
  color: string;
  accent?: string;
  pattern?: GarmentPattern;
  side?: "front" | "back";
  format: PhotoFormat;
  width?: number;
  height?: number;
}

export interface DemoPhoto {
  bytes: Uint8Array;
  width: number;
  height: number;
  extension: "jpg" | "png" | "webp" | "gif";
}

const GENERATOR_VERSION = "2";

function patternDefs(id: string, spec: DemoPhotoSpec, unit: number): string {
  const accent = spec.accent ?? "#ffffff";
  switch (spec.pattern ?? "plain") {
    case "stripes":
      return `<pattern id="${id}" width="${unit}" height="${unit * 0.9}" patternUnits="userSpaceOnUse">
        <rect width="${unit}" height="${unit * 0.9}" fill="${spec.color}"/><rect y="${unit * 0.45}" width="${unit}" height="${unit * 0.3}" fill="${accent}"/></pattern>`;
    case "dots":
      return `<pattern id="${id}" width="${unit}" height="${unit}" patternUnits="userSpaceOnUse">
        <rect width="${unit}" height="${unit}" fill="${spec.color}"/><circle cx="${unit / 2}" cy="${unit / 2}" r="${unit * 0.16}" fill="${accent}"/></pattern>`;
    case "check":
      return `<pattern id="${id}" width="${unit * 1.6}" height="${unit * 1.6}" patternUnits="userSpaceOnUse">
        <rect width="${unit * 1.6}" height="${unit * 1.6}" fill="${spec.color}"/>
        <rect width="${unit * 0.8}" height="${unit * 1.6}" fill="${accent}" fill-opacity="0.35"/>
        <rect width="${unit * 1.6}" height="${unit * 0.8}" fill="${accent}" fill-opacity="0.35"/></pattern>`;
    case "denim":
      return `<pattern id="${id}" width="${unit * 0.25}" height="${unit * 0.25}" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
        <rect width="${unit * 0.25}" height="${unit * 0.25}" fill="${spec.color}"/><rect width="${unit * 0.08}" height="${unit * 0.25}" fill="${accent}" fill-opacity="0.25"/></pattern>`;
    case "plain":
      return `<pattern id="${id}" width="${unit}" height="${unit}" patternUnits="userSpaceOnUse"><rect width="${unit}" height="${unit}" fill="${spec.color}"/></pattern>`;
  }
}

/** The garment's outline in a 100 x 130 box, and the details drawn over it (seams, buttons, pockets). */
function garmentPaths(shape: GarmentShape, back: boolean): { outline: string; details: string } {
  const seam = `fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="0.6"`;
  switch (shape) {
    case "tee":
      return {
        outline: "M30 12 L40 8 Q50 14 60 8 L70 12 L92 30 L82 42 L72 35 L72 118 L28 118 L28 35 L18 42 L8 30 Z",
        details: back ? `<path d="M40 8 Q50 11 60 8" ${seam}/>` : `<path d="M40 8 Q50 20 60 8" ${seam}/>`,
      };
    case "shirt":
      return {
        outline: "M32 10 L42 6 L50 14 L58 6 L68 10 L94 44 L84 52 L72 38 L72 120 L28 120 L28 38 L16 52 L6 44 Z",
        details: back
          ? `<path d="M32 22 L68 22" ${seam}/>`
          : `<path d="M50 14 L50 120" ${seam}/>${[30, 48, 66, 84, 102].map((y) => `<circle cx="52" cy="${y}" r="1.2" fill="#000" fill-opacity="0.35"/>`).join("")}<path d="M42 6 L46 18 L50 14 M58 6 L54 18 L50 14" ${seam}/>`,
      };
    case "tank":
      return {
        outline: "M36 6 L44 6 Q50 20 56 6 L64 6 Q66 24 76 30 L76 118 L24 118 L24 30 Q34 24 36 6 Z",
        details: `<path d="M24 112 L76 112" ${seam}/>`,
      };
    case "hoodie":
      return {
        outline:
          "M34 14 Q36 0 50 0 Q64 0 66 14 L74 18 L96 86 L84 90 L72 44 L72 118 L28 118 L28 44 L16 90 L4 86 L26 18 Z",
        details: back
          ? `<path d="M36 14 Q50 22 64 14" ${seam}/>`
          : `<path d="M40 16 Q50 30 60 16" ${seam}/><path d="M36 84 L64 84 L68 104 L32 104 Z" ${seam}/><path d="M46 24 L45 40 M54 24 L55 40" ${seam}/>`,
      };
    case "dress":
      return {
        outline: "M38 4 L44 4 Q50 14 56 4 L62 4 L66 26 L64 46 L92 126 L8 126 L36 46 L34 26 Z",
        details: `<path d="M35 46 L65 46" ${seam}/>${back ? `<path d="M50 8 L50 44" ${seam}/>` : ""}`,
      };
    case "slip_dress":
      return {
        outline: "M38 2 L40 2 L42 22 Q50 28 58 22 L60 2 L62 2 L66 30 L80 126 L20 126 L34 30 Z",
        details: `<path d="M34 30 Q50 36 66 30" ${seam}/>`,
      };
    case "trousers":
      return {
        outline: "M26 4 L74 4 L80 126 L58 126 L50 40 L42 126 L20 126 Z",
        details: `<path d="M26 12 L74 12" ${seam}/>${back ? `<path d="M32 22 L44 22 L44 32 L32 32 Z M56 22 L68 22 L68 32 L56 32 Z" ${seam}/>` : `<path d="M50 12 L50 36" ${seam}/><path d="M30 12 Q36 22 40 12 M70 12 Q64 22 60 12" ${seam}/>`}`,
      };
    case "jeans":
      return {
        outline: "M25 4 L75 4 L79 126 L58 126 L50 38 L42 126 L21 126 Z",
        details: `<path d="M25 12 L75 12" stroke="#d9a441" stroke-width="0.8" fill="none"/>${back ? `<path d="M31 20 L45 20 L44 34 L38 37 L32 34 Z M55 20 L69 20 L68 34 L62 37 L56 34 Z" stroke="#d9a441" stroke-width="0.6" fill="none"/>` : `<path d="M50 12 Q48 26 50 34" stroke="#d9a441" stroke-width="0.6" fill="none"/><path d="M29 12 Q35 22 41 12 M71 12 Q65 22 59 12" stroke="#d9a441" stroke-width="0.6" fill="none"/>`}`,
      };
    case "skirt":
      return {
        outline: "M32 20 L68 20 L88 110 L12 110 Z",
        details: `<path d="M32 27 L68 27" ${seam}/>${[24, 38, 50, 62, 76].map((x) => `<path d="M${50 + (x - 50) * 0.45} 28 L${x} 110" ${seam}/>`).join("")}`,
      };
    case "bag":
      return {
        outline: "M16 52 L84 52 L90 124 L10 124 Z",
        details: `<path d="M34 52 Q34 18 50 18 Q66 18 66 52" fill="none" stroke="#3a2a1e" stroke-width="3"/><path d="M16 60 L84 60" ${seam}/>`,
      };
    case "shoes":
      return {
        outline: "M12 58 Q30 52 52 54 L58 80 L86 92 Q96 98 92 106 L12 106 Z",
        details: `<path d="M10 106 L94 106 L94 118 L10 118 Z" fill="#f4f2ec" stroke="#000" stroke-opacity="0.2" stroke-width="0.5"/>${[62, 70, 78].map((y, i) => `<path d="M${36 + i * 4} ${y} L${48 + i * 4} ${y - 4}" stroke="#f4f2ec" stroke-width="1.4"/>`).join("")}<circle cx="24" cy="84" r="6" fill="#f4f2ec" fill-opacity="0.8"/>`,
      };
    case "necklace":
      return {
        outline: "M40 100 A10 10 0 1 0 60 100 A10 10 0 1 0 40 100 Z",
        details: `<path d="M20 14 Q50 166 80 14" fill="none" stroke="#c9a227" stroke-width="1.4"/><circle cx="46" cy="96" r="2.5" fill="#fff" fill-opacity="0.7"/>`,
      };
    case "gift_card":
      return {
        outline: "M8 38 L92 38 L92 96 L8 96 Z",
        details: `<path d="M62 38 L62 96 M8 58 L92 58" stroke="#c9a227" stroke-width="3"/><path d="M62 58 Q50 44 56 40 Q62 38 62 58 Q62 38 68 40 Q74 44 62 58 Z" fill="#c9a227"/>`,
      };
    case "coat":
      return {
        outline:
          "M32 6 L44 4 L50 16 L56 4 L68 6 L90 34 L94 110 L82 112 L76 50 L76 126 L24 126 L24 50 L18 112 L6 110 L10 34 Z",
        details: back
          ? `<path d="M50 60 L50 126" ${seam}/>`
          : `<path d="M44 4 L40 40 L50 56 L60 40 L56 4" ${seam}/><path d="M50 56 L50 126" ${seam}/>${[66, 84, 102].map((y) => `<circle cx="46" cy="${y}" r="1.6" fill="#000" fill-opacity="0.4"/><circle cx="54" cy="${y}" r="1.6" fill="#000" fill-opacity="0.4"/>`).join("")}<path d="M30 84 L40 84 M60 84 L70 84" ${seam}/>`,
      };
  }
}

export function garmentSvg(spec: DemoPhotoSpec, width: number, height: number): string {
  const back = spec.side === "back";
  const { outline, details } = garmentPaths(spec.shape, back);
  // The garment's 100 x 130 box, fitted into the photo with a margin.
  const scale = Math.min((width * 0.78) / 100, (height * 0.82) / 130);
  const offsetX = (width - 100 * scale) / 2;
  const offsetY = (height - 130 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7f5f2"/><stop offset="1" stop-color="#e4e0da"/></linearGradient>
    <radialGradient id="shade" cx="0.35" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${2.2}"/></filter>
    ${patternDefs("fabric", spec, 9)}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#backdrop)"/>
  <g transform="translate(${offsetX} ${offsetY}) scale(${scale})">
    <path d="${outline}" transform="translate(2.5 3.5)" fill="#000" fill-opacity="0.22" filter="url(#shadow)"/>
    <path d="${outline}" fill="url(#fabric)"/>
    <path d="${outline}" fill="url(#shade)"/>
    ${back ? `<rect x="47" y="${spec.shape === "trousers" || spec.shape === "jeans" || spec.shape === "skirt" ? 22 : 11}" width="6" height="4" fill="#fff" fill-opacity="0.8"/>` : ""}
    ${details}
    <path d="${outline}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="0.5"/>
  </g>
</svg>`;
}

async function renderPhoto(spec: DemoPhotoSpec): Promise<DemoPhoto> {
  const width = spec.width ?? 1200;
  const height = spec.height ?? 1600;
  const image = sharp(Buffer.from(garmentSvg(spec, width, height)));
  switch (spec.format) {
    case "jpeg":
      return { bytes: await image.jpeg({ quality: 86, mozjpeg: true }).toBuffer(), width, height, extension: "jpg" };
    case "png":
      return { bytes: await image.png({ compressionLevel: 9 }).toBuffer(), width, height, extension: "png" };
    case "webp":
      return { bytes: await image.webp({ quality: 84 }).toBuffer(), width, height, extension: "webp" };
    case "gif":
      return { bytes: await image.gif().toBuffer(), width, height, extension: "gif" };
    case "png_uncompressed":
      // An unoptimised export: every pixel stored raw, so a modest photo weighs over 10 MB.
      return {
        bytes: await image.png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer(),
        width,
        height,
        extension: "png",
      };
  }
}

/**
 * Renders a photo, or reads it from `cacheDir` when an identical spec was rendered before (restarts are
 * then instant). The cache is only an optimisation: a missing or unwritable folder just means rendering again.
 */
export async function demoPhoto(spec: DemoPhotoSpec, cacheDir: string | null): Promise<DemoPhoto> {
  const key = createHash("sha256").update(GENERATOR_VERSION).update(JSON.stringify(spec)).digest("hex").slice(0, 20);
  const width = spec.width ?? 1200;
  const height = spec.height ?? 1600;
  const extension = spec.format === "jpeg" ? "jpg" : spec.format === "png_uncompressed" ? "png" : spec.format;
  const file = cacheDir ? join(cacheDir, `${key}.${extension}`) : null;
  if (file) {
    const cached = await readFile(file).catch(() => null);
    if (cached) return { bytes: new Uint8Array(cached), width, height, extension };
  }
  const photo = await renderPhoto(spec);
  if (file && cacheDir) {
    await mkdir(cacheDir, { recursive: true })
      .then(() => writeFile(file, photo.bytes))
      .catch(() => undefined);
  }
  return photo;
}

/** A soft illustration standing in for Polaris' empty-state image, which lives on Shopify's CDN. */
export async function emptyStateIllustration(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="452" height="452" viewBox="0 0 452 452">
    <circle cx="226" cy="226" r="190" fill="#f1f1f1"/>
    <rect x="136" y="128" width="180" height="220" rx="14" fill="#fff" stroke="#c9cccf" stroke-width="4"/>
    <rect x="164" y="164" width="124" height="90" rx="8" fill="#e3f1df"/>
    <path d="M176 240 L208 204 L232 228 L248 212 L276 240 Z" fill="#7ab55c"/>
    <circle cx="256" cy="186" r="10" fill="#ffc453"/>
    <rect x="164" y="272" width="124" height="12" rx="6" fill="#dfe3e8"/>
    <rect x="164" y="296" width="84" height="12" rx="6" fill="#dfe3e8"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
