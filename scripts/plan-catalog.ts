/**
 * What the app would render of a catalog, before installing it: reads a Shopify product CSV export and prints one
 * CSV row per product, `handle,title,renders_as,decided_by,detail`, decided by the code every render path uses.
 *
 *   npm run plan:catalog -- products_export.csv [> decisions.csv]
 */
import { readFileSync } from "node:fs";
import { checkRowFields, checkRowOf, CATALOG_CHECK_COLUMNS } from "../app/catalog/catalog-check";
import { parseProductCsv, ProductCsvError } from "../app/catalog/product-csv";
import { CsvSyntaxError, formatCsvRecord } from "../app/lib/csv";
import { createI18n } from "../app/i18n/i18n-instance";
import { translateText } from "../app/i18n/translate-message";
import messages from "../app/i18n/locales/en/messages.json";

// The decisions' words in English (the app's messages file), for support engineers reading the CSV.
const english = createI18n("en", { messages });
const inEnglish = (text: string) => translateText(english.t, text, "en");

const path = process.argv[2];
if (!path) {
  console.error("usage: npm run plan:catalog -- <products_export.csv>");
  process.exit(2);
}

let text: string;
try {
  text = readFileSync(path, "utf8");
} catch (error) {
  console.error(`Cannot read ${path}: ${(error as Error).message}`);
  process.exit(2);
}

try {
  const products = parseProductCsv(text);
  const lines = [
    formatCsvRecord([...CATALOG_CHECK_COLUMNS]),
    ...products.map((product) => {
      const row = checkRowOf(product);
      return formatCsvRecord(checkRowFields({ ...row, detail: inEnglish(row.detail) }));
    }),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} catch (error) {
  if (error instanceof ProductCsvError) {
    const why = error.problems.length > 0 ? error.problems.join("; ") : error.message;
    console.error(`${path} is not a Shopify product export: ${why}`);
    process.exit(2);
  }
  if (error instanceof CsvSyntaxError) {
    console.error(`${path} is not readable CSV: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
