import { describe, expect, it } from "vitest";
import { publishOptionsSchema, targetMediaIndex } from "./publish-options";

describe("what staff chose when approving", () => {
  it("defaults to no variants, no place and the imported alt text", () => {
    expect(publishOptionsSchema.parse({})).toEqual({ variantIds: [], makeFirst: false, position: null, alt: null });
  });

  it("keeps variant ids, a place from 1 to 250 and alt text trimmed, and refuses anything else", () => {
    const variant = "gid://shopify/ProductVariant/12";
    expect(publishOptionsSchema.parse({ variantIds: [variant], position: 250, alt: "  Coat  " })).toMatchObject({
      variantIds: [variant],
      position: 250,
      alt: "Coat",
    });
    const refused = [
      { variantIds: ["gid://shopify/Product/12"] },
      { variantIds: Array.from({ length: 101 }, (_, i) => `gid://shopify/ProductVariant/${i + 1}`) },
      { position: 0 },
      { position: 251 },
      { position: 1.5 },
      { alt: "   " },
      { alt: "a".repeat(513) },
    ];
    for (const options of refused)
      expect(publishOptionsSchema.safeParse(options).success, JSON.stringify(options)).toBe(false);
    // A product's id where a variant's belongs is refused saying which kind of id was wanted.
    expect(publishOptionsSchema.safeParse(refused[0]).error?.issues.map((issue) => issue.message)).toEqual([
      "must be a product variant id",
    ]);
    expect(
      publishOptionsSchema.safeParse({
        variantIds: Array.from({ length: 100 }, (_, i) => `gid://shopify/ProductVariant/${i + 1}`),
        alt: "a".repeat(512),
        position: 1,
      }).success,
    ).toBe(true);
  });
});

describe("the place the image takes among the product's media", () => {
  it("is the chosen position counted from 0, which wins over 'make first'", () => {
    expect(targetMediaIndex({ position: 1, makeFirst: false })).toBe(0);
    expect(targetMediaIndex({ position: 3, makeFirst: true })).toBe(2);
  });

  it("is first for an older 'make first' approval, and none otherwise", () => {
    expect(targetMediaIndex({ position: null, makeFirst: true })).toBe(0);
    expect(targetMediaIndex({ position: null, makeFirst: false })).toBeNull();
  });
});
