import { describe, expect, it } from "vitest";
import { chooseSourceImages, looksLikeBackImage } from "./source-images";

const photo = (mediaId: string, file: string, alt: string | null = null) => ({
  mediaId,
  url: `https://cdn.shopify.com/s/files/1/0001/${file}`,
  alt,
});

describe("choosing a product's source images", () => {
  it("takes the first photo as the front when none says it is the back", () => {
    expect(chooseSourceImages([photo("m1", "tee.jpg"), photo("m2", "tee-detail.jpg")])).toEqual({
      ok: true,
      frontMediaId: "m1",
      frontUrl: "https://cdn.shopify.com/s/files/1/0001/tee.jpg",
    });
  });

  it("takes a photo whose alt text or file name says back as the back image, even when it comes first", () => {
    const choice = chooseSourceImages([
      photo("m1", "tee_back.jpg"),
      photo("m2", "tee.jpg"),
      photo("m3", "x.jpg", "Back view"),
    ]);
    expect(choice).toMatchObject({ ok: true, frontMediaId: "m2", backMediaId: "m1" });
    expect(looksLikeBackImage(photo("m3", "x.jpg", "Back view"))).toBe(true);
    expect(looksLikeBackImage(photo("m4", "backpack.jpg", "A backpack"))).toBe(false);
  });

  it("reports a product without a usable photo", () => {
    expect(chooseSourceImages([])).toEqual({ ok: false, reason: "no_image" });
    expect(chooseSourceImages([{ mediaId: "m1", url: null, alt: null }])).toEqual({ ok: false, reason: "no_image" });
  });

  it("uses a lone back photo as the front rather than having none", () => {
    expect(chooseSourceImages([photo("m1", "tee-back.jpg")])).toMatchObject({ ok: true, frontMediaId: "m1" });
  });

  it("does not judge a photo by words in its alt text or file name (the app's records tell its renders, ADR 071)", () => {
    const choice = chooseSourceImages([
      photo("m9", "model-shot-abc123.jpg", "Linen shirt worn by a model (generated model shot)"),
      photo("m1", "shirt.jpg"),
    ]);
    expect(choice).toMatchObject({ ok: true, frontMediaId: "m9" });
  });
});
