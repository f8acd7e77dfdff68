import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import { parseProductCsv } from "~/catalog/product-csv";
import { HELD_OUT_PRODUCTS } from "../../bench/catalog/held-out/labelled-products";
import { HELD_OUT_2_PRODUCTS } from "../../bench/catalog/held-out-2/labelled-products";
import { LABELLED_PRODUCTS } from "../../bench/catalog/labelled-products";
import {
  CATALOG_FILE,
  CATALOGS,
  HELD_OUT_2_CATALOG,
  HELD_OUT_CATALOG,
  LABELS_FILE,
  handleFor,
  labelledCatalogCsv,
  labelsCsv,
} from "../../bench/catalog/write-labelled-catalog";

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

describe("the held-out labelled catalog (bench/catalog/held-out)", () => {
  const catalogText = readFileSync(HELD_OUT_CATALOG.catalogFile, "utf8");
  const labelsText = readFileSync(HELD_OUT_CATALOG.labelsFile, "utf8");

  it("is what its hand-written table gives (run `npx tsx bench/catalog/write-labelled-catalog.ts` after editing it)", () => {
    expect(catalogText).toBe(labelledCatalogCsv(HELD_OUT_CATALOG));
    expect(labelsText).toBe(labelsCsv(HELD_OUT_CATALOG));
  });

  it("is a Shopify product CSV the app's parser reads, with a label for every product and no label without one", () => {
    const products = parseProductCsv(catalogText);
    const [header, ...rows] = parseCsv(labelsText);
    expect(header).toEqual(["handle", "renders_as", "notes"]);
    expect(products.length).toBe(HELD_OUT_PRODUCTS.length);
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(rows.map((row) => row[0])).toEqual(products.map((product) => product.handle));
    expect(rows.filter((row) => !LABELS.has(row[1] ?? ""))).toEqual([]);
  });

  it("shares no handle, title or vendor with the first catalog", () => {
    const first = parseProductCsv(readFileSync(CATALOG_FILE, "utf8"));
    const heldOut = parseProductCsv(catalogText);
    const firstHandles = new Set(first.map((product) => product.handle));
    const firstTitles = new Set(first.map((product) => product.title.toLowerCase()));
    const firstVendors = new Set(first.map((product) => product.vendor));
    expect(heldOut.filter((product) => firstHandles.has(product.handle)).map((p) => p.handle)).toEqual([]);
    expect(heldOut.filter((product) => firstTitles.has(product.title.toLowerCase())).map((p) => p.title)).toEqual([]);
    expect(heldOut.filter((product) => firstVendors.has(product.vendor)).map((p) => p.vendor)).toEqual([]);
    // Its handles are its titles' (none set by hand, none made unique with a suffix).
    expect(heldOut.map((product) => product.handle)).toEqual(HELD_OUT_PRODUCTS.map((p) => handleFor(p.title)));
  });

  it("covers what its README promises: about 40 % English, six other languages, about half with a category, colour options, gift cards", () => {
    const products = parseProductCsv(catalogText);
    const languages = new Map<string, number>();
    for (const product of HELD_OUT_PRODUCTS) languages.set(product.lang, (languages.get(product.lang) ?? 0) + 1);
    expect([...languages.keys()].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"]);
    const english = (languages.get("en") ?? 0) / HELD_OUT_PRODUCTS.length;
    expect(english).toBeGreaterThan(0.35);
    expect(english).toBeLessThan(0.45);
    expect(Math.min(...languages.values())).toBeGreaterThanOrEqual(20);

    const categorized = products.filter((product) => product.category).length / products.length;
    expect(categorized).toBeGreaterThan(0.4);
    expect(categorized).toBeLessThan(0.6);
    const linked = products.filter((product) =>
      product.options.some((option) => option.linkedTo === "product.metafields.shopify.color-pattern"),
    );
    expect(linked.length).toBeGreaterThanOrEqual(8);
    expect(products.filter((product) => product.giftCard).length).toBe(7);
    for (const label of LABELS) {
      expect(HELD_OUT_PRODUCTS.filter((product) => product.label === label).length, label).toBeGreaterThanOrEqual(15);
    }
  });
});

describe("the second held-out labelled catalog (bench/catalog/held-out-2)", () => {
  const catalogText = readFileSync(HELD_OUT_2_CATALOG.catalogFile, "utf8");
  const labelsText = readFileSync(HELD_OUT_2_CATALOG.labelsFile, "utf8");

  it("is what its hand-written table gives (run `npx tsx bench/catalog/write-labelled-catalog.ts` after editing it)", () => {
    expect(catalogText).toBe(labelledCatalogCsv(HELD_OUT_2_CATALOG));
    expect(labelsText).toBe(labelsCsv(HELD_OUT_2_CATALOG));
  });

  it("is a Shopify product CSV the app's parser reads, with a label for every product and no label without one", () => {
    const products = parseProductCsv(catalogText);
    const [header, ...rows] = parseCsv(labelsText);
    expect(header).toEqual(["handle", "renders_as", "notes"]);
    expect(products.length).toBe(HELD_OUT_2_PRODUCTS.length);
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(rows.map((row) => row[0])).toEqual(products.map((product) => product.handle));
    expect(rows.filter((row) => !LABELS.has(row[1] ?? ""))).toEqual([]);
    // Its handles are its titles' (none set by hand, none made unique with a suffix).
    expect(products.map((product) => product.handle)).toEqual(HELD_OUT_2_PRODUCTS.map((p) => handleFor(p.title)));
  });

  it("covers what its README promises: about 40 % English, six other languages, about half with a category, colour options, gift cards", () => {
    const products = parseProductCsv(catalogText);
    const languages = new Map<string, number>();
    for (const product of HELD_OUT_2_PRODUCTS) languages.set(product.lang, (languages.get(product.lang) ?? 0) + 1);
    expect([...languages.keys()].sort()).toEqual(["de", "en", "es", "fr", "it", "nl", "pt"]);
    const english = (languages.get("en") ?? 0) / HELD_OUT_2_PRODUCTS.length;
    expect(english).toBeGreaterThan(0.35);
    expect(english).toBeLessThan(0.45);
    expect(Math.min(...languages.values())).toBeGreaterThanOrEqual(20);

    const categorized = products.filter((product) => product.category).length / products.length;
    expect(categorized).toBeGreaterThan(0.4);
    expect(categorized).toBeLessThan(0.6);
    const linked = products.filter((product) =>
      product.options.some((option) => option.linkedTo === "product.metafields.shopify.color-pattern"),
    );
    expect(linked.length).toBeGreaterThanOrEqual(8);
    expect(products.filter((product) => product.giftCard).length).toBe(7);
    for (const label of LABELS) {
      expect(HELD_OUT_2_PRODUCTS.filter((product) => product.label === label).length, label).toBeGreaterThanOrEqual(15);
    }
  });
});

describe("the three labelled catalogs", () => {
  it("share no handle, title or vendor", () => {
    const catalogs = CATALOGS.map((catalog) => ({
      name: catalog.name,
      products: parseProductCsv(readFileSync(catalog.catalogFile, "utf8")),
    }));
    expect(catalogs.map((catalog) => catalog.name)).toEqual(["first", "held-out", "held-out-2"]);
    const shared: string[] = [];
    catalogs.forEach((a, i) => {
      for (const b of catalogs.slice(i + 1)) {
        const handles = new Set(a.products.map((product) => product.handle));
        const titles = new Set(a.products.map((product) => product.title.toLowerCase()));
        const vendors = new Set(a.products.map((product) => product.vendor));
        for (const product of b.products) {
          if (handles.has(product.handle)) shared.push(`${a.name}/${b.name} handle ${product.handle}`);
          if (titles.has(product.title.toLowerCase())) shared.push(`${a.name}/${b.name} title ${product.title}`);
          if (vendors.has(product.vendor)) shared.push(`${a.name}/${b.name} vendor ${product.vendor}`);
        }
      }
    });
    expect([...new Set(shared)]).toEqual([]);
  });
});
