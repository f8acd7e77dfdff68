import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createFakeAdminApi } from "./fake-admin";
import { runGraphql } from "./requests";

const SHOP = "bulk-store.myshopify.com";
const SECRET = "bulk-test-secret";

const RUN = `mutation Run($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;
const STATUS = `query Status($id: ID!) {
  node(id: $id) {
    ... on BulkOperation { id status errorCode objectCount rootObjectCount url partialDataUrl fileSize completedAt }
  }
}`;

type RunData = {
  bulkOperationRunQuery: {
    bulkOperation: { id: string; status: string } | null;
    userErrors: { field: string[] | null; message: string; code: string }[];
  };
};
type StatusData = {
  node: {
    id: string;
    status: string;
    errorCode: string | null;
    objectCount: string;
    rootObjectCount: string;
    url: string | null;
    partialDataUrl: string | null;
    fileSize: string | null;
    completedAt: string | null;
  };
};

/** A store whose collection has 3 products with 8, 1 and 0 photos; the clock moves only when told. */
function seeded() {
  const clock = { now: Date.parse("2026-11-25T10:00:00Z") };
  const sent: Request[] = [];
  const fake = createFakeAdminApi({
    now: () => clock.now,
    clientSecret: SECRET,
    bulkOperationTimeline: { queuedMs: 1_000, objectsPerSecond: 2 },
    webhookFetch: async (request) => {
      sent.push(request);
      return new Response(null, { status: 200 });
    },
  });
  fake.store.addShop({ domain: SHOP });
  const products = [8, 1, 0].map((photos, i) =>
    fake.store.addProduct(SHOP, {
      title: `Tee ${i + 1}`,
      productType: "T-Shirts",
      images: Array.from({ length: photos }, (_, n) => ({ alt: `View ${n + 1}` })),
    }),
  );
  const collection = fake.store.addCollection(SHOP, { title: "All", productIds: products.map((p) => p.id) });
  const query = `{
    collection(id: "${collection.id}") {
      products(first: 25) {
        edges { node { id title media(first: 6) { edges { node { id alt ... on MediaImage { image { url } } } } } } }
      }
    }
  }`;
  return { fake, clock, sent, products, collection, query };
}

async function start(fake: ReturnType<typeof createFakeAdminApi>, query: string) {
  const { body } = await runGraphql<RunData>(fake, SHOP, RUN, { query });
  return body.data!.bulkOperationRunQuery;
}

async function status(fake: ReturnType<typeof createFakeAdminApi>, id: string) {
  const { body } = await runGraphql<StatusData>(fake, SHOP, STATUS, { id });
  return body.data!.node;
}

describe("bulk query operations of the fake Admin API", () => {
  it("move from CREATED through RUNNING to COMPLETED on the clock, counting objects, then serve the JSONL", async () => {
    const { fake, clock, products, query } = seeded();
    const { bulkOperation, userErrors } = await start(fake, query);
    expect(userErrors).toEqual([]);
    const id = bulkOperation!.id;
    expect(await status(fake, id)).toMatchObject({ status: "CREATED", objectCount: "0", url: null });

    // 12 objects (3 products, 9 photos: `first: 6` is ignored in bulk, as by Shopify) at 2 a second.
    clock.now += 1_000 + 2_500;
    expect(await status(fake, id)).toMatchObject({ status: "RUNNING", objectCount: "5", url: null });
    clock.now += 3_500;
    const done = await status(fake, id);
    expect(done).toMatchObject({ status: "COMPLETED", objectCount: "12", rootObjectCount: "3", errorCode: null });
    expect(done.url).toMatch(/^https:\/\/fake-admin-bulk\.test\//);

    const response = await fake.handle(new Request(done.url!));
    expect(response.headers.get("content-type")).toBe("application/jsonl");
    const text = await response.text();
    expect(Number(done.fileSize)).toBe(Buffer.byteLength(text));
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; title?: string; __parentId?: string });
    // One object a line: each product (a root object, no parent), then its photos pointing back at it.
    expect(lines.map((line) => [line.id.split("/")[3], line.__parentId ?? null])).toEqual([
      ["Product", null],
      ...Array.from({ length: 8 }, () => ["MediaImage", products[0]!.id]),
      ["Product", null],
      ["MediaImage", products[1]!.id],
      ["Product", null],
    ]);
    expect(lines[0]).toEqual({ id: products[0]!.id, title: "Tee 1" });
    expect(Object.keys(lines[1]!)).toEqual(["id", "alt", "image", "__parentId"]);

    // The URL is signed: without its signature the storage refuses it.
    const unsigned = new URL(done.url!);
    unsigned.searchParams.delete("signature");
    expect((await fake.handle(new Request(unsigned))).status).toBe(403);
  });

  it("go on at a new pace when re-paced while running, keeping the count, and end (with the webhook) on the new pace", async () => {
    const { fake, clock, sent, query } = seeded();
    fake.subscribeWebhook("bulk_operations/finish", "https://app.example/webhooks/bulk_operations/finish");
    const id = (await start(fake, query)).bulkOperation!.id;
    clock.now += 1_000 + 2_500;
    expect(await status(fake, id)).toMatchObject({ status: "RUNNING", objectCount: "5" });

    // From 2 objects a second to 1,000: the 5 counted stay counted, the other 7 take 7 ms.
    expect(fake.repaceRunningBulkOperations(1_000)).toBe(1);
    expect(await status(fake, id)).toMatchObject({ status: "RUNNING", objectCount: "5" });
    clock.now += 4;
    expect(await status(fake, id)).toMatchObject({ status: "RUNNING", objectCount: "9" });
    clock.now += 3;
    expect(await status(fake, id)).toMatchObject({ status: "COMPLETED", objectCount: "12" });
    // The finish webhook goes out by itself on the new pace (its timer was set for the old one, seconds away).
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 1_000 });

    // Once ended it is left alone, and so is one created later: that one runs on the fake's timeline.
    expect(fake.repaceRunningBulkOperations(1)).toBe(0);
    const later = (await start(fake, query)).bulkOperation!.id;
    clock.now += 1_000 + 6_000;
    expect(await status(fake, later)).toMatchObject({ status: "COMPLETED" });
  });

  it("keep their queue time when re-paced before they run", async () => {
    const { fake, clock, query } = seeded();
    const id = (await start(fake, query)).bulkOperation!.id;
    clock.now += 500;
    expect(fake.repaceRunningBulkOperations(4)).toBe(1);
    clock.now += 499;
    expect(await status(fake, id)).toMatchObject({ status: "CREATED", objectCount: "0" });
    clock.now += 1 + 2_000;
    expect(await status(fake, id)).toMatchObject({ status: "RUNNING", objectCount: "8" });
  });

  it("sends bulk_operations/finish to subscribed addresses once, signed with the app's secret", async () => {
    const { fake, clock, sent, query } = seeded();
    fake.subscribeWebhook("bulk_operations/finish", "https://app.example/webhooks/bulk_operations/finish");
    const id = (await start(fake, query)).bulkOperation!.id;
    expect(await fake.deliverDueWebhooks()).toEqual([]);
    clock.now += 60_000;
    await fake.deliverDueWebhooks();
    await fake.deliverDueWebhooks();
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    const body = await request.text();
    expect(request.headers.get("X-Shopify-Topic")).toBe("bulk_operations/finish");
    expect(request.headers.get("X-Shopify-Shop-Domain")).toBe(SHOP);
    expect(request.headers.get("X-Shopify-Hmac-Sha256")).toBe(
      createHmac("sha256", SECRET).update(body).digest("base64"),
    );
    expect(JSON.parse(body)).toMatchObject({ admin_graphql_api_id: id, status: "completed", error_code: null });
  });

  it("fail when told to, with an error code and no result URL", async () => {
    const { fake, clock, sent, query } = seeded();
    fake.subscribeWebhook("bulk_operations/finish", "https://app.example/webhooks/bulk_operations/finish");
    fake.failNextBulkOperation({ errorCode: "TIMEOUT", afterObjects: 4 });
    const id = (await start(fake, query)).bulkOperation!.id;
    clock.now += 60_000;
    const failed = await status(fake, id);
    expect(failed).toMatchObject({ status: "FAILED", errorCode: "TIMEOUT", objectCount: "4", url: null });
    expect(failed.partialDataUrl).not.toBeNull();
    await fake.deliverDueWebhooks();
    expect(JSON.parse(await sent[0]!.text())).toMatchObject({ status: "failed", error_code: "timeout" });
  });

  it("are cancelled by bulkOperationCancel", async () => {
    const { fake, query } = seeded();
    const id = (await start(fake, query)).bulkOperation!.id;
    const { body } = await runGraphql<{ bulkOperationCancel: { userErrors: unknown[] } }>(
      fake,
      SHOP,
      `mutation ($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { id } userErrors { message } } }`,
      { id },
    );
    expect(body.data?.bulkOperationCancel.userErrors).toEqual([]);
    expect(await status(fake, id)).toMatchObject({ status: "CANCELED", url: null });
  });

  it("refuse a sixth at once per shop with LIMIT_REACHED, and take one again when one has ended", async () => {
    const { fake, clock, query } = seeded();
    for (let i = 0; i < 5; i++) expect((await start(fake, query)).userErrors).toEqual([]);
    const refused = await start(fake, query);
    expect(refused.bulkOperation).toBeNull();
    expect(refused.userErrors).toMatchObject([{ code: "LIMIT_REACHED" }]);
    expect(fake.bulkOperations(SHOP)).toHaveLength(5);
    clock.now += 60_000;
    expect((await start(fake, query)).userErrors).toEqual([]);
  });

  it.each([
    ["no connection", `{ shop { name } }`, /at least one connection/],
    ["two top-level fields", `{ shop { name } products { edges { node { id } } } }`, /exactly one top-level field/],
    [
      "connections three deep",
      `{ collections { edges { node { id products { edges { node { id media { edges { node { id } } } } } } } } } }`,
      /two levels deep/,
    ],
    [
      "a nested connection's parent without its id",
      `{ products { edges { node { title media { edges { node { id } } } } } } }`,
      /must select the 'id' field/,
    ],
    ["a field the schema lacks", `{ products { edges { node { id colour } } } }`, /Invalid bulk query/],
  ])("refuse a query with %s as INVALID, creating nothing", async (_, query, message) => {
    const { fake } = seeded();
    const refused = await start(fake, query);
    expect(refused.bulkOperation).toBeNull();
    expect(refused.userErrors).toEqual([
      { field: ["query"], code: "INVALID", message: expect.stringMatching(message) },
    ]);
    expect(fake.bulkOperations(SHOP)).toHaveLength(0);
  });

  it("answer currentBulkOperation with the shop's latest", async () => {
    const { fake, query } = seeded();
    await start(fake, query);
    const second = (await start(fake, query)).bulkOperation!.id;
    const { body } = await runGraphql<{ currentBulkOperation: { id: string } }>(
      fake,
      SHOP,
      `{ currentBulkOperation { id status } }`,
    );
    expect(body.data?.currentBulkOperation.id).toBe(second);
  });
});
