import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createFakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import { runGraphql } from "../fakes/shopify-admin/requests";
import {
  DEMO_COLLECTIONS,
  DEMO_PRODUCTS,
  DEMO_SHOP,
  seedDemoStore,
  WHOLE_CATALOG,
  type SeededDemoStore,
} from "./demo-store";

const CACHE = fileURLToPath(new URL("../.cache/sandbox-images", import.meta.url));
const MIXED = [
  "sommerkleid",
  "blusaDeSeda",
  "chemiseEnLin",
  "leatherTote",
  "canvasHighTops",
  "pearlNecklace",
  "giftCardVoucher",
];

describe("the demo store", () => {
  const fake = createFakeAdminApi();
  let demo: SeededDemoStore;
  beforeAll(async () => {
    demo = await seedDemoStore(fake, { cacheDir: CACHE });
  }, 120_000);

  it("gives most products their taxonomy category, with real ids and English full names", () => {
    const products = Object.values(demo.products).map((id) => fake.store.product(DEMO_SHOP, id)!);
    const categorized = products.filter((product) => product.category);
    expect(categorized.length / products.length).toBeGreaterThan(0.75);
    const byTitle = Object.fromEntries(products.map((p) => [p.title, p.category && [p.category.id, p.category.name]]));
    expect(byTitle).toMatchObject({
      "Wrap midi dress": ["gid://shopify/TaxonomyCategory/aa-1-4", "Dresses"],
      "Breton striped tee": ["gid://shopify/TaxonomyCategory/aa-1-13-8", "T-Shirts"],
      "Straight jeans": ["gid://shopify/TaxonomyCategory/aa-1-12-4", "Jeans"],
      "Leather tote bag": ["gid://shopify/TaxonomyCategory/aa-5-4", "Handbags"],
      "Canvas high tops": ["gid://shopify/TaxonomyCategory/aa-8-8", "Sneakers"],
      "Pearl pendant necklace": ["gid://shopify/TaxonomyCategory/aa-6-8", "Necklaces"],
      "Gift card": ["gid://shopify/TaxonomyCategory/gc", "Gift Cards"],
      "Chemise en lin": null,
    });
    expect(fake.store.product(DEMO_SHOP, demo.products.giftCardVoucher)?.isGiftCard).toBe(true);
  });

  it("links the colour product's colour option to shopify.color-pattern, each value a swatch", async () => {
    type Data = {
      product: {
        options: Array<{
          name: string;
          linkedMetafield: { namespace: string; key: string } | null;
          optionValues: Array<{ name: string; swatch: { color: string } | null; linkedMetafieldValue: string | null }>;
        }>;
      };
    };
    const { body } = await runGraphql<Data>(
      fake,
      DEMO_SHOP,
      `query ($id: ID!) { product(id: $id) { options { name linkedMetafield { namespace key } optionValues { name swatch { color } linkedMetafieldValue } } } }`,
      { id: demo.products.crewTee },
    );
    const [colour, size] = body.data!.product.options;
    expect(colour?.name).toBe("Color");
    expect(colour?.linkedMetafield).toEqual({ namespace: "shopify", key: "color-pattern" });
    expect(colour?.optionValues.map((v) => [v.name, v.swatch?.color])).toEqual([
      ["Red", "#b3261e"],
      ["Navy", "#1f2f56"],
      ["Green", "#2e6b3f"],
      ["Mustard", "#d8a31d"],
    ]);
    expect(colour?.optionValues.every((v) => v.linkedMetafieldValue?.startsWith("gid://shopify/Metaobject/"))).toBe(
      true,
    );
    expect(size?.linkedMetafield).toBeNull();
  });

  it("keeps the new products and the foreign titles in Mixed catalog and All products only", () => {
    const members = (key: string) => fake.store.collection(DEMO_SHOP, demo.collections[key]!)!.productIds;
    expect(members("mixedCatalog")).toEqual(MIXED.map((key) => demo.products[key as keyof typeof demo.products]));
    expect(members("allProducts")).toHaveLength(Object.keys(DEMO_PRODUCTS).length);
    const mixedIds = new Set(members("mixedCatalog"));
    for (const { key } of DEMO_COLLECTIONS.filter((c) => c.key !== "mixedCatalog" && c.key !== "allProducts")) {
      expect(
        members(key).filter((id) => mixedIds.has(id)),
        key,
      ).toEqual([]);
    }
  });

  it("keeps the Whole catalog as e2e 10 and benchmark 5 know it: 20,000 clothes, nothing of Mixed catalog", () => {
    const catalog = fake.store.collection(DEMO_SHOP, demo.collections[WHOLE_CATALOG.key]!)!;
    expect(catalog.productIds).toHaveLength(20_000);
    const first = catalog.productIds.slice(0, 11).map((id) => fake.store.product(DEMO_SHOP, id)!);
    expect(first.map((p) => p.title)).toEqual([
      "Ivory Classic tee 00001",
      "Navy Classic shirt 00002",
      "Sage Classic top 00003",
      "Terracotta Classic hoodie 00004",
      "Charcoal Classic dress 00005",
      "Lilac Classic sundress 00006",
      "Ochre Classic trousers 00007",
      "Teal Classic jeans 00008",
      "Rose Classic skirt 00009",
      "Sand Classic tee 00010",
      "Ivory Relaxed tee 00011",
    ]);
    const types = new Set(catalog.productIds.map((id) => fake.store.product(DEMO_SHOP, id)!.productType));
    expect([...types].sort()).toEqual([
      "Dresses",
      "Hoodies",
      "Jeans",
      "Shirts",
      "Skirts",
      "T-Shirts",
      "Tank tops",
      "Trousers",
    ]);
  });
});
