/**
 * `npx tsx bench/catalog/write-labelled-catalog.ts` writes the three labelled catalogs, each as
 * `labelled-catalog.csv` (a Shopify product CSV export in the classic format) and `labels.csv` from its hand-written
 * table: the first catalog (`labelled-products.ts`, beside this file), the held-out one
 * (`held-out/labelled-products.ts`) and the second held-out one (`held-out-2/labelled-products.ts`). The output is
 * the same every time (no clock, no randomness), so the committed files only change when a table does;
 * test/bench/labelled-catalog.test.ts checks they are in step.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatCsvRecord } from "~/lib/csv";
import { HELD_OUT_PRODUCTS } from "./held-out/labelled-products";
import { HELD_OUT_2_PRODUCTS } from "./held-out-2/labelled-products";
import { LABELLED_PRODUCTS, type Language, type LabelledProduct } from "./labelled-products";

export const CATALOG_HEADER = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Product Category",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option1 Linked To",
  "Option2 Name",
  "Option2 Value",
  "Option2 Linked To",
  "Option3 Name",
  "Option3 Value",
  "Option3 Linked To",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Tracker",
  "Variant Inventory Policy",
  "Variant Fulfillment Service",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Requires Shipping",
  "Variant Taxable",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "SEO Title",
  "SEO Description",
  "Google Shopping / Google Product Category",
  "Variant Image",
  "Variant Weight Unit",
  "Cost per item",
  "Status",
] as const;
type Column = (typeof CATALOG_HEADER)[number];

const SIZE_OPTION: Record<Language, string> = {
  en: "Size",
  de: "Größe",
  fr: "Taille",
  es: "Talla",
  it: "Taglia",
  nl: "Maat",
  pt: "Tamanho",
};
const COLOR_PATTERN = "product.metafields.shopify.color-pattern";

/** One labelled catalog: its table, what the writer fills in that the table does not say, and where it is written. */
export interface LabelledCatalog {
  name: string;
  products: readonly LabelledProduct[];
  /** The vendor of a product that names none, by the language of its title. */
  vendors: Record<Language, string>;
  /** Where its (made-up) image URLs live. */
  cdn: string;
  /** A product's sizes when the table gives none. */
  defaultSizes: (product: LabelledProduct) => string[];
  catalogFile: string;
  labelsFile: string;
}

/** The first catalog (bench/catalog/README.md); the decision rules were tuned on it. */
export const FIRST_CATALOG: LabelledCatalog = {
  name: "first",
  products: LABELLED_PRODUCTS,
  vendors: {
    en: "Harbour & Pine",
    de: "Atelier Nord",
    fr: "Maison Lumière",
    es: "Casa Sol",
    it: "Sartoria Blu",
    nl: "Studio Noord",
    pt: "Ateliê Brisa",
  },
  cdn: "https://cdn.shopify.com/s/files/1/0712/3456/7890/files",
  defaultSizes: (product) => (product.label === "skip" ? [] : ["S", "M", "L"]),
  catalogFile: fileURLToPath(new URL("./labelled-catalog.csv", import.meta.url)),
  labelsFile: fileURLToPath(new URL("./labels.csv", import.meta.url)),
};

/**
 * The held-out catalog (bench/catalog/held-out/README.md), written after the rules were fixed. Its sizes never
 * depend on the label: the table gives `sizes: []` wherever a product has none.
 */
export const HELD_OUT_CATALOG: LabelledCatalog = {
  name: "held-out",
  products: HELD_OUT_PRODUCTS,
  vendors: {
    en: "Tidewater Supply Co.",
    de: "Kontor Elf",
    fr: "Atelier Garonne",
    es: "Tienda Olivar",
    it: "Bottega Lario",
    nl: "Huis aan de Vecht",
    pt: "Loja Maré",
  },
  cdn: "https://cdn.shopify.com/s/files/1/0598/2741/3355/files",
  defaultSizes: () => ["S", "M", "L", "XL"],
  catalogFile: fileURLToPath(new URL("./held-out/labelled-catalog.csv", import.meta.url)),
  labelsFile: fileURLToPath(new URL("./held-out/labels.csv", import.meta.url)),
};

