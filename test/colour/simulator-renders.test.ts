/**
 * The sandbox's renders (the try-on simulator dressing its mannequins in the demo store's photos), scored as the
 * worker scores them: both images as 640 px renditions. ADR 048 recorded false flags seen there.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { findBackground, SIM_MANNEQUINS, SIM_POSES } from "../../fakes/tryon-service/catalog";
import { outputSize, renderTryOnResult } from "../../fakes/tryon-service/render";
import { demoPhoto } from "../../sandbox/demo-images";
import { DEMO_PRODUCTS } from "../../sandbox/demo-store";
import { scoreColourFidelity } from "~/colour/score";

const rendition = (image: Uint8Array) => sharp(image).resize({ width: 640 }).jpeg({ quality: 85 }).toBuffer();

async function scoreOnBackdrop(product: keyof typeof DEMO_PRODUCTS, backgroundId: string, productType: string) {
  const photo = await demoPhoto(DEMO_PRODUCTS[product].photos[0]!, null);
  const background = findBackground(backgroundId);
  if (!background) throw new Error(`no background ${backgroundId}`);
  const { width, height } = outputSize("2K", "3:4");
  const render = await renderTryOnResult({
    width,
    height,
    mannequin: SIM_MANNEQUINS[1]!,
    pose: SIM_POSES[0]!,
    bodySize: "M",
    expression: "neutral",
    productType,
    background,
    productImage: photo.bytes,
    caption: "job_test",
  });
  return scoreColourFidelity(await rendition(photo.bytes), await rendition(render));
}

describe("the simulator's renders", () => {
  it("scores the navy polka dot dress on the sunset backdrop as kept (it read 16, drift, when the graded backdrop counted as garment)", async () => {
    const result = await scoreOnBackdrop("polkaSundress", "bg_sunset", "dress");
    expect(result.status === "scored" && result.verdict).toBe("good");
  });

  it("scores the terracotta wrap dress on the sunset backdrop as kept", async () => {
    const result = await scoreOnBackdrop("wrapDress", "bg_sunset", "dress");
    expect(result.status === "scored" && result.verdict).toBe("good");
  });
});
