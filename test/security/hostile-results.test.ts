import sharp from "sharp";
import { wordsFor } from "~/i18n/words.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { readStream } from "~/lib/streams";
import { createTryOnClient, silentTryOnLogger, TryOnResultRejectedError } from "~/tryon";
import { checkResultFile, checkResultHead } from "~/tryon/result-image";
import type { TestDatabase } from "../../harness/database";
import { startRunningPipeline, type PipelineHarness, type RunningPipeline } from "../../harness/pipeline";

// Failure reasons are stored as message keys (app/lib/staff-message.ts); staff read them in their language.
const english = wordsFor("en");

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
      "The try-on service's result is 1×1 pixels, not the size of a render (64 to 8192 pixels a side).",
      "The try-on service's result is 20000×64 pixels, not the size of a render (64 to 8192 pixels a side).",
      "The try-on service's result is a damaged image: its size cannot be read.",
    ]);
  });
});

/** Noise does not compress: a truncated file is missing most of its pixels, as a real photograph would be. */
const photo = (format: "jpeg" | "png", width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .toFormat(format)
    .toBuffer();

describe("a result whose header looks right but whose pixels are not all there", () => {
  /** The try-on client downloading `bytes` as a job's result from a host of its own (as signed URLs are). */
  const download = (bytes: Uint8Array) =>
    createTryOnClient({
      baseUrl: "https://tryon.example",
      apiKey: "sk_test_results",
      logger: silentTryOnLogger,
      fetch: async () => new Response(new Uint8Array(bytes), { status: 200, headers: { "Content-Type": "image/png" } }),
    }).downloadJobResult({ jobId: "j1", outputUrl: "https://results.example/j1.png" });

  it("refuses a 266-byte PNG declaring 16,000×6,000 pixels by its dimensions, before reading on", async () => {
    const declared = (
      await sharp({ create: { width: 16_000, height: 6_000, channels: 3, background: "#c63" } })
        .png()
        .toBuffer()
    ).subarray(0, 266);
    expect(declared.byteLength).toBe(266);
    expect(await checkResultHead(declared)).toEqual({
      ok: false,
      reason: "The try-on service's result is 16000×6000 pixels, not the size of a render (64 to 8192 pixels a side).",
    });
    await expect(download(declared)).rejects.toBeInstanceOf(TryOnResultRejectedError);
  });

  it("decodes a result in full before handing it on: one cut short is refused, a whole one passes", async () => {
    const png = await photo("png", 2_048, 1_536);
    const jpeg = await photo("jpeg", 2_048, 1_536);
    for (const [name, whole] of [
      ["PNG", png],
      ["JPEG", jpeg],
    ] as const) {
      const cut = whole.subarray(0, Math.floor(whole.byteLength / 2));
      // Its header is whole: the start alone cannot tell.
      expect(await checkResultHead(cut), name).toMatchObject({ ok: true, width: 2_048, height: 1_536 });
      const error = await download(cut).catch((caught: unknown) => caught);
      expect(error, name).toBeInstanceOf(TryOnResultRejectedError);
      expect((error as Error).message, name).toBe(
        "The try-on service's result is a damaged image: it is cut short or its pixels cannot be read.",
      );
      // The 266-byte start of a PNG within the limits: the header is there, the pixels are not.
      await expect(download(whole.subarray(0, 266)), name).rejects.toBeInstanceOf(TryOnResultRejectedError);
      const result = await download(whole);
      expect(Buffer.from(await readStream(result.body)).equals(whole), name).toBe(true);
    }
  });

  it("bounds the pixels decoded: a result over 40 megapixels is refused even if its sides are within limits", async () => {
    const header = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    expect(await checkResultHead(header)).toMatchObject({ ok: false });
    // What the full decode itself enforces, were the header check ever widened.
    const path = `${tmpdir()}/hostile-results-${process.pid}.png`;
    await writeFile(path, header);
    try {
      expect(await checkResultFile(path)).toMatchObject({ ok: false });
    } finally {
      await rm(path, { force: true });
    }
  });
});

describe("a hostile service's results, through the worker", () => {
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

  /** Renders of a new shop whose service key answers results with `fault`, once every render has settled. */
  async function rendersServedWith(shop: string, fault: Parameters<PipelineHarness["sim"]["injectFault"]>[0]["fault"]) {
    const key = harness.sim.addApiKey({ credits: 10_000 });
    harness.sim.injectFault({ fault, apiKey: key });
    const { collectionId } = await harness.addShop(shop, { products: 2, apiKey: key });
    const runId = await harness.startCollectionRun(shop, collectionId);
    const deadline = Date.now() + 20_000;
    let renders = await database.prisma.render.findMany({ where: { runId } });
    while (!renders.every((render) => render.state === "failed")) {
      if (Date.now() > deadline) throw new Error(`timed out: ${renders.map((render) => render.state).join(", ")}`);
      await sleep(100);
      renders = await database.prisma.render.findMany({ where: { runId } });
    }
    return renders;
  }

  it("fails renders whose result is cut short, refunded, with words for staff; nothing reaches Files", async () => {
    const shop = "truncated-results.myshopify.com";
    const renders = await rendersServedWith(shop, { type: "result_truncated", keep: 0.5 });
    for (const render of renders) {
      expect(render.errorCode).toBe("result_rejected");
      expect(english(render.errorMessage ?? "")).toMatch(
        /^The try-on service's result is a damaged image: it is cut short/,
      );
      expect(render.creditsRefunded).toBe(render.creditsCharged);
    }
    expect(harness.admin.fake.store.files(shop).filter((file) => file.filename.startsWith("model-shot-"))).toEqual([]);
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
      expect(english(render.errorMessage ?? "")).toMatch(
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
