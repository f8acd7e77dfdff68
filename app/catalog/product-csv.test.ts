import { describe, expect, it } from "vitest";
import { linkedMetafieldOf, parseProductCsv, ProductCsvError } from "./product-csv";

/** The classic export's header, as Shopify writes it (a subset of its columns, in its order). */
const CLASSIC_HEADER = [
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
  "Variant Price",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "Gift Card",
  "Variant Image",
  "Google Shopping / Google Product Category",
  "Status",
].join(",");

/** A row of the classic header from its non-empty cells. */
function row(cells: Partial<Record<string, string>>): string {
  return CLASSIC_HEADER.split(",")
    .map((name) => {
      const value = cells[name] ?? "";
      return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(",");
}

const csv = (...rows: string[]) => `\uFEFF${[CLASSIC_HEADER, ...rows].join("\r\n")}\r\n`;

const DRESS = "Apparel & Accessories > Clothing > Dresses";

describe("reading a Shopify product CSV export", () => {
  it("groups the rows of a handle into one product: variants, image rows, a linked colour option", () => {
    const products = parseProductCsv(
      csv(
        row({
          Handle: "wrap-dress",
          Title: "Wrap dress, terracotta",
          "Body (HTML)": '<p>Floaty wrap dress.</p>\r\n<p>Model wears "S".</p>',
          Vendor: "Atelier Nord",
          "Product Category": DRESS,
          Type: "Dresses",
          Tags: "summer, occasion,  linen",
          Published: "TRUE",
          "Option1 Name": "Color",
          "Option1 Value": "Terracotta",
          "Option1 Linked To": "product.metafields.shopify.color-pattern",
          "Option2 Name": "Size",
          "Option2 Value": "S",
          "Variant SKU": "WD-TER-S",
          "Variant Price": "89.00",
          "Image Src": "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg",
          "Image Position": "1",
          "Image Alt Text": "Wrap dress, front",
          "Gift Card": "FALSE",
          "Variant Image": "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg",
          "Google Shopping / Google Product Category": "Apparel & Accessories > Clothing > Skirts",
          Status: "active",
        }),
        row({
          Handle: "wrap-dress",
          "Option1 Value": "Terracotta",
          "Option2 Value": "M",
          "Variant SKU": "WD-TER-M",
          "Variant Price": "89.00",
          "Image Src": "https://cdn.shopify.com/s/files/1/0001/wrap-back.jpg",
          "Image Position": "2",
          "Image Alt Text": "Wrap dress, back",
          "Variant Image": "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg",
        }),
        row({
          Handle: "wrap-dress",
          "Option1 Value": "Sage",
          "Option2 Value": "S",
          "Variant SKU": "WD-SAG-S",
          "Variant Price": "92.50",
          "Variant Image": "https://cdn.shopify.com/s/files/1/0001/wrap-sage.jpg",
        }),
        // An image-only row: no option value, SKU or price.
        row({
          Handle: "wrap-dress",
          "Image Src": "https://cdn.shopify.com/s/files/1/0001/wrap-sage.jpg",
          "Image Position": "3",
        }),
      ),
    );
    expect(products).toHaveLength(1);
    expect(products[0]).toEqual({
      handle: "wrap-dress",
      title: "Wrap dress, terracotta",
      bodyHtml: '<p>Floaty wrap dress.</p>\r\n<p>Model wears "S".</p>',
      vendor: "Atelier Nord",
      productType: "Dresses",
      tags: ["summer", "occasion", "linen"],
      status: "active",
      published: true,
      giftCard: false,
      category: { fullName: DRESS, id: "gid://shopify/TaxonomyCategory/aa-1-4" },
      options: [
        { name: "Color", linkedTo: "product.metafields.shopify.color-pattern", values: ["Terracotta", "Sage"] },
        { name: "Size", linkedTo: null, values: ["S", "M"] },
      ],
      variants: [
        {
          selectedOptions: [
            { name: "Color", value: "Terracotta" },
            { name: "Size", value: "S" },
          ],
          sku: "WD-TER-S",
          price: "89.00",
          imageSrc: "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg",
        },
        {
          selectedOptions: [
            { name: "Color", value: "Terracotta" },
            { name: "Size", value: "M" },
          ],
          sku: "WD-TER-M",
          price: "89.00",
          imageSrc: "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg",
        },
        {
          selectedOptions: [
            { name: "Color", value: "Sage" },
            { name: "Size", value: "S" },
          ],
          sku: "WD-SAG-S",
          price: "92.50",
          imageSrc: "https://cdn.shopify.com/s/files/1/0001/wrap-sage.jpg",
        },
      ],
      images: [
        { src: "https://cdn.shopify.com/s/files/1/0001/wrap-front.jpg", position: 1, alt: "Wrap dress, front" },
        { src: "https://cdn.shopify.com/s/files/1/0001/wrap-back.jpg", position: 2, alt: "Wrap dress, back" },
        { src: "https://cdn.shopify.com/s/files/1/0001/wrap-sage.jpg", position: 3, alt: null },
      ],
      row: 2,
    });
  });

  it("reads a gift card and a product without options (Title: Default Title) in the same file", () => {
    const products = parseProductCsv(
      csv(
        row({
          Handle: "gift-card",
          Title: "Gift card",
          "Product Category": "Gift Cards",
          "Option1 Name": "Denominations",
          "Option1 Value": "€25",
          "Variant Price": "25.00",
          "Gift Card": "TRUE",
          Status: "active",
        }),
        row({ Handle: "gift-card", "Option1 Value": "€50", "Variant Price": "50.00" }),
        row({
          Handle: "canvas-tote",
          Title: "Canvas tote",
          Type: "Bags",
          "Option1 Name": "Title",
          "Option1 Value": "Default Title",
          "Variant Price": "19.00",
          "Gift Card": "FALSE",
          Status: "draft",
        }),
      ),
    );
    expect(products.map((p) => [p.handle, p.giftCard, p.status])).toEqual([
      ["gift-card", true, "active"],
      ["canvas-tote", false, "draft"],
    ]);
    expect(products[0]?.options).toEqual([{ name: "Denominations", linkedTo: null, values: ["€25", "€50"] }]);
    expect(products[0]?.category).toEqual({ fullName: "Gift Cards", id: "gid://shopify/TaxonomyCategory/gc" });
    expect(products[1]?.options).toEqual([]);
    expect(products[1]?.variants).toEqual([{ selectedOptions: [], sku: null, price: "19.00", imageSrc: null }]);
    expect(products[1]?.category).toBeNull();
  });

  it("resolves the category id from the English full name or the nearest listed ancestor, keeps other languages' names, and takes a bare id", () => {
    const categories = parseProductCsv(
      csv(
        row({
          Handle: "a",
          Title: "A",
          "Product Category": "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts",
        }),
        row({ Handle: "b", Title: "B", "Product Category": "Bekleidung & Accessoires > Bekleidung > Kleider" }),
        row({ Handle: "c", Title: "C", "Product Category": "aa-1-13-8" }),
      ),
    ).map((product) => product.category);
    expect(categories[0]?.id).toMatch(/^gid:\/\/shopify\/TaxonomyCategory\/aa-1-13(-8)?$/);
    expect(categories[1]).toEqual({ fullName: "Bekleidung & Accessoires > Bekleidung > Kleider", id: null });
    expect(categories[2]).toEqual({ fullName: null, id: "gid://shopify/TaxonomyCategory/aa-1-13-8" });
  });

  it("never takes the Google Shopping category for Shopify's", () => {
    const [product] = parseProductCsv(
      csv(
        row({
          Handle: "tee",
          Title: "Tee",
          "Google Shopping / Google Product Category": "Apparel & Accessories > Clothing > Dresses",
        }),
      ),
    );
    expect(product?.category).toBeNull();
  });

  it("reads an older export without Product Category and Linked To columns, and LF line ends", () => {
    const text = [
      "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text,Gift Card",
      "oxford-shirt,Oxford shirt,<p>Cotton.</p>,Nord,Shirts,,true,Colour,White,OX-W,55,https://example.com/ox.jpg,1,,false",
      "oxford-shirt,,,,,,,,Blue,OX-B,55,,,,",
    ].join("\n");
    const [product] = parseProductCsv(text);
    expect(product).toMatchObject({
      handle: "oxford-shirt",
      category: null,
      options: [{ name: "Colour", linkedTo: null, values: ["White", "Blue"] }],
      images: [{ src: "https://example.com/ox.jpg", position: 1, alt: null }],
    });
    expect(product?.variants).toHaveLength(2);
  });

  it("reads the 2022-23 export's Standardized Product Type and Custom Product Type when the newer columns are absent", () => {
    const [product] = parseProductCsv(
      ["Handle,Title,Standardized Product Type,Custom Product Type", `slip,Slip,${DRESS},Dresses`].join("\n"),
    );
    expect(product).toMatchObject({
      productType: "Dresses",
      category: { fullName: DRESS, id: "gid://shopify/TaxonomyCategory/aa-1-4" },
    });
  });

  it("reads the 2025 export's header names (URL handle, Description, Price, Product image URL…)", () => {
    const text = [
      "Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Option1 name,Option1 value,Option1 Linked To,Price,Product image URL,Image position,Image alt text,Variant image URL,Gift card",
      `Blusa de seda,blusa-de-seda,<p>Seda.</p>,Casa Sol,Apparel & Accessories > Clothing > Clothing Tops > Blouses,Blusas,verano,TRUE,Active,BS-1,Color,Marfil,product.metafields.shopify.color-pattern,49.90,https://example.com/blusa.jpg,1,Blusa,,FALSE`,
    ].join("\r\n");
    const [product] = parseProductCsv(text);
    expect(product).toMatchObject({
      handle: "blusa-de-seda",
      title: "Blusa de seda",
      bodyHtml: "<p>Seda.</p>",
      productType: "Blusas",
      status: "active",
      published: true,
      category: { fullName: "Apparel & Accessories > Clothing > Clothing Tops > Blouses" },
      options: [{ name: "Color", linkedTo: "product.metafields.shopify.color-pattern", values: ["Marfil"] }],
      variants: [{ sku: "BS-1", price: "49.90" }],
      images: [{ src: "https://example.com/blusa.jpg", position: 1, alt: "Blusa" }],
    });
  });

  it("makes a missing handle from the title, and skips blank lines", () => {
    const products = parseProductCsv(["Handle,Title", ",Chemise en lin", ",,", "", "x,X"].join("\n"));
    expect(products.map((p) => p.handle)).toEqual(["chemise-en-lin", "x"]);
  });

  it("refuses a file without Handle or Title columns, saying which", () => {
    expect(() => parseProductCsv("Name,Price\nTee,10\n")).toThrow(ProductCsvError);
    expect(() => parseProductCsv("Name,Price\nTee,10\n")).toThrow(
      /Not a Shopify product CSV: it has no "Handle" \(or "URL handle", as exports since 2025 call it\) and no "Title" column/,
    );
    expect(() => parseProductCsv("Handle,Price\nt,10\n")).toThrow(/it has no "Title" column/);
    expect(() => parseProductCsv("")).toThrow(/The file is empty/);
  });

  it("lists every bad cell with its row and column, and a product without a title", () => {
    let error: unknown;
    try {
      parseProductCsv(
        csv(
          row({ Handle: "a", Title: "A", "Variant Price": "12,50", "Gift Card": "yes" }),
          row({ Handle: "b", "Option1 Value": "Red" }),
        ),
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProductCsvError);
    expect((error as ProductCsvError).problems).toEqual([
      'row 2, column "Variant Price": expected a price such as 24.90 (found "12,50")',
      'row 2, column "Gift Card": expected TRUE or FALSE (found "yes")',
      'row 3: product "b" has no Title on any of its rows',
    ]);
  });

  it("names the option a metafield-linked option comes from", () => {
    expect(linkedMetafieldOf("product.metafields.shopify.color-pattern")).toEqual({
      namespace: "shopify",
      key: "color-pattern",
    });
    expect(linkedMetafieldOf("shopify.fabric")).toEqual({ namespace: "shopify", key: "fabric" });
    expect(linkedMetafieldOf(null)).toBeNull();
    expect(linkedMetafieldOf("Colour")).toBeNull();
  });
});
