import { describe, expect, it } from "vitest";
import { fileNameWords, renderFilename, renderFileStem } from "./media-port";

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

  it("drops accents and punctuation, and names a title without Latin letters 'product'", () => {
    expect(fileNameWords("Robe portefeuille « Écrue » 100 %")).toBe("robe-portefeuille-ecrue-100");
    expect(renderFileStem({ id: "x1234567", productTitle: "ラップドレス", colour: "テラコッタ" })).toBe(
      "product-model-shot-x1234567",
    );
  });

  it("is different for two renders of the same product and colour", () => {
    const one = renderFileStem({ id: "cmaaaaaaaa0000aaaa11111111", productTitle: "Tee", colour: "Red" });
    const two = renderFileStem({ id: "cmaaaaaaaa0000aaaa22222222", productTitle: "Tee", colour: "Red" });
    expect(one).not.toBe(two);
  });
});
