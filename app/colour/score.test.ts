import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ColourFidelityResult,
  type ColourFidelityScore,
  type RasterImage,
  ciede2000,
  labFromRgb8,
  labToHex,
  scoreColourFidelity,
  verdictFor,
} from "./";
import { relit } from "./exposure";
import { RED, RED_HUE_SHIFTED, productPhoto, render, scenePhoto } from "./test-support";

function scored(result: ColourFidelityResult): ColourFidelityScore {
  if (result.status !== "scored") throw new Error(`expected a score, got ${result.reason}: ${result.detail}`);
  return result;
}

const labOfHex = (value: string) =>
  labFromRgb8(parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16));

let redTee: Buffer;
let redTeeWorn: Buffer;

beforeAll(async () => {
  redTee = await productPhoto({ garment: RED });
  redTeeWorn = await render({ garment: RED, hair: "#2b2420" });
});

describe("scoreColourFidelity", () => {
  it("scores a plain red tee and the same tee worn on a model as good, with swatches for both", async () => {
    const result = scored(await scoreColourFidelity(redTee, redTeeWorn));
    expect(result.verdict).toBe("good");
    expect(result.deltaE).toBeLessThan(5);
    expect(result.matched).toHaveLength(1);
    const [match] = result.matched;
    expect(ciede2000(match!.source.lab, labOfHex(RED))).toBeLessThan(2);
    expect(match!.source.rgbHex).toMatch(/^#[0-9a-f]{6}$/);
    expect(match!.render.rgbHex).toMatch(/^#[0-9a-f]{6}$/);
    expect(match!.deltaE).toBeCloseTo(result.deltaE, 6);
    expect(result.render.skinShare).toBeGreaterThan(0.03);
  });

  it("scores the tee rendered with its hue turned towards orange as drift", async () => {
    const result = scored(await scoreColourFidelity(redTee, await render({ garment: RED_HUE_SHIFTED })));
    expect(result.verdict).toBe("drift");
    expect(result.deltaE).toBeGreaterThan(12);
    expect(ciede2000(result.matched[0]!.render.lab, labOfHex(RED_HUE_SHIFTED))).toBeLessThan(8);
  });

  it("does not count the mannequin's skin as garment colour, even where skin far outweighs the garment", async () => {
    // A small tee on a figure with bare arms and legs: skin is more of the figure than the garment is.
    const result = scored(await scoreColourFidelity(redTee, await render({ garment: RED, garmentWidth: 0.2 })));
    expect(result.render.skinShare).toBeGreaterThan(result.render.garmentShare);
    expect(result.verdict).toBe("good");
  });

  it("keeps a garment of the mannequin's own skin tone, rather than setting it aside with the skin", async () => {
    const nude = "#c68863";
    const result = scored(
      await scoreColourFidelity(
        await productPhoto({ garment: nude }),
        await render({ garment: nude, skin: nude, hair: "#2b2420", longHair: true }),
      ),
    );
    expect(result.verdict).toBe("good");
  });

  it("does not count the render's backdrop, including backdrop enclosed between arms and body", async () => {
    const backdrop = "#c8e0cf";
    const result = scored(await scoreColourFidelity(redTee, await render({ garment: RED, backdrop, akimbo: true })));
    expect(result.verdict).toBe("good");
    expect(result.render.background.some((colour) => ciede2000(colour.lab, labOfHex(backdrop)) < 8)).toBe(true);
    const renderColours = [...result.unmatchedRender, ...result.matched.map((match) => match.render)];
    expect(renderColours.every((colour) => ciede2000(colour.lab, labOfHex(backdrop)) > 10)).toBe(true);
  });

  it("keeps garment parts of the backdrop's colour in the product photo (white dots on a tee on white)", async () => {
    const dotted = await productPhoto({ garment: RED, dots: "#f4f4f2" });
    const result = scored(await scoreColourFidelity(dotted, redTeeWorn));
    expect(result.matched.some((match) => match.source.lab.l > 85)).toBe(true);
  });

  it("reads a cut-out product photo (PNG with a transparent backdrop)", async () => {
    const cutOut = await sharp(await productPhoto({ garment: RED, backdrop: "#00ff00", format: "png" }))
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => {
        // Key the green backdrop out to transparent.
        for (let offset = 0; offset < data.length; offset += info.channels) {
          if ((data[offset + 1] as number) > 200 && (data[offset] as number) < 60) data[offset + 3] = 0;
        }
        return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .png()
          .toBuffer();
      });
    const result = scored(await scoreColourFidelity(cutOut, redTeeWorn));
    expect(result.productPhoto.garmentShare).toBeGreaterThan(0.2);
    expect(result.verdict).toBe("good");
  });

  it("takes the render's backdrop colour as a hint, and ignores a hint that is not a colour", async () => {
    expect(scored(await scoreColourFidelity(redTee, redTeeWorn, { renderBackground: "#b9c4cc" })).verdict).toBe("good");
    expect(scored(await scoreColourFidelity(redTee, redTeeWorn, { renderBackground: "studio" })).verdict).toBe("good");
  });
});

describe("the issue's ΔE and the render's light", () => {
  const BLUE = "#3a6ea5";
  const blueLab = () => labOfHex(BLUE);

  it("counts a change of lightness in full, as CIEDE2000 with kL = kC = kH = 1 does", async () => {
    // The dye darkened by 18 L* and nothing else: ΔE00 ≈ 15. With lightness at half weight it read about 6.
    const darker = labToHex({ ...blueLab(), l: blueLab().l - 18 });
    expect(ciede2000(blueLab(), labOfHex(darker))).toBeGreaterThan(14);
    const result = scored(
      await scoreColourFidelity(await productPhoto({ garment: BLUE }), await render({ garment: darker })),
    );
    expect(result.lightnessWeight).toBe(1);
    expect(result.verdict).toBe("drift");
  });

  it("takes a render lit up to 5 % darker than the photo for lighting, not for a change of dye", async () => {
    // A light pink tee, its dye 5 % darker in linear light, worn under the fixture's shading: without the
    // allowance for a worn garment's folds and shade it reads about 5.8, "check".
    const PINK = "#e0b0c0";
    const dimmed = labToHex(relit(labOfHex(PINK), 0.95));
    expect(ciede2000(labOfHex(PINK), labOfHex(dimmed))).toBeGreaterThan(1);
    const result = scored(
      await scoreColourFidelity(await productPhoto({ garment: PINK }), await render({ garment: dimmed })),
    );
    expect(result.verdict).toBe("good");
  });
});

describe("not scorable", () => {
  it("reports an unreadable product photo or render instead of throwing", async () => {
    expect(await scoreColourFidelity(Buffer.from("not an image"), redTeeWorn)).toMatchObject({
      status: "not-scored",
      reason: "unreadable-image",
      image: "product-photo",
    });
    expect(await scoreColourFidelity(redTee, Buffer.alloc(0))).toMatchObject({
      status: "not-scored",
      reason: "unreadable-image",
      image: "render",
    });
    const truncated = redTeeWorn.subarray(0, 2000);
    expect(await scoreColourFidelity(redTee, truncated)).toMatchObject({
      status: "not-scored",
      reason: "unreadable-image",
      image: "render",
    });
  });

  it("reports an image too small to find a garment in", async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    expect(await scoreColourFidelity(tiny, redTeeWorn)).toMatchObject({
      status: "not-scored",
      reason: "image-too-small",
      image: "product-photo",
    });
  });

  it("reports a product photo without a uniform backdrop (a scene)", async () => {
    expect(await scoreColourFidelity(await scenePhoto(), redTeeWorn)).toMatchObject({
      status: "not-scored",
      reason: "busy-background",
      image: "product-photo",
    });
  });

  it("reports a product photo with nothing on its backdrop", async () => {
    const empty = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#f4f4f2" } })
      .jpeg()
      .toBuffer();
    expect(await scoreColourFidelity(empty, redTeeWorn)).toMatchObject({
      status: "not-scored",
      reason: "garment-not-found",
      image: "product-photo",
    });
  });
});

