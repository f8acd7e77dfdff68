import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gatherShopDeliveries } from "~/automation/gather-deliveries.server";
import { snapshotAllRows, type TestDatabase } from "../harness/database";
import { DEFAULT_TEST_OPTIONS, TEST_QUEUE_LIMITS } from "../harness/render-fixtures";
import { useAppDatabase } from "./support/app-modules";
import { samplePayload } from "./support/shopify-webhook-samples";
import {
  deliver,
  INSTALLED_AT,
  loadWebhookRoutes,
  seedWebhookShops,
  SHOP,
  type WebhookRoutes,
} from "./support/webhook-shops";

/**
 * products/create and products/update (issue 29): verified, processed once by webhook id, validated against Shopify's
 * documented sample, and only recorded; the worker does the rest (test/pipeline/automation*.test.ts).
 */
describe("automation's product webhooks", () => {
  let database: TestDatabase;
  let routes: WebhookRoutes;

  beforeAll(async () => {
    database = await useAppDatabase("postgres");
    routes = await loadWebhookRoutes();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await seedWebhookShops(database.prisma);
    await database.prisma.automationRule.create({
      data: { shop: SHOP, name: "New arrivals", enabled: true, match: {}, options: DEFAULT_TEST_OPTIONS },
    });
  });

  it.each(["products/create", "products/update"] as const)(
    "records Shopify's documented %s sample, signed, with the product's id past 2^53 exact, once per webhook id",
    async (topic) => {
      const body = samplePayload(topic, SHOP);
      expect(await deliver(routes, { topic, body, webhookId: "w-1" })).toBe(200);
      expect(await deliver(routes, { topic, body, webhookId: "w-1" })).toBe(200);
      const rows = await database.prisma.automationDelivery.findMany({ where: { shop: SHOP } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        webhookId: "w-1",
        topic,
        productId: "gid://shopify/Product/788032119674292922",
        productUpdatedAt: new Date("2022-01-01T00:00:00Z"),
        processedAt: null,
      });
      expect(rows[0]?.product).toMatchObject({
        title: "Example T-Shirt",
        productType: "Shirts",
        vendor: "Acme",
        tags: ["example", "mens", "t-shirt"],
        status: "active",
        category: null,
        photos: [],
      });
      // Recorded, nothing more: no run, no render was made by the request.
      expect(await database.prisma.run.count({ where: { ruleId: { not: null } } })).toBe(0);
    },
  );

  it("reads photos from the payload's media and the category Shopify sends since 2024-10", async () => {
    const sample = JSON.parse(samplePayload("products/update", SHOP).replace(/788032119674292922/g, "42")) as object;
    const body = {
      ...sample,
      media: [
        {
          id: 5,
          alt: "front",
          media_content_type: "IMAGE",
          admin_graphql_api_id: "gid://shopify/MediaImage/5",
          preview_image: { src: "https://cdn.shopify.com/s/files/front.jpg" },
        },
      ],
      category: {
        admin_graphql_api_id: "gid://shopify/TaxonomyCategory/aa-1-13-8",
        name: "T-Shirts",
        full_name: "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts",
      },
    };
    expect(await deliver(routes, { topic: "products/update", body })).toBe(200);
    const [row] = await database.prisma.automationDelivery.findMany({ where: { shop: SHOP } });
    expect(row?.product).toMatchObject({
      photos: [
        { mediaId: "gid://shopify/MediaImage/5", url: "https://cdn.shopify.com/s/files/front.jpg", alt: "front" },
      ],
      category: { id: "gid://shopify/TaxonomyCategory/aa-1-13-8", name: "T-Shirts" },
    });
  });

  it("refuses a signed payload that is not a product with 400, recording nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver(routes, { topic: "products/update", body: { id: 1, tags: "x" } })).toBe(400);
    expect(await deliver(routes, { topic: "products/create", body: { title: "no id" } })).toBe(400);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("records nothing for a shop with no rule switched on, or an uninstalled shop", async () => {
    await database.prisma.automationRule.updateMany({ data: { enabled: false } });
    const body = samplePayload("products/create", SHOP);
    expect(await deliver(routes, { topic: "products/create", body })).toBe(200);
    await database.prisma.automationRule.updateMany({ data: { enabled: true } });
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: new Date() } });
    expect(await deliver(routes, { topic: "products/create", body })).toBe(200);
    expect(await database.prisma.automationDelivery.count()).toBe(0);
  });
  it("refuses a body signed with another secret with 401, and records nothing for an unknown shop or a delivery from an earlier install", async () => {
    const body = samplePayload("products/create", SHOP);
    expect(await deliver(routes, { topic: "products/create", body, secret: "not-the-app-secret" })).toBe(401);
    expect(await deliver(routes, { topic: "products/create", body, shop: "nobody.myshopify.com" })).toBe(200);
    const earlier = new Date(INSTALLED_AT.getTime() - 60_000);
    expect(await deliver(routes, { topic: "products/update", body, triggeredAt: earlier })).toBe(200);
    expect(await database.prisma.automationDelivery.count()).toBe(0);
    // The same delivery triggered in the current install is recorded: the three above were refused for their reason.
    expect(await deliver(routes, { topic: "products/update", body })).toBe(200);
    expect(await database.prisma.automationDelivery.count()).toBe(1);
  });

  it("records a retry of a delivery the worker already gathered nothing more: the row keyed by the webhook id stays as gathered", async () => {
    const body = samplePayload("products/update", SHOP);
    expect(await deliver(routes, { topic: "products/update", body, webhookId: "w-gathered" })).toBe(200);
    const gatheredAt = new Date("2026-11-20T10:00:00Z");
    await database.prisma.automationDelivery.updateMany({ data: { processedAt: gatheredAt } });
    expect(await deliver(routes, { topic: "products/update", body, webhookId: "w-gathered" })).toBe(200);
    expect(
      await database.prisma.automationDelivery.findMany({ select: { webhookId: true, processedAt: true } }),
    ).toEqual([{ webhookId: "w-gathered", processedAt: gatheredAt }]);
  });
  it("a product updated ten times, each update gathered on its own, is rendered once", async () => {
    const sample = JSON.parse(samplePayload("products/update", SHOP).replace(/788032119674292922/g, "4242")) as object;
    const gather = () =>
      gatherShopDeliveries(
        {
          db: database.prisma,
          now: () => new Date(),
          limits: TEST_QUEUE_LIMITS,
          catalogFor: async () => ({ ok: false, reason: "unavailable", message: "not read" }),
          membershipFor: async () => async () => new Set(),
        },
        SHOP,
      );
    for (let version = 1; version <= 10; version++) {
      const body = {
        ...sample,
        title: `Example T-Shirt v${version}`,
        updated_at: new Date(Date.UTC(2026, 10, 27, 12, version)).toISOString(),
        media: [
          {
            id: 5,
            alt: "front",
            media_content_type: "IMAGE",
            admin_graphql_api_id: "gid://shopify/MediaImage/5",
            preview_image: { src: "https://cdn.shopify.com/s/files/front.jpg" },
          },
        ],
      };
      expect(await deliver(routes, { topic: "products/update", body, webhookId: `update-${version}` })).toBe(200);
      await gather();
    }
    const renders = await database.prisma.render.findMany({
      where: { shop: SHOP, productId: "gid://shopify/Product/4242" },
    });
    expect(renders.map((render) => [render.productId, render.productTitle])).toEqual([
      ["gid://shopify/Product/4242", "Example T-Shirt v1"],
    ]);
    expect(await database.prisma.automationDelivery.count({ where: { processedAt: null } })).toBe(0);
  });
});
