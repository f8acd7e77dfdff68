import { describe, expect, it } from "vitest";
import { formValuesOf, renderOptionsFormSchema } from "../../renders/render-options-form";
import {
  describeGarments,
  describeListing,
  previewInputsKey,
  rendersWithinBudget,
  scopeFormFields,
} from "./bulk-run-form";

describe("Bulk run page logic", () => {
  it("posts a collection or the picked products as the server's scope fields", () => {
    expect(
      scopeFormFields({ kind: "collection", collectionId: "gid://shopify/Collection/1", title: "Summer" }),
    ).toEqual({
      scopeKind: "collection",
      collectionId: "gid://shopify/Collection/1",
    });
    expect(
      scopeFormFields({
        kind: "products",
        products: [
          { id: "gid://shopify/Product/1", title: "A" },
          { id: "gid://shopify/Product/2", title: "B" },
        ],
      }),
    ).toEqual({
      scopeKind: "products",
      productIds: ["gid://shopify/Product/1", "gid://shopify/Product/2"],
    });
    expect(scopeFormFields(null)).toEqual({});
  });

  it("marks the preview stale when the selection, the options, regenerate, garment detection, the candidates or the budget change", () => {
    const scope = { kind: "collection" as const, collectionId: "gid://shopify/Collection/1", title: "Summer" };
    const options = formValuesOf({ mannequinId: "mnq_a", poseId: "pose_a" });
    const flags = { regenerate: false, detectGarments: true, candidates: "1" };
    const base = previewInputsKey(scope, options, flags, "");
    expect(previewInputsKey(scope, { ...options }, { ...flags }, " ")).toBe(base);
    expect(previewInputsKey(scope, { ...options, resolution: "4K" }, flags, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, { ...flags, regenerate: true }, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, { ...flags, detectGarments: false }, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, { ...flags, candidates: "3" }, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, flags, "50")).not.toBe(base);
    expect(previewInputsKey({ ...scope, collectionId: "gid://shopify/Collection/2" }, options, flags, "")).not.toBe(
      base,
    );
  });

  it("names the garments a run will render, in plain words", () => {
    expect(
      describeGarments([
        { productType: "top", count: 12 },
        { productType: "bottom", count: 5 },
        { productType: "dress", count: 1 },
      ]),
    ).toBe("12 tops, 5 bottoms and 1 dress");
    expect(describeGarments([{ productType: "outerwear", count: 2 }])).toBe("2 pieces of outerwear");
    expect(describeGarments([])).toBe("");
  });

  it("says how many renders a budget allows", () => {
    expect(rendersWithinBudget(null, 5, 40)).toBe(40);
    expect(rendersWithinBudget(52, 5, 40)).toBe(10);
    expect(rendersWithinBudget(1000, 6, 40)).toBe(40);
  });

  it("the options the page posts are the ones the server accepts", () => {
    expect(
      renderOptionsFormSchema.safeParse({
        ...formValuesOf({ mannequinId: "mnq_a", poseId: "pose_a" }),
        lockBackground: "",
      }).success,
    ).toBe(true);
  });

  it("tells a large collection's progress in words: waiting its turn, Shopify's export, then products stored", () => {
    const listing = { scopeTitle: "Whole catalog", listed: 0, expected: 20_000, exported: 0 };
    expect(describeListing({ ...listing, phase: "queued" }).sentence).toBe(
      `"Whole catalog" is a large collection: Shopify is exporting another of this shop's collections for Model Shots; this one is next.`,
    );
    expect(describeListing({ ...listing, phase: "exporting" }).sentence).toBe(
      `"Whole catalog" is a large collection: Shopify is preparing an export of its 20,000 products.`,
    );
    expect(describeListing({ ...listing, phase: "exporting", exported: 12_345 })).toMatchObject({
      sentence: `"Whole catalog" is a large collection: Shopify is exporting its products, 12,345 items so far (products and their photos).`,
      progress: null,
    });
    expect(describeListing({ ...listing, phase: "storing", listed: 5_000 })).toMatchObject({
      sentence: `"Whole catalog" is a large collection: reading its products from Shopify, 5,000 of 20,000 so far.`,
      progress: 25,
    });
    expect(describeListing({ ...listing, phase: "pages", listed: 250 }).detail).toMatch(/a thousand products every/);
  });
});
