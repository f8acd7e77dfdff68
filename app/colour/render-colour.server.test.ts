import { describe, expect, it } from "vitest";
import { renderSampleGarment } from "../../fakes/tryon-service/render";
import { makeRenderColourScorer } from "./render-colour.server";
import { wordsFor } from "~/i18n/words.server";

// Reasons are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const THRESHOLDS = { good: 5, drift: 10 };

describe("scoring a render's colours from Shopify's CDN", () => {
  it("asks for 640 px renditions of both images and stores the verdict, ΔE and matched swatches", async () => {
    const photo = await renderSampleGarment({ color: "#2f6fb0", format: "jpeg", size: 600 });
    const asked: string[] = [];
    const score = makeRenderColourScorer({
      fetch: async (url) => {
        asked.push(url);
        return new Response(new Uint8Array(photo), { headers: { "content-type": "image/jpeg" } });
      },
    });
    const record = await score({
      productPhotoUrl: "https://cdn.shopify.com/s/files/1/tee.jpg?v=1",
      renderUrl: "https://cdn.shopify.com/s/files/1/render.jpg?v=2",
      thresholds: THRESHOLDS,
    });
    expect(asked).toEqual([
      "https://cdn.shopify.com/s/files/1/tee.jpg?v=1&width=640",
      "https://cdn.shopify.com/s/files/1/render.jpg?v=2&width=640",
    ]);
    // The same picture twice: no colour moved.
    expect(record.colourVerdict).toBe("good");
    expect(record.colourDeltaE).toBeLessThan(1);
    expect(record.colourDetail).toMatchObject({ status: "scored", thresholds: THRESHOLDS });
  });

  it("is 'not scored', with the reason in words, when an image cannot be downloaded or read: it never throws", async () => {
    const missing = makeRenderColourScorer({ fetch: async () => new Response("gone", { status: 404 }) });
    const record = await missing({
      productPhotoUrl: "https://a/x.jpg",
      renderUrl: "https://a/y.jpg",
      thresholds: THRESHOLDS,
    });
    expect(record).toEqual({
      colourDeltaE: null,
      colourVerdict: "not_scored",
      colourDetail: { status: "not_scored", reason: expect.any(String) },
    });
    const detail = record.colourDetail as { reason: string };
    expect(english(detail.reason)).toBe("the images could not be downloaded from Shopify (HTTP 404)");

    const garbage = makeRenderColourScorer({ fetch: async () => new Response("<svg/>") });
    const unreadable = await garbage({
      productPhotoUrl: "https://a/x.jpg",
      renderUrl: "https://a/y.jpg",
      thresholds: THRESHOLDS,
    });
    expect(unreadable.colourVerdict).toBe("not_scored");
    expect(unreadable.colourDetail).toEqual({ status: "not_scored", reason: "one of the images could not be read" });
  });
});
