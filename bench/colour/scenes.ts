/**
 * Synthetic product photos and try-on renders for the colour fidelity benchmark. A garment (tee, dress or
 * trousers; plain, stripes, dots or checks in 1–3 colours) is drawn flat-lit on a near-uniform backdrop as a
 * product photo, and again, worn by a mannequin-like figure (skin-toned head, neck, arms and legs, often hair
 * and shoes) on another backdrop as the render: at another scale and place, slightly rotated, its pattern
 * draped, under a different exposure with a light gradient, folds and sometimes a sheen, with sensor noise and
 * JPEG compression. The render's garment colours can be shifted by a controlled CIEDE2000 amount first.
 *
 * Everything is drawn procedurally from the garment's own coordinates, so the pattern scales with the garment
 * as it would on a body. Deterministic for a given random source.
 */
import { convertLab65ToRgb, convertRgbToLab65 } from "culori";
import sharp from "sharp";
import { ciede2000, type DeltaEWeights, type Lab } from "~/colour/lab";
import { LabelCanvas, type LinearRgb, type Point, encodeLinear, linearFromRgb8, noiseSource } from "./raster";

export type Rgb8 = [number, number, number];
export type GarmentShape = "tee" | "dress" | "trousers";
export type Pattern =
  | { kind: "plain" }
  | { kind: "stripes"; period: number; vertical: boolean }
  | { kind: "dots"; spacing: number; radius: number }
  | { kind: "checks"; period: number };

export interface GarmentSpec {
  shape: GarmentShape;
  pattern: Pattern;
  /** sRGB colours of the pattern's regions; index 0 is the ground. */
  colours: Rgb8[];
}

/** CIEDE2000 as issue 16 defines ΔE: the shifts are measured with these. */
export const STANDARD_WEIGHTS: DeltaEWeights = { kL: 1, kC: 1, kH: 1 };
/** Lightness at half weight (textile practice): only reported beside, for comparison with the first labels. */
export const HALF_LIGHTNESS_WEIGHTS: DeltaEWeights = { kL: 2, kC: 1, kH: 1 };

const rand = (random: () => number, min: number, max: number) => min + random() * (max - min);
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

export function labOf([r, g, b]: Rgb8): Lab {
  const lab = convertRgbToLab65({ r: r / 255, g: g / 255, b: b / 255 });
  return { l: lab.l, a: lab.a, b: lab.b };
}

/** The 8-bit sRGB colour of a Lab colour, clamped into the gamut (so its Lab can differ from the one asked for). */
export function rgb8Of(lab: Lab): Rgb8 {
  const { r, g, b } = convertLab65ToRgb(lab);
  const channel = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
  return [channel(r), channel(g), channel(b)];
}

function inGamut(lab: Lab): boolean {
  const { r, g, b } = convertLab65ToRgb(lab);
  return [r, g, b].every((value) => value >= 0 && value <= 1);
}

const fromLch = (l: number, c: number, hue: number): Lab => ({ l, a: c * Math.cos(hue), b: c * Math.sin(hue) });

/** A plausible garment colour: a quarter neutrals (black to white), the rest chromatic of any hue. */
export function garmentColour(random: () => number): Rgb8 {
  if (random() < 0.25) return rgb8Of(fromLch(rand(random, 12, 93), rand(random, 0, 4), rand(random, 0, 2 * Math.PI)));
  const l = rand(random, 25, 82);
  const hue = rand(random, 0, 2 * Math.PI);
  let c = rand(random, 15, 70);
  while (c > 5 && !inGamut(fromLch(l, c, hue))) c -= 2;
  return rgb8Of(fromLch(l, c, hue));
}

/** Studio backdrops of product photos: white, light grey, warm beige, pastel. */
export function photoBackdrop(random: () => number): Rgb8 {
  const roll = random();
  if (roll < 0.5) return rgb8Of(fromLch(rand(random, 93, 98), rand(random, 0, 2), rand(random, 0, 2 * Math.PI)));
  if (roll < 0.7) return rgb8Of(fromLch(rand(random, 80, 90), rand(random, 0, 2), rand(random, 0, 2 * Math.PI)));
  if (roll < 0.85) return rgb8Of({ l: rand(random, 85, 92), a: rand(random, 1, 3), b: rand(random, 5, 10) });
  return rgb8Of(fromLch(rand(random, 82, 90), rand(random, 8, 14), rand(random, 0, 2 * Math.PI)));
}

