import { describe, expect, it } from "vitest";
import { guessGarment } from "./garment-guess";

describe("guessing the garment from Shopify's product type", () => {
  it.each([
    ["T-Shirts", "Basic", { productType: "top", productCategory: "t_shirt" }],
    ["Dress Shirts", "Oxford", { productType: "top", productCategory: "shirt" }],
    ["Dresses", "Midi", { productType: "dress", productCategory: "dress" }],
    ["Jumpsuits", "Boiler", { productType: "jumpsuit", productCategory: "jumpsuit" }],
    ["Outerwear", "Rain coat", { productType: "outerwear", productCategory: "coat" }],
    ["", "Slim jeans", { productType: "bottom", productCategory: "jeans" }],
    [null, "Wool hoodie", { productType: "top", productCategory: "hoodie" }],
  ])("%s / %s", (productType, title, expected) => {
    expect(guessGarment({ productType, title })).toEqual(expected);
  });

  it("prefers the product type over the title, and says nothing when neither helps", () => {
    expect(guessGarment({ productType: "Skirts", title: "Shirt-dress print" })).toEqual({
      productType: "bottom",
      productCategory: "skirt",
    });
    expect(guessGarment({ productType: "Gift cards", title: "Voucher" })).toBeNull();
  });
});
