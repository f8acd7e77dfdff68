import { convertRgbToLab65, differenceCiede2000 } from "culori";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIM_MANNEQUINS, SIM_POSES } from "./catalog";
import { outputSize, renderSampleGarment, renderTryOnResult } from "./render";
import { callSimulator, validSubmitBody } from "./requests";
import { startTryOnSimulator, type TryOnSimulator } from "./server";

const deltaE00 = differenceCiede2000();
const white = { id: "white", name: "White", topColor: "#ffffff", bottomColor: "#ffffff" };

async function chest(colourShift?: { deltaE: number; mode: "shift" | "fade" }) {
  const { width, height } = outputSize("2K", "3:4");
  const image = await renderTryOnResult({
    width,
    height,
    mannequin: SIM_MANNEQUINS[0]!,
    pose: SIM_POSES[0]!,
    bodySize: "M",
    expression: "neutral",
    productType: "top",
    background: white,
    productImage: await renderSampleGarment({ color: "#2f6fb0", format: "png", size: 400 }),
    colourShift,
    caption: "test",
  });
  // The mean of a patch on the chest: the garment, away from its edges.
  const { data } = await sharp(image)
    .extract({ left: Math.round(width / 2) - 20, top: Math.round(height * 0.36) - 20, width: 40, height: 40 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mean = [0, 1, 2].map((c) => {
    let sum = 0;
    for (let i = c; i < data.length; i += 3) sum += data[i] ?? 0;
    return sum / (data.length / 3) / 255;
  });
  return convertRgbToLab65({ r: mean[0]!, g: mean[1]!, b: mean[2]! });
}

describe("the colour_shift fault", () => {
  it("moves the garment's colour by about the chosen CIEDE2000, turning its hue or washing it out", async () => {
    const original = await chest();
    const shifted = await chest({ deltaE: 15, mode: "shift" });
    const faded = await chest({ deltaE: 15, mode: "fade" });

    expect(deltaE00(original, shifted)).toBeGreaterThan(12);
    expect(deltaE00(original, shifted)).toBeLessThan(18);
    expect(deltaE00(original, faded)).toBeGreaterThan(12);
    expect(deltaE00(original, faded)).toBeLessThan(18);
    expect(faded.l).toBeGreaterThan(original.l);
    expect(Math.hypot(faded.a, faded.b)).toBeLessThan(Math.hypot(original.a, original.b));
    expect(Math.abs(shifted.l - original.l)).toBeLessThan(3);
  });

  describe("through the API", () => {
    let simulator: TryOnSimulator;
    beforeAll(async () => {
      simulator = await startTryOnSimulator({ timeFactor: 0.001 });
    });
    afterAll(() => simulator.stop());

    it("applies only to submits whose product image matches, when a product is named", async () => {
      simulator.injectFault({ fault: { type: "colour_shift", deltaE: 20, productImageIncludes: "trousers" } });
      const tee = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", { body: validSubmitBody(simulator) });
      const trousers = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
        body: validSubmitBody(simulator, {
          product_type: "bottom",
          product_images: [simulator.sampleImageUrl("trousers-front.png")],
        }),
      });
      expect([tee.status, trousers.status]).toEqual([202, 202]);
      const jobs = simulator.listJobs();
      const shiftOf = (image: string) =>
        jobs.find((job) => job.request.product_images[0]?.includes(image))?.colourShift;
      expect(shiftOf("tee-front")).toBeUndefined();
      expect(shiftOf("trousers-front")).toEqual({ deltaE: 20, mode: "shift" });
    });
  });
});