/** Render backdrops: studio white and greys, mid and dark greys, warm tones, pastels. */
export function renderBackdrop(random: () => number): Rgb8 {
  const roll = random();
  if (roll < 0.35) return rgb8Of(fromLch(rand(random, 85, 97), rand(random, 0, 3), rand(random, 0, 2 * Math.PI)));
  if (roll < 0.6) return rgb8Of(fromLch(rand(random, 45, 75), rand(random, 0, 3), rand(random, 0, 2 * Math.PI)));
  if (roll < 0.75) return rgb8Of({ l: rand(random, 70, 88), a: rand(random, 2, 6), b: rand(random, 8, 18) });
  if (roll < 0.9) return rgb8Of(fromLch(rand(random, 75, 90), rand(random, 8, 18), rand(random, 0, 2 * Math.PI)));
  return rgb8Of(fromLch(rand(random, 18, 32), rand(random, 0, 4), rand(random, 0, 2 * Math.PI)));
}

/** Light to dark skin tones (sRGB), varied a little per figure. */
const SKIN_TONES: Rgb8[] = [
  [241, 198, 172],
  [226, 176, 146],
  [201, 140, 104],
  [172, 112, 78],
  [134, 86, 58],
  [92, 60, 42],
];
const HAIR: Rgb8[] = [
  [28, 24, 22],
  [58, 40, 30],
  [102, 72, 46],
  [196, 164, 112],
];

/** Garment outlines in unit coordinates (u across, v down, both 0..1 of the garment's box), and box height / width. */
const OUTLINES: Record<GarmentShape, { aspect: number; points: Array<[number, number]> }> = {
  tee: {
    aspect: 0.95,
    points: [
      [0.38, 0.0],
      [0.22, 0.04],
      [0.0, 0.24],
      [0.1, 0.4],
      [0.24, 0.3],
      [0.24, 1.0],
      [0.76, 1.0],
      [0.76, 0.3],
      [0.9, 0.4],
      [1.0, 0.24],
      [0.78, 0.04],
      [0.62, 0.0],
      [0.56, 0.07],
      [0.5, 0.09],
      [0.44, 0.07],
    ],
  },
  dress: {
    aspect: 1.5,
    points: [
      [0.3, 0.0],
      [0.38, 0.0],
      [0.42, 0.09],
      [0.58, 0.09],
      [0.62, 0.0],
      [0.7, 0.0],
      [0.72, 0.22],
      [0.66, 0.36],
      [0.98, 1.0],
      [0.02, 1.0],
      [0.34, 0.36],
      [0.28, 0.22],
    ],
  },
  trousers: {
    aspect: 1.7,
    points: [
      [0.12, 0.0],
      [0.88, 0.0],
      [0.96, 1.0],
      [0.56, 1.0],
      [0.5, 0.25],
      [0.44, 1.0],
      [0.04, 1.0],
    ],
  },
};

export function randomGarment(random: () => number): GarmentSpec {
  const shape = pick(random, ["tee", "dress", "trousers"] as const);
  const kind = pick(random, ["plain", "stripes", "dots", "checks"] as const);
  let pattern: Pattern;
  let colourCount: number;
  switch (kind) {
    case "plain":
      pattern = { kind };
      colourCount = 1;
      break;
    case "stripes":
      pattern = { kind, period: rand(random, 5, 14), vertical: random() < 0.3 };
      colourCount = random() < 0.7 ? 2 : 3;
      break;
    case "dots":
      pattern = { kind, spacing: rand(random, 6, 12), radius: 0 };
      pattern.radius = pattern.spacing * rand(random, 0.18, 0.32);
      colourCount = random() < 0.8 ? 2 : 3;
      break;
    case "checks":
      pattern = { kind, period: rand(random, 6, 14) };
      colourCount = random() < 0.6 ? 2 : 3;
      break;
  }
  // The pattern's colours must be visibly different, or it is a plain garment in disguise.
  const colours: Rgb8[] = [];
  while (colours.length < colourCount) {
    const candidate = garmentColour(random);
    if (colours.every((colour) => ciede2000(labOf(colour), labOf(candidate), STANDARD_WEIGHTS) >= 20))
      colours.push(candidate);
  }
  return { shape, pattern, colours };
}

