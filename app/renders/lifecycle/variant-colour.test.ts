import { describe, expect, it } from "vitest";
import { colourLabelOf, variantColourOf } from "./variant-colour";

const RED = { optionName: "Color", value: "Red", variantIds: ["gid://shopify/ProductVariant/11"] };

describe("a render's colour, as stored on it", () => {
  it("reads back the colour and the variants publishing puts the render on", () => {
    expect(variantColourOf(RED)).toEqual(RED);
  });

  it("is none for a render of the whole product", () => {
    expect(variantColourOf(null)).toBeNull();
    expect(variantColourOf(undefined)).toBeNull();
  });

  it("is none for a column that is not one of ours, rather than a half-read colour", () => {
    for (const value of [
      { ...RED, optionName: "" },
      { ...RED, value: "" },
      { ...RED, variantIds: [] },
      // Publishing attaches media to these ids: a product's or a foreign shop's gid never passes.
      { ...RED, variantIds: ["gid://shopify/Product/11"] },
      { ...RED, variantIds: ["x gid://shopify/ProductVariant/11"] },
      { ...RED, variantIds: ["gid://shopify/ProductVariant/11/extra"] },
      "Red",
    ]) {
      expect(variantColourOf(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("is labelled with its option and value beside the product's title, and not at all without one", () => {
    expect(colourLabelOf(RED)).toBe("Color: Red");
    expect(colourLabelOf(null)).toBeNull();
  });
});
