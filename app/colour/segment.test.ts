import { describe, expect, it } from "vitest";
import { ciede2000, labFromRgb8, labPixels } from "./lab";
import { estimateBackground } from "./backdrop";
import type { LabImage } from "./lab-image";
import { backgroundMask, countSet, erode, isSkinTone, skinMask } from "./segment";

type Rgba = [number, number, number, number?];

/** A working image painted pixel by pixel. */
function paint(width: number, height: number, colourAt: (x: number, y: number) => Rgba): LabImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = colourAt(x, y);
      rgba.set([r, g, b, a], (y * width + x) * 4);
    }
  }
  return { width, height, rgba, lab: labPixels(rgba, width * height) };
}

const hex = (value: string): Rgba => [
  parseInt(value.slice(1, 3), 16),
  parseInt(value.slice(3, 5), 16),
  parseInt(value.slice(5, 7), 16),
];
const labOfHex = (value: string) => labFromRgb8(...(hex(value) as [number, number, number]));
const inBox = (x: number, y: number, left: number, top: number, right: number, bottom: number) =>
  x >= left && x < right && y >= top && y < bottom;
/** Deterministic ±amount noise, so backdrops are near-uniform rather than flat. */
const jitter = (x: number, y: number, amount: number) => (((x * 7919 + y * 104729) % 13) / 12 - 0.5) * 2 * amount;
const noisy = ([r, g, b]: Rgba, x: number, y: number, amount = 2): Rgba => [
  r + jitter(x, y, amount),
  g + jitter(y, x, amount),
  b + jitter(x + y, y, amount),
];

const WEIGHT = { lightnessWeight: 2 };
const RED = hex("#c0392b");
const WHITE = hex("#f4f4f2");

describe("estimateBackground", () => {
  it("finds a near-uniform backdrop's colour from the border, and a tolerance that covers its noise", () => {
    const image = paint(100, 120, (x, y) => (inBox(x, y, 25, 20, 75, 100) ? RED : noisy(WHITE, x, y, 3)));
    const background = estimateBackground(image, WEIGHT);
    expect(background?.colours).toHaveLength(1);
    expect(ciede2000(background?.colours[0]?.lab ?? labOfHex("#000000"), labOfHex("#f4f4f2"))).toBeLessThan(1);
    expect(background?.colours[0]?.borderShare).toBeGreaterThan(0.95);
    expect(background?.tolerance).toBeGreaterThanOrEqual(8);
  });

  it("keeps a second backdrop colour that covers a good share of the border (wall and floor)", () => {
    const floor = hex("#9a948c");
    const image = paint(100, 120, (x, y) => (inBox(x, y, 30, 20, 70, 90) ? RED : y > 80 ? floor : WHITE));
    expect(estimateBackground(image, WEIGHT)?.colours).toHaveLength(2);
  });

  it("refuses a border with no dominant colour (a scene, not a backdrop) unless a hint is given", () => {
    const busy = paint(100, 120, (x, y) => [
      ((x * 37) ^ (y * 91)) & 255,
      ((x * 13) ^ (y * 7)) & 255,
      ((x + y) * 29) & 255,
    ]);
    expect(estimateBackground(busy, WEIGHT)).toBeUndefined();
    const hinted = estimateBackground(busy, { ...WEIGHT, hint: labOfHex("#ffffff") });
    expect(hinted?.colours.some((colour) => colour.borderShare === 0)).toBe(true);
  });

  it("counts a transparent border as backdrop (cut-out product photos)", () => {
    const image = paint(80, 80, (x, y) => (inBox(x, y, 20, 20, 60, 60) ? RED : [0, 0, 0, 0]));
    const background = estimateBackground(image, WEIGHT);
    expect(background?.transparentShare).toBe(1);
    expect(countSet(backgroundMask(image, background!, WEIGHT))).toBe(80 * 80 - 40 * 40);
  });

  it("with a hint, does not take a garment running off the frame for a second backdrop colour", () => {
    const trousers = hex("#2c3e50");
    // Trouser legs cover the bottom edge: about a quarter of the border.
    const image = paint(100, 100, (x, y) => (inBox(x, y, 10, 40, 90, 100) ? trousers : WHITE));
    expect(estimateBackground(image, WEIGHT)?.colours).toHaveLength(2);
    const hinted = estimateBackground(image, { ...WEIGHT, hint: labOfHex("#f4f4f2") });
    expect(hinted?.colours.every((colour) => ciede2000(colour.lab, labOfHex("#f4f4f2")) < 3)).toBe(true);
  });
});

