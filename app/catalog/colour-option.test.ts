import { describe, expect, it } from "vitest";
import type { ProductOptionFacts } from "./catalog-port";
import { colourOptionDecision, isColourValue, productColours, type VariantForColour } from "./colour-option";

const variant = (id: number, options: Record<string, string>): VariantForColour => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: Object.values(options).join(" / "),
  selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })),
});
const option = (name: string, values: string[], extra: Partial<ProductOptionFacts> = {}): ProductOptionFacts => ({
  name,
  linkedMetafield: null,
  values: values.map((value) => ({ name: value, swatchColor: null, swatchImageUrl: null })),
  ...extra,
});

describe("which option is a product's colour", () => {
  it("takes an option linked to Shopify's colour metaobjects first, whatever it is called", () => {
    const variants = [variant(1, { Tint: "Sunset", Size: "S" }), variant(2, { Tint: "Lagoon", Size: "S" })];
    const options = [
      option("Tint", ["Sunset", "Lagoon"], { linkedMetafield: { namespace: "shopify", key: "color-pattern" } }),
      option("Size", ["S"]),
    ];
    expect(colourOptionDecision({ variants, options })).toEqual({ name: "Tint", decidedBy: "colour_metaobject" });
  });

  it("then an option whose values carry swatches, and gives each colour its swatch", () => {
    const variants = [variant(1, { Shade: "Sunset" }), variant(2, { Shade: "Lagoon" })];
    const swatched = option("Shade", ["Sunset", "Lagoon"]);
    swatched.values = [
      { name: "Sunset", swatchColor: "#e8743b", swatchImageUrl: null },
      { name: "Lagoon", swatchColor: "#1f7a8c", swatchImageUrl: null },
    ];
    expect(colourOptionDecision({ variants, options: [swatched] })).toEqual({ name: "Shade", decidedBy: "swatches" });
    const colours = productColours({ photos: [], variants, options: [swatched] });
    expect(colours?.map((colour) => [colour.value, colour.swatchColor])).toEqual([
      ["Sunset", "#e8743b"],
      ["Lagoon", "#1f7a8c"],
    ]);
  });

  it("then an option named as colour, in the languages the app reads", () => {
    for (const name of ["Color", "Colour", "Farbe", "Couleur", "Colore", "Cor", "Kleur"]) {
      const variants = [variant(1, { [name]: "Terracotta" }), variant(2, { [name]: "Sage" })];
      expect(colourOptionDecision({ variants })).toEqual({ name, decidedBy: "name" });
    }
  });

  it("takes an option whose values are colours, never one whose values only contain a colour word", () => {
    expect(
      colourOptionDecision({ variants: [variant(1, { Finish: "Light blue" }), variant(2, { Finish: "Dunkelgrün" })] }),
    ).toEqual({ name: "Finish", decidedBy: "values" });
    expect(
      colourOptionDecision({ variants: [variant(1, { Style: "Black label" }), variant(2, { Style: "White label" })] }),
    ).toBeNull();
    expect(colourOptionDecision({ variants: [variant(1, { Size: "Navy" }), variant(2, { Size: "Red" })] })).toBeNull();
    expect(
      colourOptionDecision({ variants: [variant(1, { Color: "Black" }), variant(2, { Color: "Black" })] }),
    ).toBeNull();
  });

  it("reads a value as a colour only when every word of it is one", () => {
    expect(isColourValue("Navy")).toBe(true);
    expect(isColourValue("Black / White")).toBe(true);
    expect(isColourValue("Bleu clair")).toBe(true);
    expect(isColourValue("Black label")).toBe(false);
    expect(isColourValue("Classic")).toBe(false);
  });
});
