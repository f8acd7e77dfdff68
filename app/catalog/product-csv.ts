/**
 * Shopify's product CSV (help.shopify.com, "Using CSV files to import and export products"), read into products as
 * the app's catalog decisions see them. Pure: text in, products out; reading the file is the caller's business.
 *
 * - One product is the rows that share a Handle. Its first row carries Title, Body (HTML), Vendor, Product Category,
 *   Type, Tags, the option names and "Linked To"; each row with an option value, a SKU or a price is a variant; each
 *   row with an Image Src adds an image (rows may be both, or images only).
 * - Both header sets Shopify has written are read: the classic one ("Handle", "Body (HTML)", "Variant Price",
 *   "Image Src"…) and the 2025 one ("URL handle", "Description", "Price", "Product image URL"…). Older exports
 *   without "Product Category" or "OptionN Linked To" are fine; exports from 2022-23 carried the category as
 *   "Standardized Product Type" and the type as "Custom Product Type", and those are read when the newer columns
 *   are absent. "Google Shopping / Google Product Category" is Google's taxonomy, not Shopify's: never read.
 * - The category column holds the category's full name in the admin's language ("Apparel & Accessories > Clothing >
 *   Dresses"), or its id ("aa-1-4"), which Shopify's import also takes. The id is resolved from English names only
 *   (`categoryIdForFullName`); another language leaves it null and keeps the name.
 * - A product without options is written as "Option1 Name: Title / Option1 Value: Default Title"; it has no options
 *   here and its one variant has no selected options.
 */
import { z } from "zod";
import { parseCsv } from "~/lib/csv";
import { categoryIdForFullName, taxonomyIdOf } from "./taxonomy-garments";

export type CatalogProductStatus = "active" | "draft" | "archived" | "unlisted";

export interface CatalogCategory {
  /** As the file writes it: the full name in the admin's language; null when the file gives only the id. */
  fullName: string | null;
  /** `gid://shopify/TaxonomyCategory/…`: the file's id, or the English full name's (or its nearest listed ancestor's). */
  id: string | null;
}

export interface CatalogOption {
  name: string;
  /** "OptionN Linked To": the metafield the option's values come from, e.g. `product.metafields.shopify.color-pattern`. */
  linkedTo: string | null;
  /** In the order the variants first use them. */
  values: string[];
}

export interface CatalogVariant {
  selectedOptions: Array<{ name: string; value: string }>;
  sku: string | null;
  /** A decimal as written ("24.90"), or null. */
  price: string | null;
  /** "Variant Image": the URL or path of the variant's image. */
  imageSrc: string | null;
}

export interface CatalogImage {
  /** A URL as exported, or whatever the file gives (a local path in a hand-made file). */
  src: string;
  position: number | null;
  alt: string | null;
}

export interface CatalogProduct {
  handle: string;
  title: string;
  bodyHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: CatalogProductStatus;
  /** "Published" (on the online store); null when the column is absent or empty. */
  published: boolean | null;
  giftCard: boolean;
  category: CatalogCategory | null;
  options: CatalogOption[];
  variants: CatalogVariant[];
  /** By Image Position, then file order; variant images the rows do not list as product images come last. */
  images: CatalogImage[];
  /** The file's row where the product starts (the header is row 1), for messages. */
  row: number;
}

export class ProductCsvError extends Error {
  override name = "ProductCsvError";
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

// ----- columns ---------------------------------------------------------------------------------------------------

/** Each field's header in the classic export, then in the 2025 one, compared without case. */
const COLUMN_NAMES = {
  handle: ["Handle", "URL handle"],
  title: ["Title"],
  bodyHtml: ["Body (HTML)", "Description"],
  vendor: ["Vendor"],
  category: ["Product Category"],
  standardizedProductType: ["Standardized Product Type"],
  productType: ["Type"],
  customProductType: ["Custom Product Type"],
  tags: ["Tags"],
  published: ["Published", "Published on online store"],
  status: ["Status"],
  giftCard: ["Gift Card"],
  option1Name: ["Option1 Name"],
  option1Value: ["Option1 Value"],
  option1LinkedTo: ["Option1 Linked To"],
  option2Name: ["Option2 Name"],
  option2Value: ["Option2 Value"],
  option2LinkedTo: ["Option2 Linked To"],
  option3Name: ["Option3 Name"],
  option3Value: ["Option3 Value"],
  option3LinkedTo: ["Option3 Linked To"],
  sku: ["Variant SKU", "SKU"],
  price: ["Variant Price", "Price"],
  imageSrc: ["Image Src", "Product image URL"],
  imagePosition: ["Image Position"],
  imageAlt: ["Image Alt Text"],
  variantImage: ["Variant Image", "Variant image URL"],
} as const;

type Field = keyof typeof COLUMN_NAMES;
const OPTION_INDEXES = [1, 2, 3] as const;

const normalizeHeader = (header: string) => header.trim().replace(/\s+/g, " ").toLowerCase();

/** Which column each field is in (absent fields are not in the map). */
function columnsOf(header: readonly string[]): Map<Field, number> {
  const positions = new Map(header.map((name, index) => [normalizeHeader(name), index] as const));
  const columns = new Map<Field, number>();
  for (const [field, names] of Object.entries(COLUMN_NAMES) as Array<[Field, readonly string[]]>) {
    const index = names.map((name) => positions.get(normalizeHeader(name))).find((found) => found !== undefined);
    if (index !== undefined) columns.set(field, index);
  }
  return columns;
}

// ----- cells -----------------------------------------------------------------------------------------------------

const booleanCell = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["", "true", "false"], { error: "expected TRUE or FALSE" }))
  .transform((value) => (value === "" ? null : value === "true"));