/** Colour index of the pattern at garment coordinates (units: the garment's width is 100). */
function patternIndex(pattern: Pattern, colourCount: number, x: number, y: number): number {
  switch (pattern.kind) {
    case "plain":
      return 0;
    case "stripes": {
      const coordinate = pattern.vertical ? x : y;
      const band = Math.floor(coordinate / (pattern.period / 2)) & 3;
      if (colourCount === 2) return band & 1;
      return [0, 1, 0, 2][band] as number;
    }
    case "dots": {
      const row = Math.floor(y / pattern.spacing);
      const shift = row & 1 ? pattern.spacing / 2 : 0;
      const column = Math.floor((x + shift) / pattern.spacing);
      const dx = ((x + shift) % pattern.spacing) - pattern.spacing / 2;
      const dy = (y % pattern.spacing) - pattern.spacing / 2;
      if (dx * dx + dy * dy > pattern.radius * pattern.radius) return 0;
      return colourCount === 3 && (row + column) & 1 ? 2 : 1;
    }
    case "checks": {
      const half = pattern.period / 2;
      const across = Math.floor(x / half) & 1;
      const down = Math.floor(y / half) & 1;
      // Two colours: a check; three: gingham, where the crossing of two bands is the third colour.
      if (colourCount === 2) return across ^ down;
      return across + down;
    }
  }
}

/** Where the garment's box sits in an image: centre, size, rotation (radians). */
interface Placement {
  centre: Point;
  width: number;
  rotation: number;
}

function outlineIn(shape: GarmentShape, placement: Placement): Point[] {
  const { aspect, points } = OUTLINES[shape];
  const height = placement.width * aspect;
  const cos = Math.cos(placement.rotation);
  const sin = Math.sin(placement.rotation);
  return points.map(([u, v]) => {
    const x = (u - 0.5) * placement.width;
    const y = (v - 0.5) * height;
    return { x: placement.centre.x + x * cos - y * sin, y: placement.centre.y + x * sin + y * cos };
  });
}

/** Lighting of a photo region: exposure, a linear gradient, folds across the garment, an optional sheen. */
interface Lighting {
  exposure: number;
  gradientX: number;
  gradientY: number;
  foldDepth: number;
  foldCount: number;
  foldPhase: number;
  sheen: number;
  sheenAt: number;
}

const FLAT: Lighting = {
  exposure: 1,
  gradientX: 0,
  gradientY: 0,
  foldDepth: 0,
  foldCount: 1,
  foldPhase: 0,
  sheen: 0,
  sheenAt: 0,
};

const COS_STEPS = 4096;
const COS = Float64Array.from({ length: COS_STEPS }, (_, step) => Math.cos((2 * Math.PI * step) / COS_STEPS));

/** Light at normalised image position (nx, ny ∈ −1..1) and garment position u (0..1 across). */
function lightAt(light: Lighting, nx: number, ny: number, u: number): number {
  const turns = u * light.foldCount + light.foldPhase;
  const fold = 0.5 + 0.5 * (COS[Math.floor((turns - Math.floor(turns)) * COS_STEPS)] as number);
  let sheen = 1;
  if (light.sheen > 0) {
    const offset = (u - light.sheenAt) / 0.06;
    sheen += light.sheen * Math.exp(-offset * offset);
  }
  return (
    light.exposure *
    (1 + light.gradientX * nx + light.gradientY * ny) *
    (1 - light.foldDepth * fold * fold * fold) *
    sheen
  );
}

