import { convertRgbToLab65 } from "culori";
import { describe, expect, it } from "vitest";
import { type Lab, ciede2000, labFromRgb8, labPixels, labToHex, parseCssColour } from "./lab";

const lab = (l: number, a: number, b: number): Lab => ({ l, a, b });

describe("ciede2000", () => {
  // Sharma, Wu & Dalal (2005), "The CIEDE2000 colour-difference formula: implementation notes, supplementary
  // test data, and mathematical observations", table 1: pairs chosen to hit the formula's branches.
  const published: Array<[number, Lab, Lab, number]> = [
    [1, lab(50, 2.6772, -79.7751), lab(50, 0, -82.7485), 2.0425],
    [2, lab(50, 3.1571, -77.2803), lab(50, 0, -82.7485), 2.8615],
    [3, lab(50, 2.8361, -74.02), lab(50, 0, -82.7485), 3.4412],
    [4, lab(50, -1.3802, -84.2814), lab(50, 0, -82.7485), 1.0],
    [7, lab(50, 0, 0), lab(50, -1, 2), 2.3669],
    [12, lab(50, 2.5, 0), lab(50, 0, -2.5), 4.3065],
    [13, lab(50, 2.49, -0.001), lab(50, -2.49, 0.0009), 7.1792],
    [17, lab(50, 2.5, 0), lab(73, 25, -18), 27.1492],
    [25, lab(60.2574, -34.0099, 36.2677), lab(60.4626, -34.1751, 39.4387), 1.2644],
    [33, lab(2.0776, 0.0795, -1.135), lab(0.9033, -0.0636, -0.5514), 0.9082],
  ];

  it.each(published)("matches Sharma et al. pair %i", (_, first, second, expected) => {
    expect(ciede2000(first, second)).toBeCloseTo(expected, 4);
    expect(ciede2000(second, first)).toBeCloseTo(expected, 4);
  });

  it("kL divides the lightness term: a pure lightness difference halves with kL = 2", () => {
    const first = lab(50, 20, 10);
    const second = lab(60, 20, 10);
    expect(ciede2000(first, second, { kL: 2, kC: 1, kH: 1 })).toBeCloseTo(ciede2000(first, second) / 2, 6);
  });
});

describe("sRGB to Lab", () => {
  it("agrees with culori within 0.01 on colours across the cube", () => {
    let worst = 0;
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const ours = labFromRgb8(r, g, b);
          const theirs = convertRgbToLab65({ r: r / 255, g: g / 255, b: b / 255 });
          worst = Math.max(
            worst,
            Math.abs(ours.l - theirs.l),
            Math.abs(ours.a - theirs.a),
            Math.abs(ours.b - theirs.b),
          );
        }
      }
    }
    expect(worst).toBeLessThan(0.01);
  });

  it("converts a buffer of RGBA pixels, ignoring alpha", () => {
    const pixels = labPixels(new Uint8Array([255, 255, 255, 0, 255, 0, 0, 255]), 2);
    expect(pixels[0]).toBeCloseTo(100, 1);
    expect(pixels[1]).toBeCloseTo(0, 1);
    expect(pixels[3]).toBeCloseTo(53.24, 1);
    expect(pixels[4]).toBeCloseTo(80.09, 1);
  });

  it("round-trips to hex for swatches and parses CSS colours", () => {
    expect(labToHex(labFromRgb8(0xd9, 0x3d, 0x36))).toBe("#d93d36");
    expect(labToHex(lab(50, 200, 0))).toMatch(/^#[0-9a-f]{6}$/);
    expect(parseCssColour("white")?.l).toBeCloseTo(100, 3);
    expect(parseCssColour(" #ff0000 ")?.a).toBeCloseTo(80.1, 0);
    expect(parseCssColour("not a colour")).toBeUndefined();
  });
});
