import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "./fake-admin";
import { runGraphql } from "./requests";

const SHOP = "catalog-data.myshopify.com";

/** A dress with a category and a colour option linked to shopify.color-pattern; a tote without either. */
function seeded() {
  const clock = { now: Date.parse("2026-11-27T10:00:00Z") };
  const fake = createFakeAdminApi({
    now: () => clock.now,
    bulkOperationTimeline: { queuedMs: 0, objectsPerSecond: 1e6 },
  });
  fake.store.addShop({ domain: SHOP });
  const dress = fake.store.addProduct(SHOP, {
    title: "Sommerkleid",
    productType: "Kleider",
    category: {
      id: "gid://shopify/TaxonomyCategory/aa-1-4",
      fullName: "Apparel & Accessories > Clothing > Dresses",
      childrenIds: [],
    },
    images: [{ alt: "Rot" }, { alt: "Blau" }, { alt: "Stoffmuster" }],
    options: [
      {
        name: "Farbe",
        linkedMetafield: { namespace: "shopify", key: "color-pattern" },
        values: [
          { name: "Rot", swatch: { color: "#B3261E" }, linkedMetafieldValue: "gid://shopify/Metaobject/301" },
          { name: "Blau", swatch: { color: "#1F2F56" }, linkedMetafieldValue: "gid://shopify/Metaobject/302" },
          { name: "Blumen", swatch: { imageIndex: 2 }, linkedMetafieldValue: "gid://shopify/Metaobject/303" },
        ],
      },
      { name: "Größe", values: ["S", "M"] },
    ],
    variants: [
      {
        title: "Rot / S",
        selectedOptions: [
          { name: "Farbe", value: "Rot" },
          { name: "Größe", value: "S" },
        ],
        imageIndex: 0,
      },
      {
        title: "Rot / M",
        selectedOptions: [
          { name: "Farbe", value: "Rot" },
          { name: "Größe", value: "M" },
        ],
        imageIndex: 0,
      },
      {
        title: "Blau / S",
        selectedOptions: [
          { name: "Farbe", value: "Blau" },
          { name: "Größe", value: "S" },
        ],
        imageIndex: 1,
      },
    ],
  });
  const tote = fake.store.addProduct(SHOP, {
    title: "Canvas tote",
    variants: [
      { title: "Natural", selectedOptions: [{ name: "Style", value: "Natural" }] },
      { title: "Black label", selectedOptions: [{ name: "Style", value: "Black label" }] },
    ],
  });
  const plain = fake.store.addProduct(SHOP, {
    title: "Gift card",
    giftCard: true,
    category: { id: "gc", fullName: "Gift Cards" },
  });
  return { fake, clock, dress, tote, plain };
}

const PRODUCT = `query Product($id: ID!) {
  product(id: $id) {
    category { id name fullName isLeaf isRoot level parentId ancestorIds childrenIds isArchived }
    options(first: 5) {
      id name position values
      linkedMetafield { namespace key }
      optionValues { id name hasVariants linkedMetafieldValue swatch { color image { id image { url } } } }
    }
  }
}`;

type OptionValue = {
  id: string;
  name: string;
  hasVariants: boolean;
  linkedMetafieldValue: string | null;
  swatch: { color: string | null; image: { id: string; image: { url: string } | null } | null } | null;
};
type ProductData = {
  product: {
    category: Record<string, unknown> | null;
    options: Array<{
      id: string;
      name: string;
      position: number;
      values: string[];
      linkedMetafield: { namespace: string; key: string } | null;
      optionValues: OptionValue[];
    }>;
  };
};