/** Writes one pixel: linear colour times light, encoded to sRGB, plus noise of `sigma` 8-bit levels. */
function writePixel(
  pixels: Uint8Array,
  offset: number,
  colour: LinearRgb,
  factor: number,
  noise: () => number,
  sigma: number,
) {
  for (let channel = 0; channel < 3; channel++) {
    const value = encodeLinear((colour[channel] as number) * factor) + noise() * sigma;
    pixels[offset + channel] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
  }
}

const LABEL = { backdrop: 0, skin: 1, hair: 2, garment: 3, shoe: 4, other: 5, shadow: 6 } as const;

async function encodeJpeg(pixels: Uint8Array, width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export interface ProductPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  backdrop: Rgb8;
  /** Share of the garment's area in each of its colours, as drawn. */
  colourShares: number[];
}

/** A flat-lit product photo: the garment centred on a near-uniform backdrop with a soft vignette and, often, a shadow. */
export async function drawProductPhoto(
  garment: GarmentSpec,
  backdrop: Rgb8,
  random: () => number,
): Promise<ProductPhoto> {
  const width = Math.round(rand(random, 1000, 2000));
  const height = random() < 0.5 ? width : Math.round(width * 1.25);
  const { aspect } = OUTLINES[garment.shape];
  const boxWidth = Math.min(rand(random, 0.55, 0.75) * width, (rand(random, 0.7, 0.85) * height) / aspect);
  const placement: Placement = {
    centre: { x: width * rand(random, 0.47, 0.53), y: height * rand(random, 0.47, 0.53) },
    width: boxWidth,
    rotation: 0,
  };
  const canvas = new LabelCanvas(width, height);
  if (random() < 0.5) {
    const offset = { x: boxWidth * 0.015, y: boxWidth * 0.02 };
    canvas.polygon(
      outlineIn(garment.shape, {
        ...placement,
        centre: { x: placement.centre.x + offset.x, y: placement.centre.y + offset.y },
      }),
      LABEL.shadow,
    );
  }
  canvas.polygon(outlineIn(garment.shape, placement), LABEL.garment);
  const light: Lighting = {
    ...FLAT,
    exposure: rand(random, 0.97, 1.03),
    gradientX: rand(random, -0.03, 0.03),
    foldDepth: rand(random, 0, 0.08),
    foldCount: rand(random, 2, 4),
    foldPhase: random(),
  };
  const backdropLinear = linearFromRgb8(backdrop);
  const colours = garment.colours.map(linearFromRgb8);
  const counts = new Array<number>(colours.length).fill(0);
  const noise = noiseSource(Math.floor(random() * 2 ** 32));
  const pixels = new Uint8Array(width * height * 3);
  const vignette = rand(random, 0, 0.04);
  const boxHeight = boxWidth * aspect;
  for (let y = 0; y < height; y++) {
    const ny = (y / height) * 2 - 1;
    for (let x = 0; x < width; x++) {
      const nx = (x / width) * 2 - 1;
      const index = y * width + x;
      const label = canvas.labels[index] as number;
      let colour: LinearRgb;
      let factor: number;
      let sigma = 1.5;
      if (label === LABEL.garment) {
        const u = (x - placement.centre.x) / boxWidth + 0.5;
        const v = (y - placement.centre.y) / boxHeight + 0.5;
        const which = patternIndex(garment.pattern, colours.length, u * 100, v * 100 * aspect);
        counts[which] = (counts[which] as number) + 1;
        colour = colours[which] as LinearRgb;
        factor = lightAt(light, nx, ny, u);
        sigma = 2;
      } else {
        colour = backdropLinear;
        factor = (1 - vignette * (nx * nx + ny * ny)) * (label === LABEL.shadow ? 0.9 : 1);
      }
      writePixel(pixels, index * 3, colour, factor, noise, sigma);
    }
  }
  const total = counts.reduce((a, b) => a + b, 0);
  return {
    jpeg: await encodeJpeg(pixels, width, height, 90),
    width,
    height,
    backdrop,
    colourShares: counts.map((count) => count / total),
  };
}

