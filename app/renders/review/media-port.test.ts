import { describe, expect, it } from "vitest";
import { fileNameWords, MediaChangeRefused, renderFilename, renderFileStem } from "./media-port";

describe("a render's file name", () => {
  it("reads as the product and its colour, then model shot, with the end of the render's id", () => {
    expect(
      renderFilename(
        {
          id: "cmwyukrj20000077dbyjj8zjw",
          productTitle: "Wrap Midi Dress",
          variantColour: { optionName: "Colour", value: "Terracotta", variantIds: ["gid://shopify/ProductVariant/1"] },
        },
        "image/jpeg",
      ),
    ).toBe("wrap-midi-dress-terracotta-model-shot-byjj8zjw.jpg");
    expect(renderFilename({ id: "abc12345", productTitle: "Linen shirt", variantColour: null }, "image/png")).toBe(
      "linen-shirt-model-shot-abc12345.png",
    );
  });

  it("ends as the image's type says: png, webp, or jpg for anything else", () => {
    const render = { id: "abc12345", productTitle: "Tee", variantColour: null };
    expect(renderFilename(render, "image/webp")).toBe("tee-model-shot-abc12345.webp");
    expect(renderFilename(render, "image/avif")).toBe("tee-model-shot-abc12345.jpg");
  });

  it("drops accents and punctuation, and names a title without Latin letters 'product'", () => {
    expect(fileNameWords("Robe portefeuille « Écrue » 100 %")).toBe("robe-portefeuille-ecrue-100");
    expect(renderFileStem({ id: "x1234567", productTitle: "ラップドレス", colour: "テラコッタ" })).toBe(
      "product-model-shot-x1234567",
    );
  });

  it("keeps words to their length without a hyphen left hanging, the colour to 30 characters", () => {
    expect(fileNameWords("--Oversized wool coat--")).toBe("oversized-wool-coat");
    expect(fileNameWords("Oversized wool coat", 10)).toBe("oversized");
    expect(fileNameWords("a".repeat(70))).toHaveLength(60);
    expect(renderFileStem({ id: "ID1234567", productTitle: "Tee", colour: `${"b".repeat(29)} blue` })).toBe(
      `tee-${"b".repeat(29)}-model-shot-d1234567`,
    );
  });

  it("is different for two renders of the same product and colour", () => {
    const one = renderFileStem({ id: "cmaaaaaaaa0000aaaa11111111", productTitle: "Tee", colour: "Red" });
    const two = renderFileStem({ id: "cmaaaaaaaa0000aaaa22222222", productTitle: "Tee", colour: "Red" });
    expect(one).not.toBe(two);
  });
});

describe("Shopify refusing a change for good", () => {
  it("tells staff what was being done and Shopify's reasons, in one message", () => {
    const refused = new MediaChangeRefused("messages:mediaAction.attachToProduct", ["File not ready", "Try later"]);
    expect(refused.name).toBe("MediaChangeRefused");
    expect(refused.reasons).toEqual(["File not ready", "Try later"]);
    expect(refused.message).toBe(
      "messages:render.shopifyRefused?action=messages%3AmediaAction.attachToProduct&reasons=File+not+ready%3B+Try+later",
    );
  });
});