describe("the fake Admin API serves a product's taxonomy category and its options as Shopify's schema has them", () => {
  it("answers Product.category with the fields a TaxonomyCategory has, derived from its id and full name", async () => {
    const { fake, dress } = seeded();
    const { status, body } = await runGraphql<ProductData>(fake, SHOP, PRODUCT, { id: dress.id });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.product.category).toEqual({
      id: "gid://shopify/TaxonomyCategory/aa-1-4",
      name: "Dresses",
      fullName: "Apparel & Accessories > Clothing > Dresses",
      isLeaf: true,
      isRoot: false,
      level: 3,
      parentId: "gid://shopify/TaxonomyCategory/aa-1",
      ancestorIds: ["gid://shopify/TaxonomyCategory/aa-1", "gid://shopify/TaxonomyCategory/aa"],
      childrenIds: [],
      isArchived: false,
    });
  });

  it("answers the options with their linked metafield, values in use, and each value's swatch and metaobject", async () => {
    const { fake, dress } = seeded();
    const { body } = await runGraphql<ProductData>(fake, SHOP, PRODUCT, { id: dress.id });
    expect(body.errors).toBeUndefined();
    const [colour, size] = body.data!.product.options;
    expect(colour).toMatchObject({
      name: "Farbe",
      position: 1,
      linkedMetafield: { namespace: "shopify", key: "color-pattern" },
      // `values` are those some variant uses; `optionValues` all of them.
      values: ["Rot", "Blau"],
    });
    expect(colour!.id).toMatch(/^gid:\/\/shopify\/ProductOption\/\d+$/);
    expect(
      colour!.optionValues.map((v) => [v.name, v.hasVariants, v.linkedMetafieldValue, v.swatch?.color ?? null]),
    ).toEqual([
      ["Rot", true, "gid://shopify/Metaobject/301", "#B3261E"],
      ["Blau", true, "gid://shopify/Metaobject/302", "#1F2F56"],
      ["Blumen", false, "gid://shopify/Metaobject/303", null],
    ]);
    // An image swatch is the MediaImage it names, with its URL.
    const pattern = colour!.optionValues[2]!.swatch!.image!;
    expect(pattern.id).toBe(dress.mediaIds[2]);
    expect(pattern.image?.url).toMatch(/sommerkleid-3\.png/);
    expect(size).toMatchObject({ name: "Größe", position: 2, linkedMetafield: null, values: ["S", "M"] });
    expect(size!.optionValues.every((v) => v.swatch === null && v.linkedMetafieldValue === null)).toBe(true);
  });

  it("derives the options from the variants when a seed gives none, as Shopify does, and truncates to first", async () => {
    const { fake, tote, plain } = seeded();
    const tote_ = await runGraphql<ProductData>(fake, SHOP, PRODUCT, { id: tote.id });
    expect(tote_.body.data!.product.category).toBeNull();
    expect(tote_.body.data!.product.options.map((o) => [o.name, o.values, o.linkedMetafield])).toEqual([
      ["Style", ["Natural", "Black label"], null],
    ]);
    // A product without options has Shopify's "Title" option with its "Default Title" value.
    const { body } = await runGraphql<{ product: { options: Array<{ name: string; values: string[] }> } }>(
      fake,
      SHOP,
      `query ($id: ID!) { product(id: $id) { isGiftCard options(first: 0) { name } all: options { name values } } }`,
      { id: plain.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.product).toEqual({
      isGiftCard: true,
      options: [],
      all: [{ name: "Title", values: ["Default Title"] }],
    });
  });

  it("refuses childrenIds and isLeaf of a category seeded without its children, rather than inventing them", async () => {
    const { fake, plain } = seeded();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `query ($id: ID!) { product(id: $id) { category { name isRoot level isLeaf } } }`,
      {
        id: plain.id,
      },
    );
    expect(body.errors?.[0]?.message).toMatch(
      /fake-admin does not implement TaxonomyCategory\.isLeaf of gid:\/\/shopify\/TaxonomyCategory\/gc/,
    );
    const named = await runGraphql(
      fake,
      SHOP,
      `query ($id: ID!) { product(id: $id) { category { name isRoot level parentId } } }`,
      {
        id: plain.id,
      },
    );
    expect(named.body.data).toEqual({
      product: { category: { name: "Gift Cards", isRoot: true, level: 1, parentId: null } },
    });
  });

  it("refuses seeds that contradict themselves: a variant choosing a value the options lack, a bad colour, a name of the wrong depth", () => {
    const { fake } = seeded();
    expect(() =>
      fake.store.addProduct(SHOP, {
        title: "Odd",
        options: [{ name: "Color", values: ["Red"] }],
        variants: [{ title: "Blue", selectedOptions: [{ name: "Color", value: "Blue" }] }],
      }),
    ).toThrow(/has no option value Color: Blue/);
    expect(() =>
      fake.store.addProduct(SHOP, {
        title: "Odd",
        options: [{ name: "Color", values: [{ name: "Red", swatch: { color: "red" } }] }],
      }),
    ).toThrow(/not #RRGGBB/);
    expect(() =>
      fake.store.addProduct(SHOP, {
        title: "Odd",
        category: { id: "aa-1-4", fullName: "Apparel & Accessories > Dresses" },
      }),
    ).toThrow(/has 2 levels but aa-1-4 has 3/);
  });

  it("includes the category and the options, swatches and all, in a bulk query's JSONL when the query asks for them", async () => {
    const { fake, clock, dress } = seeded();
    const query = `{
      products {
        edges { node {
          id title
          category { id fullName }
          options { name linkedMetafield { namespace key } optionValues { name linkedMetafieldValue swatch { color } } }
        } }
      }
    }`;
    const run = await runGraphql<{
      bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: unknown[] };
    }>(
      fake,
      SHOP,
      `mutation ($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id } userErrors { message } } }`,
      { query },
    );
    expect(run.body.data!.bulkOperationRunQuery.userErrors).toEqual([]);
    clock.now += 1_000;
    const status = await runGraphql<{ node: { status: string; url: string } }>(
      fake,
      SHOP,
      `query ($id: ID!) { node(id: $id) { ... on BulkOperation { status url } } }`,
      { id: run.body.data!.bulkOperationRunQuery.bulkOperation!.id },
    );
    expect(status.body.data!.node.status).toBe("COMPLETED");
    const lines = (await (await fake.handle(new Request(status.body.data!.node.url))).text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = lines.find((l) => l.id === dress.id)!;
    expect(line.category).toEqual({
      id: "gid://shopify/TaxonomyCategory/aa-1-4",
      fullName: "Apparel & Accessories > Clothing > Dresses",
    });
    expect(line.options).toEqual([
      {
        name: "Farbe",
        linkedMetafield: { namespace: "shopify", key: "color-pattern" },
        optionValues: [
          { name: "Rot", linkedMetafieldValue: "gid://shopify/Metaobject/301", swatch: { color: "#B3261E" } },
          { name: "Blau", linkedMetafieldValue: "gid://shopify/Metaobject/302", swatch: { color: "#1F2F56" } },
          { name: "Blumen", linkedMetafieldValue: "gid://shopify/Metaobject/303", swatch: { color: null } },
        ],
      },
      {
        name: "Größe",
        linkedMetafield: null,
        optionValues: [
          { name: "S", linkedMetafieldValue: null, swatch: null },
          { name: "M", linkedMetafieldValue: null, swatch: null },
        ],
      },
    ]);
    // Options are a list on the product's line, not objects of their own.
    expect(lines).toHaveLength(3);
  });
});