export interface RenderOptions {
  /** The garment as rendered: the product's garment with its colours possibly shifted. */
  garment: GarmentSpec;
  backdrop: Rgb8;
  /** Also dress the figure in a second garment the AI chose (a top with trousers, trousers with a tee). */
  otherGarment: boolean;
}

export interface Render {
  jpeg: Buffer;
  width: number;
  height: number;
  skinTone: Rgb8;
  hair: Rgb8 | undefined;
  other: Rgb8 | undefined;
}

export const RENDER_WIDTH = 1536;
export const RENDER_HEIGHT = 2048;

/** A 2K try-on render: the garment worn by a mannequin-like figure on a backdrop, lit like a studio shot. */
export async function drawRender(options: RenderOptions, random: () => number): Promise<Render> {
  const width = RENDER_WIDTH;
  const height = RENDER_HEIGHT;
  const canvas = new LabelCanvas(width, height);
  const figure = rand(random, 0.82, 0.95) * height;
  const top = rand(random, 0.02, 0.08) * height;
  const cx = rand(random, 0.4, 0.6) * width;
  const at = (dx: number, dy: number): Point => ({ x: cx + dx * figure, y: top + dy * figure });
  /** A limb whose radii are fractions of the figure's height, like every other measure here. */
  const limb = (from: Point, to: Point, r0: number, r1: number) =>
    canvas.capsule(from, to, r0 * figure, r1 * figure, LABEL.skin);

  // Body, back to front: legs, torso, upper arms, neck, head, hair, shoes; the garment; forearms and hands.
  const armSwing = rand(random, -0.02, 0.03);
  for (const side of [-1, 1]) {
    const stance = rand(random, 0, 0.02);
    limb(at(side * 0.05, 0.5), at(side * (0.055 + stance / 2), 0.72), 0.048, 0.036);
    limb(at(side * (0.055 + stance / 2), 0.72), at(side * (0.05 + stance), 0.93), 0.036, 0.024);
  }
  canvas.polygon(
    [at(-0.11, 0.16), at(0.11, 0.16), at(0.075, 0.38), at(0.095, 0.5), at(-0.095, 0.5), at(-0.075, 0.38)],
    LABEL.skin,
  );
  const elbows = [-1, 1].map((side) => at(side * (0.14 + armSwing), 0.33));
  [-1, 1].forEach((side, index) => limb(at(side * 0.11, 0.18), elbows[index] as Point, 0.03, 0.024));
  limb(at(0, 0.1), at(0, 0.16), 0.022, 0.024);
  canvas.ellipse(at(0, 0.065), 0.045 * figure, 0.062 * figure, LABEL.skin);
  const hair = random() < 0.6 ? pick(random, HAIR) : undefined;
  if (hair) {
    const hairline = top + rand(random, 0.035, 0.055) * figure;
    canvas.ellipse(at(0, 0.055), 0.05 * figure, 0.052 * figure, LABEL.hair, (_, __, y) => y < hairline);
  }
  const shoes = random() < 0.5;
  if (shoes)
    for (const side of [-1, 1]) canvas.ellipse(at(side * 0.055, 0.94), 0.035 * figure, 0.018 * figure, LABEL.shoe);

  const garment = options.garment;
  const placements: Record<GarmentShape, { width: number; centreY: number }> = {
    tee: { width: 0.42, centreY: 0.145 + (0.42 * OUTLINES.tee.aspect) / 2 },
    dress: { width: 0.36, centreY: 0.15 + (0.36 * OUTLINES.dress.aspect) / 2 },
    trousers: { width: 0.26, centreY: 0.47 + (0.26 * OUTLINES.trousers.aspect) / 2 },
  };
  const place = placements[garment.shape];
  const placement: Placement = {
    centre: at(rand(random, -0.01, 0.01), place.centreY + rand(random, -0.01, 0.01)),
    width: place.width * figure * rand(random, 0.95, 1.08),
    rotation: rand(random, -0.06, 0.06),
  };
  let other: Rgb8 | undefined;
  if (options.otherGarment && garment.shape !== "dress") {
    other = pick(random, [
      [240, 240, 236],
      [30, 30, 34],
      [128, 128, 130],
      [52, 74, 110],
      [196, 180, 150],
    ] as Rgb8[]);
    const otherShape: GarmentShape = garment.shape === "tee" ? "trousers" : "tee";
    const otherPlace = placements[otherShape];
    canvas.polygon(
      outlineIn(otherShape, { centre: at(0, otherPlace.centreY), width: otherPlace.width * figure, rotation: 0 }),
      LABEL.other,
    );
  }
  canvas.polygon(outlineIn(garment.shape, placement), LABEL.garment);
  [-1, 1].forEach((side, index) => {
    const wrist = at(side * (0.13 + armSwing + rand(random, -0.01, 0.01)), 0.46);
    limb(elbows[index] as Point, wrist, 0.024, 0.019);
    canvas.ellipse({ x: wrist.x, y: wrist.y + 0.025 * figure }, 0.02 * figure, 0.03 * figure, LABEL.skin);
  });

  // Colour: each layer under its own light; exposure and direction differ from the product photo's.
  const exposure = rand(random, 0.85, 1.12);
  const gradientX = rand(random, -0.15, 0.15);
  const gradientY = rand(random, -0.08, 0.08);
  const garmentLight: Lighting = {
    exposure,
    gradientX,
    gradientY,
    foldDepth: rand(random, 0.12, 0.35),
    foldCount: rand(random, 3, 7),
    foldPhase: random(),
    sheen: random() < 0.3 ? rand(random, 0.05, 0.15) : 0,
    sheenAt: rand(random, 0.2, 0.8),
  };
  const bodyLight: Lighting = { ...FLAT, exposure, gradientX, gradientY };
  const otherLight: Lighting = { ...garmentLight, sheen: 0 };
  const skinTone = SKIN_TONES[Math.floor(random() * SKIN_TONES.length)] as Rgb8;
  const skinVaried = skinTone.map((channel) => Math.min(255, Math.round(channel * rand(random, 0.95, 1.05)))) as Rgb8;
  const layerColour: Record<number, LinearRgb> = {
    [LABEL.skin]: linearFromRgb8(skinVaried),
    [LABEL.hair]: linearFromRgb8(hair ?? [0, 0, 0]),
    [LABEL.shoe]: linearFromRgb8([34, 30, 30]),
    [LABEL.other]: linearFromRgb8(other ?? [0, 0, 0]),
  };
  const backdropLinear = linearFromRgb8(options.backdrop);
  const floorFrom = random() < 0.3 ? rand(random, 0.75, 0.9) * height : height + 1;
  const colours = garment.colours.map(linearFromRgb8);
  const { aspect } = OUTLINES[garment.shape];
  const boxHeight = placement.width * aspect;
  const cos = Math.cos(-placement.rotation);
  const sin = Math.sin(-placement.rotation);
  const drapeAmplitude = rand(random, 0.005, 0.02);
  const drapePhase = random() * 2 * Math.PI;
  const noise = noiseSource(Math.floor(random() * 2 ** 32));
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const ny = (y / height) * 2 - 1;
    for (let x = 0; x < width; x++) {
      const nx = (x / width) * 2 - 1;
      const index = y * width + x;
      const label = canvas.labels[index] as number;
      let colour: LinearRgb;
      let factor: number;
      if (label === LABEL.garment) {
        const dx = x - placement.centre.x;
        const dy = y - placement.centre.y;
        let u = (dx * cos - dy * sin) / placement.width + 0.5;
        const v = (dx * sin + dy * cos) / boxHeight + 0.5;
        u += drapeAmplitude * Math.sin(2 * Math.PI * v * 3 + drapePhase);
        colour = colours[patternIndex(garment.pattern, colours.length, u * 100, v * 100 * aspect)] as LinearRgb;
        factor = lightAt(garmentLight, nx, ny, u);
      } else if (label === LABEL.backdrop) {
        colour = backdropLinear;
        factor = (1 + 0.5 * gradientX * nx) * (y >= floorFrom ? 0.85 : 1);
      } else {
        colour = layerColour[label] as LinearRgb;
        factor =
          label === LABEL.other
            ? lightAt(otherLight, nx, ny, (x - cx) / (0.3 * figure))
            : lightAt(bodyLight, nx, ny, 0);
      }
      writePixel(pixels, index * 3, colour, factor, noise, 2);
    }
  }
  return { jpeg: await encodeJpeg(pixels, width, height, 88), width, height, skinTone: skinVaried, hair, other };
}

