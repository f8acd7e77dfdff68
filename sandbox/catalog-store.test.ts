import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { parseProductCsv } from "~/catalog/product-csv";
import { createFakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import { runGraphql } from "../fakes/shopify-admin/requests";
import { ALL_PRODUCTS_TITLE, seedCatalogStore, type SeededCatalogStore } from "./catalog-store";
import { DEMO_SHOP } from "./demo-store";

const HEADER =
  "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option1 Linked To,Option2 Name,Option2 Value,Option2 Linked To,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text,Gift Card,Variant Image,Status";

/** A small export: a dress with a linked colour option, a bag with a local photo, a gift card, a German category. */
const CSV = [
  HEADER,
  `sommerkleid,Sommerkleid,"<p>Leicht, luftig.</p>",Atelier Nord,Apparel & Accessories > Clothing > Dresses,Kleider,"summer, linen",TRUE,Farbe,Rot,product.metafields.shopify.color-pattern,Größe,S,,SK-R-S,89.00,https://cdn.example.com/sommerkleid-rot.jpg,1,Sommerkleid in Rot,FALSE,https://cdn.example.com/sommerkleid-rot.jpg,active`,
  `sommerkleid,,,,,,,,,Rot,,,M,,SK-R-M,89.00,https://cdn.example.com/sommerkleid-blau.jpg,2,Sommerkleid in Blau,,https://cdn.example.com/sommerkleid-rot.jpg,`,
  `sommerkleid,,,,,,,,,Blau,,,S,,SK-B-S,89.00,,,,,https://cdn.example.com/sommerkleid-blau.jpg,`,
  `leather-tote,Leather Tote,<p>Bag.</p>,Atelier Nord,"Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Shopper Bags",Bags,summer,TRUE,Title,Default Title,,,,,LT-1,120.00,photos/tote.png,1,Leather tote,FALSE,,active`,
  `gift-card,Gift card,,Atelier Nord,Gift Cards,Gift Cards,,TRUE,Denominations,€25,,,,,,25.00,,,,TRUE,,active`,
  `gift-card,,,,,,,,,€50,,,,,,50.00,,,,,,`,
  `strickjacke,Strickjacke,,Atelier Nord,Bekleidung & Accessoires > Bekleidung > Oberteile,,,TRUE,Title,Default Title,,,,,,59.00,,,,FALSE,,draft`,
].join("\r\n");

describe("a product CSV export loaded as the sandbox's store", () => {
  let dir: string;
  let tote: Uint8Array;
  let fake: ReturnType<typeof createFakeAdminApi>;
  let seeded: SeededCatalogStore;
  let fetchSpy: MockInstance<typeof fetch>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "catalog-store-"));
    tote = new Uint8Array(
      await sharp({ create: { width: 40, height: 60, channels: 3, background: "#6b4f3a" } })
        .png()
        .toBuffer(),
    );
    await mkdir(join(dir, "photos"));
    await writeFile(join(dir, "photos", "tote.png"), tote);
    fake = createFakeAdminApi();
    // Nothing may go to the network: image URLs are drawn, not fetched.
    fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no network in the sandbox's catalog"));
    seeded = await seedCatalogStore(fake, parseProductCsv(CSV), { baseDir: dir, cacheDir: null });
    fetchSpy.mockRestore();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("has every product with its type, tags, status and gift card flag, keyed by handle", () => {
    expect(Object.keys(seeded.products)).toEqual(["sommerkleid", "leather-tote", "gift-card", "strickjacke"]);
    const products = fake.store.products(DEMO_SHOP);
    expect(
      products.map((p) => [p.handle, p.title, p.productType, p.tags, p.status, p.isGiftCard, p.variantIds.length]),
    ).toEqual([
      ["sommerkleid", "Sommerkleid", "Kleider", ["summer", "linen"], "ACTIVE", false, 3],
      ["leather-tote", "Leather Tote", "Bags", ["summer"], "ACTIVE", false, 1],
      ["gift-card", "Gift card", "Gift Cards", [], "ACTIVE", true, 2],
      ["strickjacke", "Strickjacke", "", [], "DRAFT", false, 1],
    ]);
  });

  it("serves each product's category through the Admin API, and says which it could not load", async () => {
    type Data = { product: { category: { id: string; fullName: string; name: string } | null } };
    const category = async (handle: string) =>
      (
        await runGraphql<Data>(
          fake,
          DEMO_SHOP,
          `query ($id: ID!) { product(id: $id) { category { id fullName name } } }`,
          {
            id: seeded.products[handle],
          },
        )
      ).body.data!.product.category;
    expect(await category("sommerkleid")).toEqual({
      id: "gid://shopify/TaxonomyCategory/aa-1-4",
      fullName: "Apparel & Accessories > Clothing > Dresses",
      name: "Dresses",
    });
    expect((await category("leather-tote"))?.id).toMatch(/^gid:\/\/shopify\/TaxonomyCategory\/aa-5/);
    expect(await category("gift-card")).toMatchObject({ id: "gid://shopify/TaxonomyCategory/gc", name: "Gift Cards" });
    // A German admin's category name: the app's taxonomy table holds English names only.
    expect(await category("strickjacke")).toBeNull();
    expect(seeded.notes).toContain(
      'strickjacke: category "Bekleidung & Accessoires > Bekleidung > Oberteile" not loaded (a name the app\'s taxonomy table does not know)',
    );
  });

  it("makes a linked colour option's values swatched metaobjects, and leaves other options plain", async () => {
    type Data = {
      product: {
        options: Array<{
          name: string;
          linkedMetafield: { namespace: string; key: string } | null;
          optionValues: Array<{ name: string; linkedMetafieldValue: string | null; swatch: { color: string } | null }>;
        }>;
      };
    };
    const { body } = await runGraphql<Data>(
      fake,
      DEMO_SHOP,
      `query ($id: ID!) { product(id: $id) { options { name linkedMetafield { namespace key } optionValues { name linkedMetafieldValue swatch { color } } } } }`,
      { id: seeded.products.sommerkleid },
    );
    expect(body.errors).toBeUndefined();
    const [colour, size] = body.data!.product.options;
    expect(colour?.name).toBe("Farbe");
    expect(colour?.linkedMetafield).toEqual({ namespace: "shopify", key: "color-pattern" });
    expect(colour?.optionValues.map((v) => v.name)).toEqual(["Rot", "Blau"]);
    expect(
      colour?.optionValues.every((v) => /^gid:\/\/shopify\/Metaobject\/\d+$/.test(v.linkedMetafieldValue ?? "")),
    ).toBe(true);
    expect(colour?.optionValues.map((v) => v.swatch?.color)).toEqual(["#b3261e", "#2f5fa7"]);
    expect(size).toEqual({
      name: "Größe",
      linkedMetafield: null,
      optionValues: [
        { name: "S", linkedMetafieldValue: null, swatch: null },
        { name: "M", linkedMetafieldValue: null, swatch: null },
      ],
    });
  });

  it("makes a collection per type and per tag, titled by them, and All products", () => {
    const collections = Array.from(fake.store.shop(DEMO_SHOP).collections.values(), (c) => [
      c.title,
      c.productIds.length,
    ]);
    expect(collections).toEqual([
      [ALL_PRODUCTS_TITLE, 4],
      ["Kleider", 1],
      ["summer", 2],
      ["linen", 1],
      ["Bags", 1],
      ["Gift Cards", 1],
    ]);
    expect(seeded.collections["tag:summer"]).toBeDefined();
    expect(seeded.collections.all).toBeDefined();
  });

  it("uses a local image as it is, and draws a placeholder in the colour its variant names for an image URL", async () => {
    const toteMedia = fake.store.productMedia(DEMO_SHOP, seeded.products["leather-tote"]!);
    expect(toteMedia).toHaveLength(1);
    expect(fake.store.file(DEMO_SHOP, toteMedia[0]!.id)?.bytes).toEqual(tote);

    const dressMedia = fake.store.productMedia(DEMO_SHOP, seeded.products.sommerkleid!);
    expect(dressMedia.map((m) => [m.filename, m.alt])).toEqual([
      ["sommerkleid-rot.jpg", "Sommerkleid in Rot"],
      ["sommerkleid-blau.jpg", "Sommerkleid in Blau"],
    ]);
    const centre = async (id: string) => {
      const bytes = fake.store.file(DEMO_SHOP, id)!.bytes!;
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const offset = (Math.floor(info.height * 0.6) * info.width + Math.floor(info.width / 2)) * info.channels;
      return {
        format: (await sharp(bytes).metadata()).format,
        red: data[offset]!,
        blue: data[offset + 2]!,
      };
    };
    const red = await centre(dressMedia[0]!.id);
    const blue = await centre(dressMedia[1]!.id);
    expect(red.format).toBe("jpeg");
    expect(red.red).toBeGreaterThan(red.blue + 40);
    expect(blue.blue).toBeGreaterThan(blue.red + 40);
    // Each colour's variants show that colour's image.
    const variants = fake.store
      .products(DEMO_SHOP)[0]!
      .variantIds.map((id) => fake.store.variantMediaIds(DEMO_SHOP, id));
    expect(variants).toEqual([[dressMedia[0]!.id], [dressMedia[0]!.id], [dressMedia[1]!.id]]);
  });

  it("is never a network request: an image URL is drawn, not fetched", () => {
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
