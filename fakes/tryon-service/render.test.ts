import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIM_BACKGROUNDS, SIM_MANNEQUINS, SIM_POSES } from "./catalog";
import { outputSize, renderSampleGarment, renderTryOnResult, watermarkBox } from "./render";
import { startTryOnSimulator, type TryOnSimulator } from "./server";
import { callSimulator, dataOf, validSubmitBody } from "./requests";

const mannequin = SIM_MANNEQUINS[0]!;
const pose = SIM_POSES[0]!;
const white = { id: "white", name: "White", topColor: "#ffffff", bottomColor: "#ffffff" };

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
}

describe("result size", () => {
  it("is 2048 px on the long side at 2K and 4096 px at 4K, in the requested aspect ratio", () => {
    expect(outputSize("2K", "3:4")).toEqual({ width: 1536, height: 2048 });
    expect(outputSize("2K", "1:1")).toEqual({ width: 2048, height: 2048 });
    expect(outputSize("2K", "4:3")).toEqual({ width: 2048, height: 1536 });
    expect(outputSize("2K", "9:16")).toEqual({ width: 1152, height: 2048 });
    expect(outputSize("4K", "16:9")).toEqual({ width: 4096, height: 2304 });
    expect(outputSize("4K", "3:4")).toEqual({ width: 3072, height: 4096 });
  });
});

describe("rendered results", () => {
  it("places the product's front image on the figure and marks the image SIMULATED", async () => {
    const product = await renderSampleGarment({ color: "#0000ff", format: "png", size: 200 });
    const { width, height } = outputSize("2K", "3:4");
    const image = await renderTryOnResult({
      width,
      height,
      mannequin,
      pose,
      bodySize: "M",
      expression: "neutral",
      productType: "top",
      background: white,
      productImage: product,
      caption: "test",
    });
    const metadata = await sharp(image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1536, 2048]);

    // The garment's blue shows on the torso, around the figure's chest.
    const [r, g, b] = await pixel(image, Math.round(width / 2), Math.round(height * 0.36));
    expect(b).toBeGreaterThan(180);
    expect(r + g).toBeLessThan(120);

    // The banner is red, and the first letter (S: its top row starts one dot in) is white.
    const box = watermarkBox(width, height);
    const banner = await pixel(image, 2, box.top + 2);
    expect(banner[0]).toBeGreaterThan(150);
    expect(banner[1] + banner[2]).toBeLessThan(120);
    const letter = await pixel(
      image,
      box.textLeft + box.cell + Math.floor(box.cell / 2),
      box.textTop + Math.floor(box.cell / 2),
    );
    expect(Math.min(...letter)).toBeGreaterThan(200);
  });

  it("draws a placeholder garment when the product image cannot be decoded", async () => {
    const image = await renderTryOnResult({
      width: 600,
      height: 800,
      mannequin,
      pose,
      bodySize: "XL",
      expression: "smile",
      productType: "dress",
      background: SIM_BACKGROUNDS[1]!,
      productImage: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]),
      caption: "test",
    });
    const [r, g, b] = await pixel(image, 300, 320);
    expect(Math.abs(r - 158) + Math.abs(g - 158) + Math.abs(b - 158)).toBeLessThan(30);
  });
});

describe("results served by the simulator", () => {
  let simulator: TryOnSimulator;
  beforeAll(async () => {
    simulator = await startTryOnSimulator({ jobDurationMs: { min: 10, max: 10 } });
  });
  afterAll(() => simulator.stop());

  async function renderThrough(resolution: "2K" | "4K", aspectRatio: string) {
    const accepted = await callSimulator(simulator, "POST", "/api/v1/tryon/apparel", {
      body: validSubmitBody(simulator, { resolution, aspect_ratio: aspectRatio }),
    });
    simulator.advanceTime(10);
    const status = dataOf(
      (await callSimulator(simulator, "GET", `/api/v1/tryon/apparel/${String(dataOf(accepted.json).id)}`)).json,
    );
    const response = await fetch(String(status.output_url));
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  }

  it("are 2K JPEGs of the requested aspect ratio", async () => {
    const metadata = await renderThrough("2K", "16:9");
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 2048, 1152]);
  });

  it("are 4K JPEGs of the requested aspect ratio", async () => {
    const metadata = await renderThrough("4K", "9:16");
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 2304, 4096]);
  });
});