describe("thresholds", () => {
  it("puts scores at the thresholds on the lenient side: ≤ good is good, ≥ drift is drift", () => {
    expect(verdictFor(5)).toBe("good");
    expect(verdictFor(5.01)).toBe("check");
    expect(verdictFor(9.99)).toBe("check");
    expect(verdictFor(10)).toBe("drift");
    expect(verdictFor(2, { good: 1, drift: 3 })).toBe("check");
  });

  it("applies a shop's thresholds to the score", async () => {
    const lenient = scored(await scoreColourFidelity(redTee, redTeeWorn));
    const strict = scored(
      await scoreColourFidelity(redTee, redTeeWorn, {
        thresholds: { good: lenient.deltaE / 3, drift: lenient.deltaE / 2 },
      }),
    );
    expect(strict.deltaE).toBeCloseTo(lenient.deltaE, 6);
    expect(strict.verdict).toBe("drift");
    expect(strict.thresholds).toEqual({ good: lenient.deltaE / 3, drift: lenient.deltaE / 2 });
    const between = scored(
      await scoreColourFidelity(redTee, redTeeWorn, {
        thresholds: { good: lenient.deltaE - 1, drift: lenient.deltaE + 1 },
      }),
    );
    expect(between.verdict).toBe("check");
  });

  it("refuses thresholds that cannot order a verdict (a caller's mistake, not an image's)", async () => {
    await expect(scoreColourFidelity(redTee, redTeeWorn, { thresholds: { good: 10, drift: 5 } })).rejects.toThrow(
      RangeError,
    );
    await expect(scoreColourFidelity(redTee, redTeeWorn, { thresholds: { good: -1 } })).rejects.toThrow(RangeError);
  });
});

describe("decoder injection", () => {
  it("decodes each image once with the decoder given: the render at the working size, the photo at two thirds", async () => {
    const calls: number[] = [];
    const flat = (
      width: number,
      height: number,
      paint: (x: number, y: number) => [number, number, number],
    ): RasterImage => {
      const rgba = new Uint8Array(width * height * 4);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) rgba.set([...paint(x, y), 255], (y * width + x) * 4);
      return { width, height, rgba };
    };
    const red = (x: number, y: number, box: [number, number, number, number]): [number, number, number] =>
      x >= box[0] && x < box[2] && y >= box[1] && y < box[3] ? [192, 57, 43] : [240, 240, 240];
    const result = await scoreColourFidelity(Buffer.from("photo"), Buffer.from("render"), {
      workingSize: 120,
      decode: async (encoded, maxSide) => {
        calls.push(maxSide);
        return encoded.toString() === "photo"
          ? flat(100, 120, (x, y) => red(x, y, [20, 20, 80, 100]))
          : flat(90, 120, (x, y) => red(x, y, [35, 40, 60, 80]));
      },
    });
    expect(calls).toEqual([80, 120]);
    expect(scored(result).deltaE).toBeLessThan(1);
  });

  it("turns a decoder's failure into an unreadable-image result with its message", async () => {
    const result = await scoreColourFidelity(Buffer.from("x"), Buffer.from("y"), {
      decode: async () => {
        throw new Error("unsupported image format");
      },
    });
    expect(result).toMatchObject({ status: "not-scored", reason: "unreadable-image", image: "product-photo" });
    expect(result.status === "not-scored" && result.detail).toContain("unsupported image format");
  });
});
