import { describe, expect, it } from "vitest";
import { luminance, relativeExposure, relit } from "./exposure";
import { ciede2000, labFromRgb8 } from "./lab";

const RANGE = { min: 0.5, max: 2 };
const blue = labFromRgb8(58, 110, 165);
const red = labFromRgb8(192, 57, 43);

describe("relit", () => {
  it("scales a colour's luminance by the gain and keeps its chromaticity, and undoes itself", () => {
    const darker = relit(blue, 0.8);
    expect(luminance(darker) / luminance(blue)).toBeCloseTo(0.8, 4);
    expect(darker.l).toBeLessThan(blue.l);
    expect(Math.hypot(darker.a, darker.b)).toBeLessThan(Math.hypot(blue.a, blue.b));
    expect(Math.atan2(darker.b, darker.a)).toBeCloseTo(Math.atan2(blue.b, blue.a), 1);
    expect(ciede2000(relit(darker, 1 / 0.8), blue)).toBeLessThan(0.01);
    expect(ciede2000(relit(blue, 1), blue)).toBeLessThan(0.01);
  });
});

describe("relativeExposure", () => {
  it("is the render/photo luminance ratio of a single colour", () => {
    expect(relativeExposure([{ source: blue, render: relit(blue, 0.9), share: 1 }], RANGE)).toBeCloseTo(0.9, 4);
  });

  it("follows the colours covering most of the garment, not one colour that changed", () => {
    const gain = relativeExposure(
      [
        { source: blue, render: relit(blue, 0.9), share: 0.6 },
        { source: red, render: relit(red, 1.6), share: 0.4 },
      ],
      RANGE,
    );
    expect(gain).toBeCloseTo(0.9, 4);
  });

  it("stays within the range given, and is 1 with nothing to go on", () => {
    expect(relativeExposure([{ source: blue, render: relit(blue, 0.6), share: 1 }], { min: 0.95, max: 1 })).toBe(0.95);
    expect(relativeExposure([{ source: blue, render: relit(blue, 1.3), share: 1 }], { min: 0.95, max: 1 })).toBe(1);
    expect(relativeExposure([], RANGE)).toBe(1);
  });
});
