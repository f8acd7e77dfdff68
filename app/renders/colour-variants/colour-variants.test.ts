import { describe, expect, it } from "vitest";
import { wordsFor } from "~/i18n/words.server";
import {
  colourPlanOf,
  colourPlanSentence,
  colourRequestKey,
  planProductColours,
  rendersPerColourPlan,
  variantsToPublishOn,
} from "./colour-variants";
import { productColours, colourOptionOf, type VariantForColour } from "~/catalog/colour-option";
import { colourLabelOf } from "../lifecycle/variant-colour";
import type { ProductPhoto } from "~/catalog/source-images";

const photo = (mediaId: string, file: string, alt: string | null = null): ProductPhoto => ({
  mediaId,
  url: `https://cdn.shopify.com/s/files/1/0001/${file}`,
  alt,
});
let nextVariant = 1;
const variant = (options: Record<string, string>, mediaId: string | null = null): VariantForColour => ({
  id: `gid://shopify/ProductVariant/${nextVariant++}`,
  title: Object.values(options).join(" / "),
  selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })),
  mediaId,
});

/** A tee in red, blue and green, sizes S and M; each colour's variants show that colour's photo. */
function colourTee() {
  const photos = [photo("m-main", "tee.jpg", "Tee"), photo("m-red", "tee-red.jpg"), photo("m-blue", "tee-blue.jpg")];
  photos.push(photo("m-green", "tee-green.jpg"), photo("m-green-back", "tee-green-back.jpg"));
  const variants = [
    variant({ Color: "Red", Size: "S" }, "m-red"),
    variant({ Color: "Red", Size: "M" }, "m-red"),
    variant({ Color: "Blue", Size: "S" }, "m-blue"),
    variant({ Color: "Blue", Size: "M" }, null),
    variant({ Color: "Green", Size: "S" }, "m-green"),
    variant({ Color: "Green", Size: "M" }, "m-green-back"),
  ];
  return { title: "Tee", photos, variants };
}

describe("detecting a product's colour option", () => {
  it("finds an option named colour in several languages, whatever its case", () => {
    for (const name of ["Color", "colour", "COULEUR", "Farbe", "Colore", "Cor", "Kleur", " Colour "]) {
      expect(colourOptionOf([variant({ [name]: "Black" }), variant({ [name]: "White" })])).toBe(name);
    }
  });

  it("finds none on a product that differs only by size, nor on Shopify's single default variant", () => {
    expect(colourOptionOf([variant({ Size: "S" }), variant({ Size: "M" })])).toBeNull();
    expect(colourOptionOf([variant({ Title: "Default Title" })])).toBeNull();
    expect(colourOptionOf([{ id: "gid://shopify/ProductVariant/9", title: "Default Title" }])).toBeNull();
  });

  it("needs two colours: a product sold in one colour is rendered as a whole", () => {
    expect(colourOptionOf([variant({ Color: "Black", Size: "S" }), variant({ color: "black", Size: "M" })])).toBeNull();
  });

  it("takes an option with another name when all its values are colours, but never a size", () => {
    expect(colourOptionOf([variant({ Shade: "Navy blue" }), variant({ Shade: "Off-white" })])).toBe("Shade");
    expect(colourOptionOf([variant({ Style: "Slim" }), variant({ Style: "Black label" })])).toBeNull();
    expect(colourOptionOf([variant({ Size: "Black" }), variant({ Size: "White" })])).toBeNull();
  });
});

