/**
 * Every download the app makes on a shop's behalf stops at its cap while the body streams, whatever the body says of
 * its length: each is served a body that never ends and declares no length, and must stop within one chunk of its
 * cap and cancel the body (issue 27 point 4). Before, the colour score read about 1.3 GB of such a body before its
 * timeout.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeRenderColourScorer } from "~/colour/render-colour.server";
import { makeCollectionExport } from "~/shopify/collection-export.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { createTryOnClient, silentTryOnLogger } from "~/tryon";
import { probeImage } from "~/tryon/image-probe";
import { endlessAnswers } from "../../harness/endless-body";
import { wordsFor } from "~/i18n/words.server";

// Reasons are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const CHUNK = 64 * 1024;
const MiB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);
/** 64 KiB of one byte: an image's worth of nothing. */
const filler = new Uint8Array(CHUNK).fill(0x41);

/** Every answer was read to just past `cap` (one chunk at most), then cancelled. */
function expectStoppedAt(answers: ReturnType<typeof endlessAnswers>["answers"], cap: number) {
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.served, answer.url).toBeGreaterThan(cap - CHUNK);
    expect(answer.served, answer.url).toBeLessThanOrEqual(cap + CHUNK);
    expect(answer.cancelled, answer.url).toBe(true);
  }
}

describe("a body that never ends and declares no length", () => {
  it("a result download stops at maxResultBytes", async () => {
    // A real JPEG's start (it passes the header check), then bytes without end as if its pixels went on.
    const jpeg = await sharp({
      create: {
        width: 512,
        height: 512,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const endless = endlessAnswers(filler, {
      contentType: "image/jpeg",
      prefix: jpeg.subarray(0, jpeg.byteLength - 2),
    });
    const client = createTryOnClient({
      baseUrl: "https://tryon.example",
      apiKey: "sk_test_caps",
      logger: silentTryOnLogger,
      maxResultBytes: 2 * MiB,
      // Far more than reading 2 MB takes: the cap, not the timeout, must end it.
      timeoutMs: 3_000,
      readRetry: { attempts: 1 },
      fetch: endless.fetch,
    });
    await expect(
      client.downloadJobResult({ jobId: "j1", outputUrl: "https://results.example/j1.jpg" }),
    ).rejects.toThrow(/larger than 2097152 bytes/);
    expectStoppedAt(endless.answers, 2 * MiB);
  });

  it("an answer of the try-on service's API stops at 5 MB", async () => {
    const endless = endlessAnswers(filler, { contentType: "application/json" });
    const client = createTryOnClient({
      baseUrl: "https://tryon.example",
      apiKey: "sk_test_caps",
      logger: silentTryOnLogger,
      readRetry: { attempts: 1 },
      fetch: endless.fetch,
    });
    await expect(client.listMannequins()).rejects.toThrow();
    expectStoppedAt(endless.answers, 5 * MiB);
  });

  it("an image probe stops just past its limit, whether the server ignores the range or gives no total", async () => {
    const ignoresRange = endlessAnswers(filler, { contentType: "image/jpeg" });
    const probe = await probeImage("https://images.example/a.jpg", {
      fetch: ignoresRange.fetch,
      timeoutMs: 10_000,
      maxBytes: 3 * MiB,
    });
    expect(probe.sizeBytes).toBeGreaterThan(3 * MiB);
    // The HEAD answer is not read; the ranged GET answered 200 with the whole (endless) body.
    expectStoppedAt(ignoresRange.answers.slice(1), 3 * MiB);

    const noTotal = endlessAnswers(filler, { contentType: "image/jpeg", status: 206 });
    const counted = await probeImage("https://images.example/b.jpg", {
      fetch: async (input, init) => {
        const answer = await noTotal.fetch(input, init);
        // A range answered without its total: the probe counts a plain GET instead.
        if (init?.method === "GET" && new Headers(init.headers).has("range")) return answer;
        return new Response(answer.body, { status: 200, headers: answer.headers });
      },
      timeoutMs: 10_000,
      maxBytes: 3 * MiB,
    });
    expect(counted.via).toBe("get");
    // Both the range without a total and the plain GET after it are counted, each only to the limit.
    expectStoppedAt(noTotal.answers.slice(1), 3 * MiB);
  });

  it("the colour score's download stops at 10 MB and the render is not scored, long before its timeout", async () => {
    const endless = endlessAnswers(filler, { contentType: "image/jpeg" });
    const score = makeRenderColourScorer({ fetch: endless.fetch, timeoutMs: 60_000 });
    const started = performance.now();
    const record = await score({
      productPhotoUrl: "https://cdn.shopify.com/s/files/1/photo.jpg",
      renderUrl: "https://cdn.shopify.com/s/files/1/render.jpg",
      thresholds: { good: 5, drift: 10 },
    });
    expect(record.colourVerdict).toBe("not_scored");
    expect(record.colourDetail).toEqual({ status: "not_scored", reason: expect.any(String) });
    expect(english((record.colourDetail as { reason: string }).reason)).toBe(
      "the images could not be downloaded from Shopify (the image is over 10 MB)",
    );
    expectStoppedAt(endless.answers, 10 * MiB);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it("a bulk export's result file stops at its byte cap, line after valid line", async () => {
    const line = (n: number) =>
      `${JSON.stringify({ id: `gid://shopify/Product/${n}`, title: "Tee", productType: "T-Shirts" })}\n`;
    const lines = bytes(Array.from({ length: 900 }, (_, i) => line(i + 1)).join(""));
    const endless = endlessAnswers(lines, { contentType: "application/jsonl" });
    const exportOf = makeCollectionExport({} as AdminGraphql, endless.fetch, { maxBytes: 4 * MiB });
    let products = 0;
    const reading = (async () => {
      for await (const event of exportOf.read("https://storage.example/export.jsonl"))
        if (event.kind === "product") products += 1;
    })();
    await expect(reading).rejects.toThrow(/larger than 4194304 bytes/);
    expect(products).toBeGreaterThan(1_000);
    for (const answer of endless.answers) {
      expect(answer.served).toBeGreaterThan(4 * MiB - lines.byteLength);
      expect(answer.served).toBeLessThanOrEqual(4 * MiB + lines.byteLength);
      expect(answer.cancelled).toBe(true);
    }
  });
});