export interface ColourShift {
  /** The colours as rendered. */
  colours: Rgb8[];
  /** Share-weighted mean CIEDE2000 (kL = kC = kH = 1) between product and rendered colours. */
  deltaE: number;
  /** The same with lightness at half weight (kL = 2), as the benchmark's first labels measured it. */
  deltaEHalfLightness: number;
  /** Whether every colour moved, or only one of a multi-colour garment. */
  scope: "all" | "one";
}

/** Share-weighted mean CIEDE2000 between two lists of colours. */
export function meanShift(
  from: readonly Rgb8[],
  to: readonly Rgb8[],
  shares: readonly number[],
  weights: DeltaEWeights,
): number {
  let sum = 0;
  let total = 0;
  from.forEach((colour, index) => {
    const share = shares[index] ?? 0;
    sum += share * ciede2000(labOf(colour), labOf(to[index] as Rgb8), weights);
    total += share;
  });
  return total > 0 ? sum / total : 0;
}

/**
 * Moves the garment's colours in a random direction of lightness, chroma and hue, scaled (by bisection) so the
 * share-weighted mean CIEDE2000 (standard weights, as the ΔE) of the 8-bit result is `target`. Sometimes only one colour of a multi-colour
 * garment moves. Returns undefined when the gamut does not allow the target in the directions tried.
 */
