import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";

/** `npm run plan:catalog -- <export.csv>`: one decision per product, as the app makes it, as CSV on stdout. */
const run = (file: string) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/plan-catalog.ts", file], { cwd: process.cwd() });

const EXPORT = `Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Variant Price,Image Src,Gift Card,Status
dark-denim-top,Dark Denim Top,,Demo,,,,TRUE,Title,Default Title,40.00,,FALSE,active
black-leather-bag,Black Leather Bag,,Demo,"Apparel & Accessories > Handbags, Wallets & Cases > Handbags",,,TRUE,Title,Default Title,90.00,,FALSE,active
the-palermo,The Palermo,,Demo,,Clothing,,TRUE,Title,Default Title,60.00,,FALSE,active
sommerkleid,Sommerkleid,,Demo,Apparel & Accessories > Clothing > Dresses,Kleider,,TRUE,Title,Default Title,70.00,,FALSE,active
store-credit,Store credit,,Demo,,,,TRUE,Title,Default Title,25.00,,TRUE,active
`;

describe("the catalog check", () => {
  it("prints handle, title, renders_as, decided_by and detail for every product of an export", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plan-catalog-"));
    writeFileSync(join(dir, "products_export.csv"), EXPORT);
    const { stdout } = await run(join(dir, "products_export.csv"));
    const [header, ...rows] = parseCsv(stdout);
    expect(header).toEqual(["handle", "title", "renders_as", "decided_by", "detail"]);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ["dark-denim-top", "Dark Denim Top", "top", "title"],
      ["black-leather-bag", "Black Leather Bag", "skip", "category"],
      ["the-palermo", "The Palermo", "skip", "none"],
      ["sommerkleid", "Sommerkleid", "dress", "category"],
      ["store-credit", "Store credit", "skip", "category"],
    ]);
    expect(rows[1]?.[4]).toBe(
      "A bag, from the product's category in Shopify: Handbags: not clothing, so no model shot is made unless you choose a garment.",
    );
    expect(rows[2]?.[4]).toBe("Nothing says what garment this is: choose one, or leave it out.");
  });

  it("refuses a file that is not a product export, saying why, with exit code 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plan-catalog-"));
    writeFileSync(join(dir, "orders.csv"), "Name,Email\n#1001,a@example.com\n");
    const failure = await run(join(dir, "orders.csv")).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(/is not a Shopify product export: .*Handle/);
  });
});
