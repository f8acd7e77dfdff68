import { describe, expect, it } from "vitest";
import { createI18n } from "~/i18n/i18n-instance";
import type { AppLocale } from "~/i18n/locales";
import { translationsFor } from "~/i18n/resources.server";
import { formValuesOf, renderOptionsFormSchema } from "~/web/render-options-form";
import {
  decidedSentence,
  describeGarments,
  previewHeadline,
  previewInputsKey,
  rendersWithinBudget,
  scopeFormFields,
  sendsHeading,
} from "./bulk-run-form";

/** The page's words in a language, from the real translation files. */
const wordsIn = (locale: AppLocale) => createI18n(locale, translationsFor(locale)).getFixedT(locale, "bulkRun");
const en = wordsIn("en");

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

  it("marks the preview stale when the selection, the options, regenerate, the garments chosen, the candidates or the budget change", () => {
    const scope = { kind: "collection" as const, collectionId: "gid://shopify/Collection/1", title: "Summer" };
    const options = formValuesOf({ mannequinId: "mnq_a", poseId: "pose_a" });
    const flags = { regenerate: false, candidates: "1" };
    const base = previewInputsKey(scope, options, flags, "");
    expect(previewInputsKey(scope, { ...options }, { ...flags }, " ")).toBe(base);
    expect(previewInputsKey(scope, { ...options, resolution: "4K" }, flags, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, { ...flags, regenerate: true }, "")).not.toBe(base);
    expect(
      previewInputsKey(scope, options, { ...flags, garmentChoices: { "gid://shopify/Product/1": "dress" } }, ""),
    ).not.toBe(base);
    expect(previewInputsKey(scope, options, { ...flags, candidates: "3" }, "")).not.toBe(base);
    expect(previewInputsKey(scope, options, flags, "50")).not.toBe(base);
    expect(previewInputsKey({ ...scope, collectionId: "gid://shopify/Collection/2" }, options, flags, "")).not.toBe(
      base,
    );
  });

  it("names the garments a run will render, in plain words", () => {
    expect(
      describeGarments(en, "en", [
        { productType: "top", count: 12 },
        { productType: "bottom", count: 5 },
        { productType: "dress", count: 1 },
      ]),
    ).toBe("12 tops, 5 bottoms and 1 dress");
    expect(describeGarments(en, "en", [{ productType: "outerwear", count: 2 }])).toBe("2 pieces of outerwear");
    expect(describeGarments(en, "en", [])).toBe("");
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

  it("says the preview's numbers in one unit, so they agree: renders of products, by garment, and what each set sends", () => {
    // The stumble of issue 28: "5 renders of 2 products (Colours)… As 5 tops. 5 products as:".
    const byColour = previewHeadline(en, "en", {
      scopeTitle: "Colours",
      productCount: 2,
      eligibleProductCount: 2,
      renderCount: 5,
      candidatesPerProduct: 1,
      garments: [{ productType: "top", count: 5 }],
      colours: { renders: 5, products: 2 },
    });
    expect(byColour.headline).toBe("5 renders of 2 products (Colours)");
    expect(byColour.garments).toBe("5 tops");
    expect(byColour.details).toEqual(["One shot per colour for 2 products: 5 colours in all."]);
    expect(sendsHeading(en, 5, 1)).toBe("5 renders as:");

    const candidates = previewHeadline(en, "en", {
      scopeTitle: "Summer",
      productCount: 4,
      eligibleProductCount: 3,
      renderCount: 6,
      candidatesPerProduct: 2,
      garments: [
        { productType: "top", count: 2 },
        { productType: "dress", count: 1 },
      ],
    });
    expect(candidates.headline).toBe("6 renders of 3 products (Summer, 4 products in all)");
    expect(candidates.garments).toBe("4 tops and 2 dresses");
    expect(candidates.details).toEqual(["2 candidates of each to choose from."]);
    expect(sendsHeading(en, 2, 2)).toBe("4 renders as:");
  });

  it("agrees each number with its own noun, one and many, in every language's plural rules", () => {
    const one = {
      scopeTitle: "Sommer",
      productCount: 1,
      eligibleProductCount: 1,
      renderCount: 1,
      candidatesPerProduct: 1,
      garments: [{ productType: "dress", count: 1 }],
    };
    expect(previewHeadline(en, "en", one)).toEqual({
      headline: "1 render of 1 product (Sommer)",
      garments: "1 dress",
      details: [],
    });
    const de = wordsIn("de");
    expect(previewHeadline(de, "de", one).headline).toBe("1 Rendering von 1 Produkt (Sommer)");
    expect(
      previewHeadline(de, "de", {
        ...one,
        productCount: 1200,
        eligibleProductCount: 3,
        renderCount: 3,
        garments: [
          { productType: "top", count: 2 },
          { productType: "dress", count: 1 },
        ],
      }),
    ).toEqual({
      headline: "3 Renderings von 3 Produkten (Sommer, 1.200 Produkte insgesamt)",
      garments: "2 Oberteile und 1 Kleid",
      details: [],
    });
    // Japanese counts without a plural; its list has no "and".
    const ja = wordsIn("ja");
    expect(
      describeGarments(ja, "ja", [
        { productType: "top", count: 2 },
        { productType: "dress", count: 1 },
      ]),
    ).toBe("トップス 2 点、ワンピース 1 点");
  });

  it("says where the decisions were read, each count with its source", () => {
    expect(decidedSentence(en, "en", { category: 3, type: 0, title: 1, staff: 0 })).toBe(
      "Decided 3 from the product's category in Shopify and 1 from the title.",
    );
  });
});
