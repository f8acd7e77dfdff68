import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkResultHead } from "~/tryon/result-image";
import type { TestDatabase } from "../../harness/database";
import { startRunningPipeline, type PipelineHarness, type RunningPipeline } from "../../harness/pipeline";

const TIME_FACTOR = 0.005;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const image = (format: "jpeg" | "png" | "webp" | "gif", width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c63" } })
    .toFormat(format)
    .toBuffer();

describe("a result's own bytes decide whether it is an image", () => {
  it("accepts a JPEG, PNG or WebP of a render's size", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      expect(await checkResultHead(await image(format, 768, 1024))).toEqual({
        ok: true,
        format,
        width: 768,
        height: 1024,
      });
    }
  });

  it("refuses SVG, XML, HTML, GIF and absurd dimensions, with words for staff", async () => {
    const refusals = await Promise.all(
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
        Buffer.from("<html><body>hello</body></html>"),
        await image("gif", 512, 512),
        await image("png", 1, 1),
        await image("png", 20_000, 64),
        (await image("jpeg", 512, 512)).subarray(0, 40),
      ].map(async (bytes) => checkResultHead(bytes)),
    );
    expect(refusals.map((check) => (check.ok ? "accepted" : check.reason))).toEqual([
      "The try-on service's result is an SVG or XML document; only JPEG, PNG or WebP images are saved.",
      "The try-on service's result is an SVG or XML document; only JPEG, PNG or WebP images are saved.",
      "The try-on service's result is something other than an image; only JPEG, PNG or WebP images are saved.",
      "The try-on service's result is a GIF file; only JPEG, PNG or WebP images are saved.",
      "The try-on service's result is 1×1 pixels, not the size of a render (64 to 16384 pixels a side).",
      "The try-on service's result is 20000×64 pixels, not the size of a render (64 to 16384 pixels a side).",
      "The try-on service's result is a damaged image: its size cannot be read.",
    ]);
  });
});

describe("a service that answers an SVG declared image/jpeg", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({ timeFactor: TIME_FACTOR });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  it("fails the render with its credits refunded and words for staff; nothing reaches Files", async () => {
    const shop = "hostile-results.myshopify.com";
    const key = harness.sim.addApiKey({ credits: 10_000 });
    harness.sim.injectFault({ fault: { type: "result_not_image" }, apiKey: key });
    const { collectionId } = await harness.addShop(shop, { products: 2, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    const deadline = Date.now() + 20_000;
    let renders = await database.prisma.render.findMany({ where: { runId } });
    while (!renders.every((render) => render.state === "failed")) {
      if (Date.now() > deadline) throw new Error(`timed out: ${renders.map((render) => render.state).join(", ")}`);
      await sleep(100);
      renders = await database.prisma.render.findMany({ where: { runId } });
    }
    for (const render of renders) {
      expect(render.errorCode).toBe("result_rejected");
      expect(render.errorMessage).toMatch(
        /^The try-on service's result is an SVG or XML document; only JPEG, PNG or WebP images are saved\. Nothing was saved to Files; its \d+ credits were refunded\./,
      );
      expect(render.creditsCharged).toBeGreaterThan(0);
      expect(render.creditsRefunded).toBe(render.creditsCharged);
    }
    const refunds = await database.prisma.creditLedgerEntry.findMany({ where: { shop, kind: "refund" } });
    expect(refunds.map((entry) => entry.credits)).toEqual(renders.map((render) => render.creditsCharged));
    expect(harness.admin.fake.store.files(shop).filter((file) => file.filename.startsWith("model-shot-"))).toEqual([]);
  });
});
