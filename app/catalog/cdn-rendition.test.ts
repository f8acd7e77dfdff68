import { describe, expect, it } from "vitest";
import { cdnRendition } from "./cdn-rendition";

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