/**
 * The second held-out catalog (bench/catalog/held-out-2/README.md), written after the rules had been tuned on both
 * catalogs above. As in the held-out one, its sizes never depend on the label.
 */
export const HELD_OUT_2_CATALOG: LabelledCatalog = {
  name: "held-out-2",
  products: HELD_OUT_2_PRODUCTS,
  vendors: {
    en: "Copperline Goods",
    de: "Werkhof Südstadt",
    fr: "Comptoir Belleville",
    es: "Almacenes Alameda",
    it: "Merceria Navigli",
    nl: "Warenhuis De Kade",
    pt: "Armazém Ribeira",
  },
  cdn: "https://cdn.shopify.com/s/files/1/0833/5120/4471/files",
  defaultSizes: () => ["XS", "S", "M", "L", "XL"],
  catalogFile: fileURLToPath(new URL("./held-out-2/labelled-catalog.csv", import.meta.url)),
  labelsFile: fileURLToPath(new URL("./held-out-2/labels.csv", import.meta.url)),
};

export const CATALOGS: readonly LabelledCatalog[] = [FIRST_CATALOG, HELD_OUT_CATALOG, HELD_OUT_2_CATALOG];

/** Shopify's handle for a title: ASCII, lower case, words joined by hyphens. */
export function handleFor(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const slug = handleFor;

interface Option {
  name: string;
  values: string[];
  linkedTo: string;
}

function optionsOf(product: LabelledProduct, catalog: LabelledCatalog): Option[] {
  const options: Option[] = [];
  if (product.colour) {
    options.push({
      name: product.colour.name,
      values: product.colour.values,
      linkedTo: product.colour.linked ? COLOR_PATTERN : "",
    });
  }
  if (product.other) options.push({ ...product.other, linkedTo: "" });
  const sizes = product.sizes ?? catalog.defaultSizes(product);
  if (sizes.length > 0) options.push({ name: SIZE_OPTION[product.lang], values: sizes, linkedTo: "" });
  return options;
}

/** Every combination of the options' values, first option slowest, as Shopify lists variants. */
function combinations(options: Option[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])),
    [[]],
  );
}

function bodyOf(product: LabelledProduct, index: number): string {
  if (product.body) return product.body;
  // Every fifth description spans lines and holds commas and quotes, as exported HTML does.
  return index % 5 === 0
    ? `<p>${product.title}.</p>\n<ul>\n<li>Ref. "${slug(product.title).toUpperCase()}"</li>\n<li>Made in small batches, numbered, packed by hand</li>\n</ul>`
    : `<p>${product.title}.</p>`;
}