describe("a colour's source photos", () => {
  it("groups variants by colour (case-insensitively) and takes the images its own variants show", () => {
    const tee = colourTee();
    tee.variants[1] = variant({ Color: "red ", Size: "M" }, "m-red");
    const colours = productColours(tee)!;
    expect(colours.map((c) => [c.value, c.variantIds.length, c.photos.map((p) => p.mediaId)])).toEqual([
      ["Red", 2, ["m-red"]],
      ["Blue", 2, ["m-blue"]],
      ["Green", 2, ["m-green", "m-green-back"]],
    ]);
    expect(colours.every((c) => c.photosFrom === "variant_images")).toBe(true);
  });

  it("renders each colour from its own photos, with a back view when one of them is a back", () => {
    const plan = colourPlanOf(colourTee());
    expect(plan.kind).toBe("per_colour");
    if (plan.kind !== "per_colour") return;
    expect(plan.targets.map((t) => [t.colour.value, t.images.mediaIds])).toEqual([
      ["Red", ["m-red"]],
      ["Blue", ["m-blue"]],
      ["Green", ["m-green", "m-green-back"]],
    ]);
    expect(plan.targets[2]!.images.back).toContain("tee-green-back.jpg");
    expect(rendersPerColourPlan(plan)).toBe(3);
  });

  // The product source leaves the app's own renders out of a product's photos (from its records, ADR 071), so a
  // variant that shows a published model shot points at a photo that is not there.
  it("never takes a published model shot a variant shows now; a photo named after the colour stands in", () => {
    const tee = colourTee();
    tee.photos.push(photo("m-red-alt", "flat.jpg", "Tee in red, front"));
    tee.variants[0]!.mediaId = "m-shot";
    tee.variants[1]!.mediaId = "m-shot";
    const red = productColours(tee)!.find((c) => c.value === "Red")!;
    expect(red.photosFrom).toBe("named_photos");
    expect(red.photos.map((p) => p.mediaId)).toEqual(["m-red", "m-red-alt"]);
  });

  it("leaves out a colour with no photo of its own and says so", () => {
    const tee = colourTee();
    tee.variants.push(variant({ Color: "Yellow", Size: "S" }, null));
    const plan = colourPlanOf(tee);
    expect(plan).toMatchObject({ kind: "per_colour", withoutPhoto: ["Yellow"] });
    const sentence = colourPlanSentence(plan) ?? "";
    expect(sentence).toMatch(/^messages:colours\.perColourSomeWithout\?/);
    expect(wordsFor("en")(sentence)).toBe(
      "One shot for each of Red, Blue, Green, each from its own photo and added to its variants. Yellow has no photo of its own and is not rendered.",
    );
  });

  it("falls back to one shot from the product's photos when no colour has a photo of its own, and says so", () => {
    const plan = colourPlanOf({
      photos: [photo("m1", "dress.jpg", "Dress")],
      variants: [variant({ Colour: "Red" }), variant({ Colour: "Blue" })],
    });
    expect(plan).toEqual({ kind: "product_photos", optionName: "Colour", colours: ["Red", "Blue"] });
    expect(rendersPerColourPlan(plan)).toBe(1);
    expect(wordsFor("en")(colourPlanSentence(plan) ?? "")).toBe(
      "None of the Colour values (Red, Blue) has a photo of its own, so one shot is made from the product's photos and added to no variant.",
    );
  });
});

describe("planning a product one per colour", () => {
  it("skips the colours that already have an approved render and counts the others", async () => {
    const planned = await planProductColours(colourTee(), new Set(["blue"]));
    expect(planned.perColour).toBe(true);
    expect(planned.eligible.map((r) => r.variantColour.value)).toEqual(["Red", "Green"]);
    expect(planned.skipped).toEqual([{ title: "Tee (Blue)", reason: "already_approved" }]);
  });

  it("skips a colour whose photo cannot be used", async () => {
    const planned = await planProductColours(colourTee(), new Set(), async (url) =>
      url.includes("green") ? "GIF photo" : null,
    );
    expect(planned.eligible.map((r) => r.variantColour.value)).toEqual(["Red", "Blue"]);
    expect(planned.skipped).toEqual([{ title: "Tee (Green)", reason: "image_unusable", detail: "GIF photo" }]);
  });
});

describe("publishing a colour's render", () => {
  const colour = { optionName: "Color", value: "Red", variantIds: ["gid://shopify/ProductVariant/1"] };

  it("goes on its colour's variants, plus any staff chose, each once", () => {
    expect(variantsToPublishOn(colour, [])).toEqual(["gid://shopify/ProductVariant/1"]);
    expect(variantsToPublishOn(colour, ["gid://shopify/ProductVariant/2", "gid://shopify/ProductVariant/1"])).toEqual([
      "gid://shopify/ProductVariant/1",
      "gid://shopify/ProductVariant/2",
    ]);
    expect(variantsToPublishOn(null, ["gid://shopify/ProductVariant/2"])).toEqual(["gid://shopify/ProductVariant/2"]);
  });

  it("ignores a stored colour that is not one (only variant ids are ever published to)", () => {
    expect(variantsToPublishOn({ optionName: "Color", value: "Red", variantIds: ["gid://x/1"] }, [])).toEqual([]);
    expect(colourLabelOf(colour)).toBe("Color: Red");
  });
});

describe("request keys per colour", () => {
  it("are stable for a request and colour, differ between colours, and fit the request key pattern", () => {
    const key = "k".repeat(100);
    expect(colourRequestKey(key, "Red")).toBe(colourRequestKey(key, " red"));
    expect(colourRequestKey(key, "Red")).not.toBe(colourRequestKey(key, "Blue"));
    expect(colourRequestKey(key, "Red")).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
