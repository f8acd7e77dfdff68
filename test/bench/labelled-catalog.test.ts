import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import { parseProductCsv } from "~/catalog/product-csv";
import { LABELLED_PRODUCTS } from "../../bench/catalog/labelled-products";
import { CATALOG_FILE, LABELS_FILE, labelledCatalogCsv, labelsCsv } from "../../bench/catalog/write-labelled-catalog";

const LABELS = new Set(["top", "bottom", "dress", "outerwear", "jumpsuit", "skip", "choice"]);

describe("the labelled catalog (bench/catalog)", () => {
  const catalogText = readFileSync(CATALOG_FILE, "utf8");
  const labelsText = readFileSync(LABELS_FILE, "utf8");

  it("is what the hand-written table gives (run `npx tsx bench/catalog/write-labelled-catalog.ts` after editing it)", () => {
    expect(catalogText).toBe(labelledCatalogCsv());
    expect(labelsText).toBe(labelsCsv());
  });

  it("is a Shopify product CSV the app's parser reads, with a label for every product and no label without one", () => {
    const products = parseProductCsv(catalogText);
    const [header, ...rows] = parseCsv(labelsText);
    expect(header).toEqual(["handle", "renders_as", "notes"]);
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(rows.map((row) => row[0])).toEqual(products.map((product) => product.handle));
    expect(rows.filter((row) => !LABELS.has(row[1] ?? ""))).toEqual([]);
  });

  it("covers what it promises: seven languages, about half with a category, linked colour options, a Style option, gift cards", () => {
    const products = parseProductCsv(catalogText);
    const languages = new Map<string, number>();
    for (const product of LABELLED_PRODUCTS) languages.set(product.lang, (languages.get(product.lang) ?? 0) + 1);
    expect([...languages.keys()].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"]);
    expect(Math.min(...languages.values())).toBeGreaterThanOrEqual(20);

    const categorized = products.filter((product) => product.category).length / products.length;
    expect(categorized).toBeGreaterThan(0.4);
    expect(categorized).toBeLessThan(0.6);
    const linked = products.filter((product) =>
      product.options.some((option) => option.linkedTo === "product.metafields.shopify.color-pattern"),
    );
    expect(linked.length).toBeGreaterThanOrEqual(10);
    expect(products.filter((product) => product.options.some((option) => option.name === "Style")).length).toBe(2);
    expect(products.filter((product) => product.giftCard).length).toBeGreaterThanOrEqual(7);
    for (const label of LABELS) {
      expect(LABELLED_PRODUCTS.filter((product) => product.label === label).length, label).toBeGreaterThanOrEqual(10);
    }
  });
});
