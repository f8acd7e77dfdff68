import { describe, expect, it } from "vitest";
import { type Lab, ciede2000, labFromRgb8 } from "./lab";
import { matchPalettes, meanDeltaE } from "./match";
import { type PaletteColour, extractPalette, foldBlends, samplePixels } from "./palette";

const WEIGHTS = { kL: 2, kC: 1, kH: 1 };
const OPTIONS = { weights: WEIGHTS, clusters: 6, mergeBelow: 6, minShare: 0.03 };
const NAVY: Lab = labFromRgb8(40, 52, 110);
const CREAM: Lab = labFromRgb8(236, 228, 205);
const RED: Lab = labFromRgb8(192, 57, 43);

/** Interleaved Lab samples: `count` of each colour, lightness spread by ±`shading` like folds do. */
function samples(colours: Array<[Lab, number]>, shading = 0): Float32Array {
  const out: number[] = [];
  for (const [colour, count] of colours) {
    for (let i = 0; i < count; i++) out.push(colour.l + shading * Math.sin(i * 0.37), colour.a, colour.b);
  }
  return Float32Array.from(out);
}

describe("extractPalette", () => {
  it("finds the two colours of a print with their shares", () => {
    const palette = extractPalette(
      samples([
        [NAVY, 600],
        [CREAM, 400],
      ]),
      OPTIONS,
    );
    expect(palette).toHaveLength(2);
    expect(ciede2000(palette[0]!.lab, NAVY)).toBeLessThan(0.5);
    expect(palette[0]!.share).toBeCloseTo(0.6, 2);
    expect(ciede2000(palette[1]!.lab, CREAM)).toBeLessThan(0.5);
  });

  it("keeps one colour under shading (lightness spread ±6) instead of splitting it", () => {
    const palette = extractPalette(samples([[RED, 2000]], 6), OPTIONS);
    expect(palette).toHaveLength(1);
    expect(ciede2000(palette[0]!.lab, RED, WEIGHTS)).toBeLessThan(1);
  });

  it("under deeper shading (±12) may split a colour, but its shares still average to it", () => {
    const palette = extractPalette(samples([[RED, 2000]], 12), OPTIONS);
    const mean =
      palette.reduce((sum, colour) => sum + colour.lab.l * colour.share, 0) /
      palette.reduce((sum, colour) => sum + colour.share, 0);
    expect(Math.abs(mean - RED.l)).toBeLessThan(1);
    expect(palette.every((colour) => ciede2000(colour.lab, RED, WEIGHTS) < 6)).toBe(true);
  });

  it("gives a print's blended edges to its colours rather than a colour of their own", () => {
    const edge = labFromRgb8(138, 140, 158);
    const palette = extractPalette(
      samples([
        [NAVY, 450],
        [CREAM, 450],
        [edge, 100],
      ]),
      OPTIONS,
    );
    expect(palette).toHaveLength(2);
    expect(palette[0]!.share).toBeCloseTo(0.5, 1);
  });

  it("gives the same palette for the same pixels", () => {
    const pixels = samples(
      [
        [NAVY, 500],
        [CREAM, 300],
        [RED, 200],
      ],
      4,
    );
    expect(extractPalette(pixels, OPTIONS)).toEqual(extractPalette(pixels, OPTIONS));
  });
});

describe("foldBlends", () => {
  it("folds a blend of two print colours back into them, in proportion to where it lies", () => {
    // Half navy, half cream in sRGB: what a downscaled stripe edge looks like.
    const blend = labFromRgb8(138, 140, 158);
    const palette: PaletteColour[] = [
      { lab: NAVY, share: 0.45 },
      { lab: CREAM, share: 0.45 },
      { lab: blend, share: 0.1 },
    ];
    const folded = foldBlends(palette);
    expect(folded).toHaveLength(2);
    expect(folded[0]!.share).toBeCloseTo(0.5, 1);
    expect(folded[1]!.share).toBeCloseTo(0.5, 1);
  });

  it("leaves a colour that is not between two others", () => {
    expect(
      foldBlends([
        { lab: NAVY, share: 0.45 },
        { lab: CREAM, share: 0.45 },
        { lab: RED, share: 0.1 },
      ]),
    ).toHaveLength(3);
  });
});

describe("samplePixels", () => {
  it("spreads at most `limit` samples evenly over the set pixels", () => {
    const mask = new Uint8Array(1000);
    for (let pixel = 0; pixel < 1000; pixel += 2) mask[pixel] = 1;
    const picked = samplePixels(mask, 100);
    expect(picked).toHaveLength(100);
    expect([...picked].every((pixel) => mask[pixel] === 1)).toBe(true);
    expect(picked[99]).toBeGreaterThan(950);
  });
});

describe("matchPalettes", () => {
  const match = (source: PaletteColour[], render: PaletteColour[]) =>
    matchPalettes(source, render, { weights: WEIGHTS, coverage: 0.5 });

  it("matches each product colour with the render colours nearest to it, ignoring extra render colours", () => {
    const hair: PaletteColour = { lab: labFromRgb8(30, 25, 22), share: 0.2 };
    const matches = match([{ lab: RED, share: 1 }], [{ lab: labFromRgb8(185, 60, 48), share: 0.8 }, hair]);
    expect(matches[0]!.claimed).toEqual([0]);
    expect(meanDeltaE(matches)).toBeLessThan(3);
  });

  it("reaches further when the nearest render colour covers too little of the product colour's share", () => {
    // Only a sliver of red is left (10 %); the rest of the render is a drifted orange.
    const orange = labFromRgb8(199, 106, 28);
    const matches = match(
      [{ lab: RED, share: 1 }],
      [
        { lab: RED, share: 0.1 },
        { lab: orange, share: 0.9 },
      ],
    );
    expect(matches[0]!.claimed).toEqual([0, 1]);
    expect(matches[0]!.deltaE).toBeGreaterThan(10);
  });

  it("weights each product colour's difference by its share", () => {
    const drifted = labFromRgb8(70, 52, 140);
    const matches = match(
      [
        { lab: NAVY, share: 0.75 },
        { lab: CREAM, share: 0.25 },
      ],
      [
        { lab: drifted, share: 0.7 },
        { lab: CREAM, share: 0.3 },
      ],
    );
    const navyDifference = ciede2000(NAVY, drifted, WEIGHTS);
    expect(meanDeltaE(matches)).toBeCloseTo(0.75 * navyDifference, 1);
  });
});