/** The CSV rows of one product: one per variant, then image-only rows for images beyond the variants. */
function rowsOf(
  catalog: LabelledCatalog,
  product: LabelledProduct,
  index: number,
  handle: string,
): Array<Partial<Record<Column, string>>> {
  const options = optionsOf(product, catalog);
  const variants = options.length > 0 ? combinations(options) : [["Default Title"]];
  const optionNames = options.length > 0 ? options.map((o) => o.name) : ["Title"];
  const colourValues = product.colour?.values ?? [];
  const images = [
    ...(colourValues.length > 0
      ? colourValues.map((colour) => ({
          src: `${catalog.cdn}/${handle}-${slug(colour)}.jpg`,
          alt: `${product.title} – ${colour}`,
        }))
      : [{ src: `${catalog.cdn}/${handle}-front.jpg`, alt: product.title }]),
    ...(product.back ? [{ src: `${catalog.cdn}/${handle}-back.jpg`, alt: `${product.title}, back` }] : []),
  ];
  const price = (19 + ((index * 7) % 180)).toFixed(2);
  const rows = variants.map((values, variantIndex) => {
    const row: Partial<Record<Column, string>> = {
      Handle: handle,
      "Option1 Value": values[0] ?? "",
      "Option2 Value": values[1] ?? "",
      "Option3 Value": values[2] ?? "",
      "Variant SKU": `${handle.slice(0, 12).toUpperCase()}-${String(variantIndex + 1).padStart(2, "0")}`,
      "Variant Grams": product.giftCard ? "0" : String(150 + ((index * 37) % 900)),
      "Variant Inventory Tracker": product.giftCard ? "" : "shopify",
      "Variant Inventory Policy": "deny",
      "Variant Fulfillment Service": "manual",
      "Variant Price": product.giftCard ? giftCardPrice(values[0]) : price,
      "Variant Requires Shipping": product.giftCard ? "FALSE" : "TRUE",
      "Variant Taxable": product.giftCard ? "FALSE" : "TRUE",
      "Variant Weight Unit": "g",
    };
    const colourIndex = product.colour ? colourValues.indexOf(values[0] ?? "") : -1;
    if (colourIndex >= 0) row["Variant Image"] = images[colourIndex]?.src ?? "";
    return row;
  });
  // The first row carries the product's own columns.
  Object.assign(rows[0]!, {
    Title: product.title,
    "Body (HTML)": bodyOf(product, index),
    Vendor: product.vendor ?? catalog.vendors[product.lang],
    "Product Category": product.category ?? "",
    Type: product.type,
    Tags: product.tags ?? "",
    Published: "TRUE",
    "Gift Card": product.giftCard ? "TRUE" : "FALSE",
    "Google Shopping / Google Product Category": product.google ?? "",
    Status: product.status ?? "active",
  } satisfies Partial<Record<Column, string>>);
  optionNames.forEach((name, n) => {
    rows[0]![`Option${n + 1} Name` as Column] = name;
    rows[0]![`Option${n + 1} Linked To` as Column] = options[n]?.linkedTo ?? "";
  });
  images.forEach((image, position) => {
    const row = rows[position] ?? (rows[position] = { Handle: handle });
    row["Image Src"] = image.src;
    row["Image Position"] = String(position + 1);
    row["Image Alt Text"] = image.alt;
  });
  return rows;
}

/** A gift card's price is its denomination ("$50" → 50.00); one without denominations is 50.00. */
function giftCardPrice(denomination: string | undefined): string {
  const amount = Number(denomination?.replace(/[^0-9.]/g, ""));
  return (amount > 0 ? amount : 50).toFixed(2);
}

/** Handles made from titles, made unique as Shopify does (`-1`, `-2`…). */
function handlesOf(products: readonly LabelledProduct[]): string[] {
  const taken = new Set<string>();
  return products.map((product) => {
    const wanted = product.handle ?? handleFor(product.title);
    let handle = wanted;
    for (let n = 1; taken.has(handle); n++) handle = `${wanted}-${n}`;
    taken.add(handle);
    return handle;
  });
}

export function labelledCatalogCsv(catalog: LabelledCatalog = FIRST_CATALOG): string {
  const { products } = catalog;
  const handles = handlesOf(products);
  const lines = [formatCsvRecord(CATALOG_HEADER)];
  products.forEach((product, index) => {
    for (const row of rowsOf(catalog, product, index, handles[index]!)) {
      lines.push(formatCsvRecord(CATALOG_HEADER.map((column) => row[column] ?? "")));
    }
  });
  return `${lines.join("\r\n")}\r\n`;
}

export function labelsCsv({ products }: LabelledCatalog = FIRST_CATALOG): string {
  const handles = handlesOf(products);
  const lines = [
    formatCsvRecord(["handle", "renders_as", "notes"]),
    ...products.map((product, index) => formatCsvRecord([handles[index]!, product.label, product.notes ?? ""])),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export const CATALOG_FILE = FIRST_CATALOG.catalogFile;
export const LABELS_FILE = FIRST_CATALOG.labelsFile;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const catalog of CATALOGS) {
    writeFileSync(catalog.catalogFile, labelledCatalogCsv(catalog));
    writeFileSync(catalog.labelsFile, labelsCsv(catalog));
    console.log(
      `${catalog.name}: wrote ${catalog.products.length} products to ${catalog.catalogFile} and their labels to ${catalog.labelsFile}.`,
    );
  }
}
