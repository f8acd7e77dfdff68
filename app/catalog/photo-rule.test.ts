import { describe, expect, it } from "vitest";
import { jobInputFor, type RenderOptions } from "~/looks/render-options";
import { cdnRendition } from "./cdn-rendition";
import { servicePhotoUrl } from "./photo-rule";

const GIF = "https://cdn.shopify.com/s/files/1/0001/files/spin.gif?v=17";

describe("the photo rule", () => {
  it("sends a Shopify photo as a JPEG rendition that fits the render's resolution, whatever the original is", () => {
    expect(servicePhotoUrl(GIF, "2K")).toBe(`${GIF}&width=2048&height=2048&format=jpg`);
    expect(servicePhotoUrl(GIF, "4K")).toBe(`${GIF}&width=4096&height=4096&format=jpg`);
  });

  it("leaves a photo that is not on Shopify's CDN as it is: the worker checks it before spending", () => {
    expect(servicePhotoUrl("https://images.example/dress.png", "2K")).toBe("https://images.example/dress.png");
  });

  it("is what every render's job input carries, front and back", () => {
    const options = { productType: "top", mannequinId: "m", poseId: "p", resolution: "4K", aspectRatio: "3:4" };
    const input = jobInputFor(options as RenderOptions, { front: [GIF], back: GIF, mediaIds: ["a", "b"] });
    expect(input.productImages).toEqual([servicePhotoUrl(GIF, "4K")]);
    expect(input.productBackImage).toBe(servicePhotoUrl(GIF, "4K"));
  });
});

describe("cdnRendition", () => {
  it("asks Shopify's CDN for a rendition of the given width, keeping the file's version", () => {
    expect(cdnRendition("https://cdn.shopify.com/s/files/1/0001/files/dress.jpg?v=17", 480)).toBe(
      "https://cdn.shopify.com/s/files/1/0001/files/dress.jpg?v=17&width=480",
    );
  });

  it("leaves URLs that are not CDN files, and malformed ones, as they are", () => {
    expect(cdnRendition("https://images.example/dress.jpg", 480)).toBe("https://images.example/dress.jpg");
    expect(cdnRendition("not a url", 480)).toBe("not a url");
  });
});
