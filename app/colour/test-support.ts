/**
 * Small product photos and renders for the colour tests, drawn as SVG and encoded by sharp: a tee on a studio
 * backdrop, and the same tee worn by a mannequin (skin-toned head, neck, arms, legs) on another backdrop, lit
 * with a gradient and folds. Only for tests; the benchmark has a richer generator (bench/colour/).
 */
import sharp from "sharp";

export interface PhotoFixture {
  garment: string;
  backdrop?: string;
  /** Dots of this colour on the garment (a second colour that matches the backdrop tests the flood fill). */
  dots?: string;
  width?: number;
  height?: number;
  format?: "jpeg" | "png";
}

/** The tee's outline in a 100 × 95 box. */
const TEE = "38,0 22,4 0,24 10,40 24,30 24,100 76,100 76,30 90,40 100,24 78,4 62,0 56,7 50,9 44,7";

function tee(x: number, y: number, scale: number, fill: string, extra = ""): string {
  return `<polygon transform="translate(${x} ${y}) scale(${scale} ${scale * 0.95})" points="${TEE}" fill="${fill}" ${extra}/>`;
}

async function encode(svg: string, format: "jpeg" | "png"): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** A flat-lit product photo: the tee centred on a near-uniform backdrop. */
export async function productPhoto(fixture: PhotoFixture): Promise<Buffer> {
  const width = fixture.width ?? 600;
  const height = fixture.height ?? 750;
  const scale = (width * 0.7) / 100;
  const x = width * 0.15;
  const y = height * 0.2;
  const dots = fixture.dots
    ? `<pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="${fixture.garment}"/><circle cx="15" cy="15" r="7" fill="${fixture.dots}"/></pattern>`
    : "";
  return encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>${dots}</defs>
      <rect width="${width}" height="${height}" fill="${fixture.backdrop ?? "#f4f4f2"}"/>
      ${tee(x, y, scale, fixture.dots ? "url(#dots)" : fixture.garment)}
    </svg>`,
    fixture.format ?? "jpeg",
  );
}

export interface RenderFixture {
  garment: string;
  backdrop?: string;
  skin?: string;
  hair?: string;
  /** Hair down to the shoulders, behind the head (needs `hair`). */
  longHair?: boolean;
  /** Tee width as a share of the image width (the product photo's is 0.7). */
  garmentWidth?: number;
  /** Hands on hips: the arms enclose a pocket of backdrop on each side of the body. */
  akimbo?: boolean;
  format?: "jpeg" | "png";
}

/** A 768 × 1024 render: the mannequin wearing the tee, lit from the left, with folds. */
export async function render(fixture: RenderFixture): Promise<Buffer> {
  const width = 768;
  const height = 1024;
  const skin = fixture.skin ?? "#c68863";
  const teeWidth = width * (fixture.garmentWidth ?? 0.42);
  const cx = width / 2;
  const teeX = cx - teeWidth / 2;
  const teeY = 230;
  const scale = teeWidth / 100;
  const shoulder = teeWidth * 0.28;
  const limb = (x1: number, y1: number, x2: number, y2: number, w: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${skin}" stroke-width="${w}" stroke-linecap="round"/>`;
  return encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs>
        <linearGradient id="light" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/>
        </linearGradient>
        <clipPath id="tee">${tee(teeX, teeY, scale, "#000")}</clipPath>
      </defs>
      <rect width="${width}" height="${height}" fill="${fixture.backdrop ?? "#b9c4cc"}"/>
      ${limb(cx - 40, 520, cx - 45, 960, 58)}${limb(cx + 40, 520, cx + 45, 960, 58)}
      ${fixture.hair && fixture.longHair ? `<rect x="${cx - 80}" y="50" width="160" height="260" rx="60" fill="${fixture.hair}"/>` : ""}
      ${limb(cx, 150, cx, 240, 44)}
      <ellipse cx="${cx}" cy="120" rx="58" ry="78" fill="${skin}"/>
      ${fixture.hair ? `<ellipse cx="${cx}" cy="70" rx="62" ry="40" fill="${fixture.hair}"/>` : ""}
      ${[-1, 1]
        .map((side) =>
          fixture.akimbo
            ? limb(cx + side * shoulder, 270, cx + side * teeWidth * 0.55, 420, 40) +
              limb(cx + side * teeWidth * 0.55, 420, cx + side * teeWidth * 0.24, 520, 36)
            : limb(cx + side * shoulder, 270, cx + side * teeWidth * 0.42, 560, 40),
        )
        .join("")}
      ${tee(teeX, teeY, scale, fixture.garment)}
      <g clip-path="url(#tee)" fill="#000" fill-opacity="0.18">
        <rect x="${teeX + teeWidth * 0.3}" y="${teeY}" width="${teeWidth * 0.05}" height="${teeWidth}"/>
        <rect x="${teeX + teeWidth * 0.62}" y="${teeY}" width="${teeWidth * 0.04}" height="${teeWidth}"/>
      </g>
      <rect width="${width}" height="${height}" fill="url(#light)"/>
    </svg>`,
    fixture.format ?? "jpeg",
  );
}

/** A red tee and the render colours the tests compare it with. */
export const RED = "#c0392b";
/** RED with its hue turned about 35° towards orange, lightness kept: ΔE00 ≈ 20. */
export const RED_HUE_SHIFTED = "#c76a1c";

/** A lifestyle shot rather than a studio one: the tee in front of blocks of unrelated colours (no backdrop). */
export async function scenePhoto(): Promise<Buffer> {
  const colours = ["#5d7a3a", "#b8a27a", "#3b4a6b", "#d9d4c7", "#8a3b2e", "#6f6f6f", "#2e5e5a"];
  const blocks = Array.from({ length: 5 * 4 }, (_, index) => {
    const [column, row] = [index % 4, Math.floor(index / 4)];
    return `<rect x="${column * 150}" y="${row * 150}" width="150" height="150" fill="${colours[index % colours.length]}"/>`;
  });
  return encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750">
      ${blocks.join("")}
      ${tee(150, 200, 3, RED)}
    </svg>`,
    "jpeg",
  );
}