export function shiftColours(
  colours: readonly Rgb8[],
  shares: readonly number[],
  target: number,
  random: () => number,
): ColourShift | undefined {
  if (target === 0) return { colours: [...colours], deltaE: 0, deltaEHalfLightness: 0, scope: "all" };
  for (let attempt = 0; attempt < 20; attempt++) {
    let scope: ColourShift["scope"] = "all";
    let moving = colours.map(() => true);
    if (colours.length > 1 && random() < 0.3) {
      const which = shares.findIndex((share) => share >= 0.25);
      if (which >= 0) {
        scope = "one";
        moving = colours.map((_, index) => index === which);
      }
    }
    let dl = rand(random, -1, 1);
    let dc = rand(random, -1, 1);
    let dh = rand(random, -1, 1) * 1.5;
    const norm = Math.hypot(dl, dc, dh);
    dl /= norm;
    dc /= norm;
    dh /= norm;
    const neutralHue = rand(random, 0, 2 * Math.PI);
    const apply = (t: number) =>
      colours.map((colour, index) => {
        if (!moving[index]) return colour;
        const lab = labOf(colour);
        const c = Math.hypot(lab.a, lab.b);
        const hue = c < 4 ? neutralHue : Math.atan2(lab.b, lab.a);
        const newC = Math.max(0, c + t * dc);
        const newHue = hue + (t * dh) / Math.max(c, 10);
        return rgb8Of(fromLch(lab.l + t * dl, newC, newHue));
      });
    const measure = (t: number) => meanShift(colours, apply(t), shares, STANDARD_WEIGHTS);
    let high = 160;
    if (measure(high) < target) continue;
    let low = 0;
    for (let step = 0; step < 30; step++) {
      const middle = (low + high) / 2;
      if (measure(middle) < target) low = middle;
      else high = middle;
    }
    const shifted = apply(high);
    const deltaE = meanShift(colours, shifted, shares, STANDARD_WEIGHTS);
    if (Math.abs(deltaE - target) > 0.75) continue;
    return {
      colours: shifted,
      deltaE,
      deltaEHalfLightness: meanShift(colours, shifted, shares, HALF_LIGHTNESS_WEIGHTS),
      scope,
    };
  }
  return undefined;
}