const statusCell = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(["", "active", "draft", "archived", "unlisted"], { error: "expected active, draft, archived or unlisted" }),
  )
  // Shopify's import makes a product active when Status is blank.
  .transform((value): CatalogProductStatus => (value === "" ? "active" : value));
const priceCell = z
  .string()
  .trim()
  .regex(/^(\d+(\.\d+)?)?$/, { error: "expected a price such as 24.90" })
  .transform((value) => value || null);
const positionCell = z
  .string()
  .trim()
  .regex(/^(\d+)?$/, { error: "expected a whole number" })
  .transform((value) => (value ? Number(value) : null));

interface Row {
  /** Row number in the file, the header being row 1. */
  number: number;
  cells: readonly string[];
}

class RowReader {
  constructor(
    private readonly columns: Map<Field, number>,
    private readonly header: readonly string[],
    private readonly problems: string[],
  ) {}

  has(field: Field): boolean {
    return this.columns.has(field);
  }

  text(row: Row, field: Field): string {
    const index = this.columns.get(field);
    return index === undefined ? "" : (row.cells[index] ?? "").trim();
  }

  parsed<T>(row: Row, field: Field, schema: z.ZodType<T, string>, fallback: T): T {
    const index = this.columns.get(field);
    if (index === undefined) return fallback;
    const result = schema.safeParse(row.cells[index] ?? "");
    if (result.success) return result.data;
    this.problems.push(
      `row ${row.number}, column "${this.header[index]?.trim()}": ${result.error.issues[0]?.message ?? "not valid"} (found "${row.cells[index]}")`,
    );
    return fallback;
  }
}

// ----- products --------------------------------------------------------------------------------------------------

const DEFAULT_OPTION = { name: "title", value: "default title" };
const PROBLEMS_SHOWN = 10;

/** The products of a Shopify product CSV, in the order the file first names them. */
export function parseProductCsv(text: string): CatalogProduct[] {
  const [header, ...records] = parseCsv(text);
  if (!header || header.every((cell) => cell.trim() === "")) {
    throw new ProductCsvError("The file is empty: a Shopify product CSV starts with a header row (Handle,Title,…).");
  }
  const columns = columnsOf(header);
  const missing = [
    columns.has("handle") ? null : '"Handle" (or "URL handle", as exports since 2025 call it)',
    columns.has("title") ? null : '"Title"',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) {
    throw new ProductCsvError(
      `Not a Shopify product CSV: it has no ${missing.join(" and no ")} column. Its first columns are: ${header
        .slice(0, 6)
        .map((name) => `"${name.trim()}"`)
        .join(", ")}.`,
    );
  }

  const problems: string[] = [];
  const reader = new RowReader(columns, header, problems);
  const rowsByHandle = new Map<string, Row[]>();
  records.forEach((cells, index) => {
    const row: Row = { number: index + 2, cells };
    if (cells.every((cell) => cell.trim() === "")) return; // spreadsheets leave blank lines
    const handle = reader.text(row, "handle") || handleFromTitle(reader.text(row, "title"));
    if (!handle) {
      problems.push(`row ${row.number}: no Handle (and no Title to make one from)`);
      return;
    }
    const rows = rowsByHandle.get(handle);
    if (rows) rows.push(row);
    else rowsByHandle.set(handle, [row]);
  });

  const products = [...rowsByHandle].flatMap(([handle, rows]) => {
    const product = productOf(handle, rows, reader, problems);
    return product ? [product] : [];
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, PROBLEMS_SHOWN).map((problem) => `  - ${problem}`);
    const more = problems.length > PROBLEMS_SHOWN ? [`  … and ${problems.length - PROBLEMS_SHOWN} more`] : [];
    throw new ProductCsvError(
      `The product CSV has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${[...shown, ...more].join("\n")}`,
      problems,
    );
  }
  return products;
}