describe("backgroundMask", () => {
  // A red square with white dots on a white backdrop, and a white pocket enclosed by red.
  const image = paint(100, 100, (x, y) => {
    if (!inBox(x, y, 20, 20, 80, 80)) return noisy(WHITE, x, y);
    if ((x - 35) ** 2 + (y - 35) ** 2 < 16) return WHITE;
    return RED;
  });
  const background = estimateBackground(image, WEIGHT)!;

  it("removes the backdrop connected to the border and keeps garment parts of the backdrop's colour", () => {
    const mask = backgroundMask(image, background, WEIGHT);
    expect(countSet(mask)).toBe(100 * 100 - 60 * 60);
    expect(mask[35 * 100 + 35]).toBe(0);
  });

  it("removes enclosed backdrop too when asked, unless the caller says the pixel is garment-coloured", () => {
    expect(countSet(backgroundMask(image, background, { ...WEIGHT, enclosedBackdrop: () => true }))).toBeGreaterThan(
      100 * 100 - 60 * 60 + 40,
    );
    expect(countSet(backgroundMask(image, background, { ...WEIGHT, enclosedBackdrop: () => false }))).toBe(
      100 * 100 - 60 * 60,
    );
  });
});

describe("skin", () => {
  const SKIN_TONES = ["#f1c6ac", "#e2b092", "#c98c68", "#ac704e", "#86563a", "#5c3c2a"];
  const GARMENT_COLOURS = ["#c0392b", "#2c3e50", "#27ae60", "#808080", "#ffffff", "#111111", "#8e44ad", "#f1c40f"];

  it.each(SKIN_TONES)("takes %s, light to dark, for skin", (tone) => {
    expect(isSkinTone(...(hex(tone) as [number, number, number]))).toBe(true);
  });

  it.each(GARMENT_COLOURS)("does not take %s for skin", (colour) => {
    expect(isSkinTone(...(hex(colour) as [number, number, number]))).toBe(false);
  });

  // A figure on a grey backdrop: skin head and legs (top and bottom), a garment in the middle.
  const figure = (garment: Rgba, skin: Rgba) =>
    paint(60, 100, (x, y) => {
      if (!inBox(x, y, 15, 5, 45, 95)) return [200, 200, 200];
      if (y < 25 || y >= 70) return noisy(skin, x, y, 3);
      return noisy(garment, x, y, 3);
    });
  const everything = (image: LabImage) => {
    const mask = new Uint8Array(image.width * image.height);
    for (let y = 5; y < 95; y++) for (let x = 15; x < 45; x++) mask[y * image.width + x] = 1;
    return mask;
  };

  it("sets the mannequin's skin aside and leaves a garment of another colour", () => {
    const image = figure(RED, hex("#c98c68"));
    const farFromEverything = () => 100;
    const { mask } = skinMask(image, everything(image), farFromEverything);
    expect(countSet(mask)).toBe(30 * 20 + 30 * 25);
    expect(mask[50 * 60 + 30]).toBe(0);
  });

  it("leaves a skin-toned garment that differs from the mannequin's skin", () => {
    const tan = hex("#d2a679");
    expect(isSkinTone(...(tan as [number, number, number]))).toBe(true);
    const image = figure(tan, hex("#86563a"));
    const tanLab = labOfHex("#d2a679");
    const productDistance = (pixel: number) =>
      Math.hypot(
        ((image.lab[pixel * 3] as number) - tanLab.l) / 4,
        (image.lab[pixel * 3 + 1] as number) - tanLab.a,
        (image.lab[pixel * 3 + 2] as number) - tanLab.b,
      );
    const { mask } = skinMask(image, everything(image), productDistance);
    expect(mask[50 * 60 + 30]).toBe(0);
    expect(mask[10 * 60 + 30]).toBe(1);
  });

  it("gives back skin-toned stripes narrower than a limb: they are print", () => {
    // Tan and navy stripes, 3 pixels each, between a skin-toned head and legs.
    const image = paint(60, 100, (x, y) => {
      if (!inBox(x, y, 15, 5, 45, 95)) return [200, 200, 200];
      if (y < 25 || y >= 70) return hex("#c98c68");
      return Math.floor(y / 3) % 2 ? hex("#c99a72") : hex("#2c3e50");
    });
    const { mask } = skinMask(image, everything(image), () => 100);
    let stripes = 0;
    for (let y = 27; y < 68; y++) for (let x = 15; x < 45; x++) stripes += mask[y * 60 + x] as number;
    expect(stripes).toBe(0);
    expect(mask[10 * 60 + 30]).toBe(1);
  });

  it("takes the skin tone from the head when a skin-toned garment outnumbers the arms and legs", () => {
    // The garment drifted to terracotta and covers most of the figure; the product was burgundy.
    const image = paint(60, 100, (x, y) => {
      if (!inBox(x, y, 15, 5, 45, 95)) return [200, 200, 200];
      if (y < 14) return hex("#86563a");
      return hex("#b26c56");
    });
    const { tone } = skinMask(image, everything(image), () => 100);
    expect(ciede2000(tone!, labOfHex("#86563a"))).toBeLessThan(4);
    expect(ciede2000(tone!, labOfHex("#b26c56"))).toBeGreaterThan(8);
  });
});

describe("erode", () => {
  it("drops the one-pixel ring where two regions blend", () => {
    const mask = new Uint8Array(10 * 10);
    for (let y = 2; y < 8; y++) for (let x = 2; x < 8; x++) mask[y * 10 + x] = 1;
    expect(countSet(erode(mask, 10, 10))).toBe(16);
  });
});
