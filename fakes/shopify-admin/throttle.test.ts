import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "./fake-admin";
import { runGraphql } from "./requests";

const SHOP = "busy-boutique.myshopify.com";
const TEN_PRODUCT_IDS = `{ products(first: 10) { nodes { id } } }`;

function setup(options: Parameters<typeof createFakeAdminApi>[0] = {}) {
  let now = Date.parse("2026-11-01T10:00:00Z");
  const fake = createFakeAdminApi({ now: () => now, ...options });
  fake.store.addShop({ domain: SHOP });
  return { fake, advance: (ms: number) => (now += ms) };
}

function seedProducts(fake: ReturnType<typeof setup>["fake"], count: number, shop = SHOP) {
  return Array.from({ length: count }, (_, i) => fake.store.addProduct(shop, { title: `Product ${i}`, images: [{}] }));
}

describe("calculated query cost", () => {
  it.each([
    ["an object with scalars", `{ shop { name myshopifyDomain } }`, 1],
    ["a connection: 2 + first × node", `{ products(first: 10) { nodes { id title } } }`, 12],
    [
      "edges and pageInfo are free",
      `{ products(first: 10) { edges { cursor node { id } } pageInfo { hasNextPage } } }`,
      12,
    ],
    ["nested connections multiply", `{ products(first: 10) { nodes { id media(first: 5) { nodes { id } } } } }`, 82],
    [
      "nodes(ids:) costs one object per id",
      `{ nodes(ids: ["gid://shopify/Product/1", "gid://shopify/Product/2", "gid://shopify/Product/3"]) { id } }`,
      3,
    ],
    [
      "a mutation field costs 10",
      `mutation { a: fileDelete(fileIds: []) { deletedFileIds } b: fileDelete(fileIds: []) { deletedFileIds } }`,
      20,
    ],
  ])("costs %s", async (_, query, expected) => {
    const { fake } = setup();
    const { body } = await runGraphql(fake, SHOP, query);
    expect(body.extensions?.cost?.requestedQueryCost).toBe(expected);
  });

  it("takes the requested cost from the bucket and gives back what the actual result did not use", async () => {
    const { fake } = setup();
    seedProducts(fake, 3);
    const { body } = await runGraphql(fake, SHOP, TEN_PRODUCT_IDS);
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 12,
      actualQueryCost: 5,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1995, restoreRate: 100 },
    });
  });
});

describe("the leaky bucket", () => {
  it("throttles a query the bucket cannot pay for, takes nothing, and lets it through once the bucket has refilled", async () => {
    const { fake, advance } = setup();
    seedProducts(fake, 10);
    fake.setBucketAvailable(SHOP, 5);

    const throttled = await runGraphql(fake, SHOP, TEN_PRODUCT_IDS);
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost: 12,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 100 },
        },
      },
    });
    expect(fake.bucket(SHOP).currentlyAvailable).toBe(5);

    advance(60); // 5 + 0.06 s × 100/s = 11: still short of 12
    expect((await runGraphql(fake, SHOP, TEN_PRODUCT_IDS)).body.errors?.[0]?.extensions?.code).toBe("THROTTLED");
    advance(10); // 12
    const through = await runGraphql(fake, SHOP, TEN_PRODUCT_IDS);
    expect(through.body.errors).toBeUndefined();
    expect(through.body.extensions?.cost?.throttleStatus.currentlyAvailable).toBe(0);
    advance(1_000);
    expect(fake.bucket(SHOP).currentlyAvailable).toBeCloseTo(100);
  });

  it("refills up to the maximum only, at the configured plan's rate", async () => {
    const { fake, advance } = setup({ plan: { maximumAvailable: 50, restoreRate: 5 } });
    fake.setBucketAvailable(SHOP, 0);
    advance(2_000);
    expect(fake.bucket(SHOP)).toEqual({ maximumAvailable: 50, restoreRate: 5, currentlyAvailable: 10 });
    advance(60_000);
    expect(fake.bucket(SHOP).currentlyAvailable).toBe(50);
  });

  it("keeps one bucket per shop", async () => {
    const { fake } = setup();
    fake.store.addShop({ domain: "calm-shop.myshopify.com" });
    fake.setBucketAvailable(SHOP, 0);
    expect((await runGraphql(fake, SHOP, `{ shop { name } }`)).body.errors?.[0]?.extensions?.code).toBe("THROTTLED");
    expect((await runGraphql(fake, "calm-shop.myshopify.com", `{ shop { name } }`)).body.errors).toBeUndefined();
  });

  it("refuses a single query costing more than 1000 with MAX_COST_EXCEEDED, taking nothing", async () => {
    const { fake } = setup();
    const { body } = await runGraphql(
      fake,
      SHOP,
      `{ products(first: 250) { nodes { media(first: 250) { nodes { id } } } } }`,
    );
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: "MAX_COST_EXCEEDED", maxCost: 1000 } });
    expect(body.extensions?.cost?.actualQueryCost).toBeNull();
    expect(fake.bucket(SHOP).currentlyAvailable).toBe(2000);
  });
});

describe("forced failures", () => {
  it("throttles the next N requests whatever the bucket holds", async () => {
    const { fake } = setup();
    fake.throttleNext(2);
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await runGraphql(fake, SHOP, `{ shop { name } }`)).body.errors?.[0]?.extensions?.code ?? "ok");
    expect(codes).toEqual(["THROTTLED", "THROTTLED", "ok"]);
  });

  it("answers the next N requests with an HTTP error status", async () => {
    const { fake } = setup();
    fake.failNext(2, { status: 503 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await runGraphql(fake, SHOP, `{ shop { name } }`)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it("fails the next request like a dropped connection", async () => {
    const { fake } = setup();
    fake.networkErrorNext(1);
    await expect(runGraphql(fake, SHOP, `{ shop { name } }`)).rejects.toThrow(TypeError);
    expect((await runGraphql(fake, SHOP, `{ shop { name } }`)).status).toBe(200);
    expect(fake.graphqlRequests().map((r) => r.outcome)).toEqual(["network-error", "ok"]);
  });
});