function productOf(handle: string, rows: Row[], reader: RowReader, problems: string[]): CatalogProduct | null {
  const first = rows.find((row) => reader.text(row, "title") !== "");
  if (!first) {
    problems.push(`row ${rows[0]?.number}: product "${handle}" has no Title on any of its rows`);
    return null;
  }
  const text = (field: Field) => reader.text(first, field);

  const optionSlots = OPTION_INDEXES.map((n) => ({
    name: text(`option${n}Name`),
    linkedTo: text(`option${n}LinkedTo`) || null,
    valueField: `option${n}Value` as const,
  }));
  const isVariantRow = (row: Row) =>
    OPTION_INDEXES.some((n) => reader.text(row, `option${n}Value`) !== "") ||
    reader.text(row, "sku") !== "" ||
    reader.text(row, "price") !== "";

  const options = optionSlots.map((slot) => ({ name: slot.name, linkedTo: slot.linkedTo, values: [] as string[] }));
  const variants: CatalogVariant[] = [];
  for (const row of rows.filter(isVariantRow)) {
    const selectedOptions: CatalogVariant["selectedOptions"] = [];
    optionSlots.forEach((slot, index) => {
      const value = reader.text(row, slot.valueField);
      if (!value) return;
      if (!slot.name) {
        problems.push(`row ${row.number}: Option${index + 1} Value "${value}" but "${handle}" names no such option`);
        return;
      }
      const option = options[index]!;
      if (!option.values.includes(value)) option.values.push(value);
      selectedOptions.push({ name: slot.name, value });
    });
    variants.push({
      selectedOptions,
      sku: reader.text(row, "sku") || null,
      price: reader.parsed(row, "price", priceCell, null),
      imageSrc: reader.text(row, "variantImage") || null,
    });
  }
  const realOptions = options.filter((option) => option.name !== "" && !isDefaultOption(option));
  if (realOptions.length < options.filter((option) => option.name !== "").length) {
    // The "Title: Default Title" stand-in of a product without options.
    for (const variant of variants) {
      variant.selectedOptions = variant.selectedOptions.filter(
        (selected) => selected.name.toLowerCase() !== DEFAULT_OPTION.name,
      );
    }
  }

  return {
    handle,
    title: text("title"),
    bodyHtml: reader.text(first, "bodyHtml"),
    vendor: text("vendor"),
    productType: reader.has("productType") ? text("productType") : text("customProductType"),
    tags: text("tags")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    status: reader.parsed(first, "status", statusCell, "active"),
    published: reader.parsed(first, "published", booleanCell, null),
    giftCard: reader.parsed(first, "giftCard", booleanCell, null) ?? false,
    category: categoryOf(reader.has("category") ? text("category") : text("standardizedProductType")),
    options: realOptions,
    variants,
    images: imagesOf(rows, variants, reader),
    row: rows[0]!.number,
  };
}

function isDefaultOption(option: CatalogOption): boolean {
  return (
    option.name.toLowerCase() === DEFAULT_OPTION.name &&
    option.values.every((value) => value.toLowerCase() === DEFAULT_OPTION.value)
  );
}

function categoryOf(cell: string): CatalogCategory | null {
  if (!cell) return null;
  const id = taxonomyIdOf(cell);
  if (id) return { fullName: null, id: `gid://shopify/TaxonomyCategory/${id}` };
  return { fullName: cell, id: categoryIdForFullName(cell) };
}

function imagesOf(rows: Row[], variants: CatalogVariant[], reader: RowReader): CatalogImage[] {
  const listed = rows.flatMap((row, order) => {
    const src = reader.text(row, "imageSrc");
    if (!src) return [];
    const position = reader.parsed(row, "imagePosition", positionCell, null);
    return [{ src, position, alt: reader.text(row, "imageAlt") || null, order }];
  });
  const images = listed
    .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.order - b.order)
    .filter((image, index, all) => all.findIndex((other) => other.src === image.src) === index)
    .map(({ src, position, alt }) => ({ src, position, alt }));
  // Shopify puts a variant's image among the product's media; a hand-made file may name it only on the variant.
  for (const variant of variants) {
    if (variant.imageSrc && !images.some((image) => image.src === variant.imageSrc)) {
      images.push({ src: variant.imageSrc, position: null, alt: null });
    }
  }
  return images;
}

/** Shopify makes a missing handle from the title: lower case, words joined by hyphens. */
function handleFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The metafield an option is linked to, from "OptionN Linked To" (`product.metafields.shopify.color-pattern`, or
 * `shopify.color-pattern`); null for anything else.
 */
export function linkedMetafieldOf(linkedTo: string | null): { namespace: string; key: string } | null {
  const match = /^(?:product\.metafields\.)?([\w-]+)\.([\w-]+)$/.exec(linkedTo?.trim() ?? "");
  return match?.[1] && match[2] ? { namespace: match[1], key: match[2] } : null;
}
