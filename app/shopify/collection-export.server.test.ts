import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "../../fakes/shopify-admin";
import { runGraphql } from "../../fakes/shopify-admin/requests";
import type { ExportEvent, ProductForRender } from "~/catalog/catalog-port";
import { collectionExportQuery, exportEvents, textLines } from "./collection-export.server";

const P1 = "gid://shopify/Product/1";
const P2 = "gid://shopify/Product/2";
const media = (id: number, parent: string, alt = `View ${id}`) =>
  JSON.stringify({
    id: `gid://shopify/MediaImage/${id}`,
    alt,
    image: { url: `https://cdn.test/${id}.jpg` },
    __parentId: parent,
  });
const product = (id: string, title: string) => JSON.stringify({ id, title, productType: "Dresses" });

/** A byte stream cut into the given pieces (to split lines, and characters, anywhere). */
function streamOf(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.slice(from, cut));
    from = cut;
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function collect(lines: string[]): Promise<ExportEvent[]> {
  const events: ExportEvent[] = [];
  for await (const event of exportEvents(
    (async function* () {
      yield* lines;
    })(),
  ))
    events.push(event);
  return events;
}

describe("reading a collection's bulk export", () => {
  it("splits a byte stream into lines wherever its chunks end, even inside a character", async () => {
    const text = `${product(P1, "Robe d'été — ivoire")}\n${media(11, P1)}\n\n${product(P2, "Tee")}`;
    const cuts = [5, 23, 24, 30, text.indexOf("—") + 1, text.length - 3];
    const lines: string[] = [];
    for await (const line of textLines(streamOf(text, cuts))) lines.push(line);
    expect(lines).toEqual([product(P1, "Robe d'été — ivoire"), media(11, P1), product(P2, "Tee")]);
  });

  it("hands on each product with its photos, mapped as a page's product (the first six photos)", async () => {
    const lines = [product(P1, "Dress"), ...Array.from({ length: 8 }, (_, i) => media(10 + i, P1)), product(P2, "Tee")];
    const events = await collect(lines);
    expect(events.map((event) => event.kind)).toEqual(["product", "product"]);
    const first = (events[0] as { product: ProductForRender }).product;
    expect(first).toEqual({
      id: P1,
      title: "Dress",
      category: null,
      productType: "Dresses",
      photos: Array.from({ length: 6 }, (_, i) => ({
        mediaId: `gid://shopify/MediaImage/${10 + i}`,
        url: `https://cdn.test/${10 + i}.jpg`,
        alt: `View ${10 + i}`,
      })),
      variants: [],
    });
    expect((events[1] as { product: ProductForRender }).product.photos).toEqual([]);
  });

  it("gives a photo that comes after another product as a late part of its own product", async () => {
    const events = await collect([product(P1, "Dress"), product(P2, "Tee"), media(21, P2), media(11, P1, "Back")]);
    // The tee is still open (its photos may follow) when the dress's late photo comes.
    expect(events.map((event) => event.kind)).toEqual(["product", "late", "product"]);
    const late = events[1] as Extract<ExportEvent, { kind: "late" }>;
    expect(late.productId).toBe(P1);
    const dress = (events[0] as { product: ProductForRender }).product;
    expect(late.apply(dress).photos).toEqual([
      { mediaId: "gid://shopify/MediaImage/11", url: "https://cdn.test/11.jpg", alt: "Back" },
    ]);
  });

  it("refuses a line whose parent is not in the file, or that is not JSON", async () => {
    await expect(collect([product(P1, "Dress"), media(11, P2)])).rejects.toThrow(/parent/);
    await expect(collect([product(P1, "Dress"), "{not json"])).rejects.toThrow();
  });

  it("asks Shopify for a bulk query the real schema and the bulk rules accept", async () => {
    const fake = createFakeAdminApi();
    const shop = "export.myshopify.com";
    fake.store.addShop({ domain: shop });
    const dress = fake.store.addProduct(shop, { title: "Dress", images: [{ alt: "Front" }] });
    const collection = fake.store.addCollection(shop, { title: "All", productIds: [dress.id] });
    const { body } = await runGraphql<{
      bulkOperationRunQuery: { userErrors: unknown[]; bulkOperation: { id: string } | null };
    }>(
      fake,
      shop,
      `mutation ($query: String!) { bulkOperationRunQuery(query: $query) { bulkOperation { id } userErrors { code message } } }`,
      { query: collectionExportQuery(collection.id) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.bulkOperationRunQuery.userErrors).toEqual([]);
    fake.stopTimers();
  });
});
