import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_KINDS, snapshotAllRows, type TestDatabase } from "../harness/database";
import { DEFAULT_TEST_OPTIONS, seedRenders } from "../harness/render-fixtures";
import { useAppDatabase } from "./support/app-modules";
import { SAMPLE_SHOP_IDS, samplePayload, WEBHOOK_SAMPLES, type SampleTopic } from "./support/shopify-webhook-samples";
import {
  bodies,
  deliver,
  loadWebhookRoutes,
  OTHER_SHOP,
  productOf,
  seedWebhookShops,
  SHOP,
  type WebhookRoutes,
} from "./support/webhook-shops";

const appToml = parseToml(readFileSync(join(import.meta.dirname, "..", "shopify.app.toml"), "utf8")) as {
  webhooks: { subscriptions: Array<{ topics?: string[]; compliance_topics?: string[] }> };
};
const subscribedTopics = appToml.webhooks.subscriptions.flatMap((s) => [
  ...(s.topics ?? []),
  ...(s.compliance_topics ?? []),
]);

/** Every row but the log of applied deliveries: what a delivery that only acknowledges must leave as it was. */
async function shopData(database: TestDatabase) {
  const { WebhookDelivery: _log, ...rest } = await snapshotAllRows(database.prisma);
  return rest;
}

describe.each(DATABASE_KINDS)("webhooks on %s", (kind) => {
  let database: TestDatabase;
  let routes: WebhookRoutes;

  beforeAll(async () => {
    database = await useAppDatabase(kind);
    routes = await loadWebhookRoutes();
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await seedWebhookShops(database.prisma);
  });

  const appliedDeliveries = () => database.prisma.webhookDelivery.count();

  it.each(subscribedTopics)("rejects a forged %s webhook with 401 and changes nothing", async (topic) => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver(routes, { topic, body: bodies.shopRedact(SHOP), secret: "forger-secret" })).toBe(401);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("rejects a genuine webhook of another topic sent to a route, changing nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    expect(
      await deliver(routes, { topic: "shop/redact", body: bodies.shopRedact(SHOP), route: "app/uninstalled" }),
    ).toBe(400);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("rejects a signed webhook whose payload does not fit its topic's schema, or is not JSON, changing nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver(routes, { topic: "app/scopes_update", body: { current: "read_products" } })).toBe(400);
    expect(await deliver(routes, { topic: "shop/redact", body: { shop_domain: SHOP } })).toBe(400);
    expect(await deliver(routes, { topic: "products/delete", body: { id: "gid://shopify/Product/1" } })).toBe(400);
    expect(await deliver(routes, { topic: "app/uninstalled", body: "{not json" })).toBe(400);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("every subscribed topic has Shopify's documented sample payload to test with", () => {
    expect(Object.keys(WEBHOOK_SAMPLES).sort()).toEqual([...subscribedTopics].sort());
  });

  it.each(subscribedTopics)(
    "answers Shopify's documented %s sample, signed as Shopify signs it, with 200 and applies it",
    async (topic) => {
      const sampleTopic = topic as SampleTopic;
      const sampleShopId = SAMPLE_SHOP_IDS[sampleTopic];
      // The shop the sample names is the one installed here: its id as the sample has it.
      if (sampleShopId)
        await database.prisma.shop.update({ where: { domain: SHOP }, data: { shopifyShopId: sampleShopId } });
      if (topic === "shop/redact") {
        await database.prisma.shop.update({
          where: { domain: SHOP },
          data: { uninstalledAt: new Date(Date.now() - 60_000) },
        });
      }
      // A product delivery is recorded only for a shop with a rule on, keyed by its webhook id (ADR 097).
      const recordsProduct = topic === "products/create" || topic === "products/update";
      if (recordsProduct)
        await database.prisma.automationRule.create({
          data: { shop: SHOP, name: "New arrivals", enabled: true, match: {}, options: DEFAULT_TEST_OPTIONS },
        });
      const webhookId = `sample-${topic}`;
      expect(await deliver(routes, { topic, body: samplePayload(sampleTopic, SHOP), webhookId })).toBe(200);
      const remembered = recordsProduct
        ? database.prisma.automationDelivery.count({ where: { webhookId } })
        : database.prisma.webhookDelivery.count({ where: { webhookId } });
      expect(await remembered).toBe(topic === "shop/redact" ? 0 : 1);
      if (topic === "shop/redact") expect(await database.prisma.shop.count({ where: { domain: SHOP } })).toBe(0);
    },
  );

  it("the documented app/uninstalled sample (domain and myshopify_domain null) uninstalls the shop its id names", async () => {
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { shopifyShopId: "548380009" } });
    expect(await deliver(routes, { topic: "app/uninstalled", body: samplePayload("app/uninstalled", SHOP) })).toBe(200);
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(0);
    expect((await database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).uninstalledAt).toBeInstanceOf(
      Date,
    );
  });

  it("reads a product id past 2^53 exactly: the documented products/delete sample cancels that product, not its rounding", async () => {
    // JSON.parse reads 788032119674292922 as 788032119674292900: a product of its own here.
    const documented = "gid://shopify/Product/788032119674292922";
    const rounded = "gid://shopify/Product/788032119674292900";
    await seedRenders(database.prisma, SHOP, 1, { productId: documented });
    await seedRenders(database.prisma, SHOP, 1, { productId: rounded });
    expect(await deliver(routes, { topic: "products/delete", body: samplePayload("products/delete", SHOP) })).toBe(200);
    expect(await database.prisma.render.findFirst({ where: { productId: documented } })).toMatchObject({
      state: "cancelled",
    });
    expect(await database.prisma.render.findFirst({ where: { productId: rounded } })).toMatchObject({
      state: "queued",
    });
  });

  it("app/uninstalled removes the shop's sessions and marks it uninstalled, and is safe to run twice", async () => {
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver(routes, { topic: "app/uninstalled", body: bodies.shopObject(SHOP) })).toBe(200);
    }
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(0);
    expect((await database.prisma.shop.findUnique({ where: { domain: SHOP } }))?.uninstalledAt).toBeInstanceOf(Date);
    expect(await database.prisma.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    // Renders not yet sent are cancelled; the one already at the service is left for a reinstall.
    expect(await database.prisma.render.count({ where: { shop: SHOP, state: "queued" } })).toBe(0);
    expect(await database.prisma.render.count({ where: { shop: SHOP, state: "cancelled" } })).toBe(2);
    expect(await database.prisma.render.count({ where: { shop: SHOP, state: "running" } })).toBe(1);
    expect(await database.prisma.render.count({ where: { shop: OTHER_SHOP, state: "queued" } })).toBe(2);
  });

  it("a late app/uninstalled, triggered before the shop's latest token exchange, changes nothing", async () => {
    const reinstalledAt = new Date();
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { latestInstallAt: reinstalledAt } });
    const before = await snapshotAllRows(database.prisma);
    const late = new Date(reinstalledAt.getTime() - 60_000);
    expect(await deliver(routes, { topic: "app/uninstalled", body: bodies.shopObject(SHOP), triggeredAt: late })).toBe(
      200,
    );
    const after = await snapshotAllRows(database.prisma);
    // It tells when the current install began: after that uninstall.
    expect((await database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).currentInstallSince).toEqual(
      late,
    );
    expect({ ...after, Shop: [] }).toEqual({ ...before, Shop: [] });
    // One triggered after that install is the merchant uninstalling again: it acts.
    const later = new Date(reinstalledAt.getTime() + 1_000);
    expect(await deliver(routes, { topic: "app/uninstalled", body: bodies.shopObject(SHOP), triggeredAt: later })).toBe(
      200,
    );
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(0);
    expect(await database.prisma.render.count({ where: { shop: SHOP, state: "cancelled" } })).toBe(2);
  });

  it("a late app/scopes_update, triggered before the shop's latest token exchange, changes no scopes", async () => {
    const exchangedAt = new Date();
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { latestInstallAt: exchangedAt } });
    const before = await snapshotAllRows(database.prisma);
    const body = bodies.scopesUpdate("6001", ["read_products", "write_products", "write_files"]);
    const triggeredAt = new Date(exchangedAt.getTime() - 1_000);
    expect(await deliver(routes, { topic: "app/scopes_update", body, triggeredAt })).toBe(200);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("products/delete cancels the product's renders not yet sent, and only those, and is safe to run twice", async () => {
    const productId = productOf(SHOP);
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver(routes, { topic: "products/delete", body: bodies.productDeleted(productId) })).toBe(200);
    }
    expect(await database.prisma.render.count({ where: { shop: SHOP, productId, state: "cancelled" } })).toBe(2);
    expect(await database.prisma.render.count({ where: { shop: OTHER_SHOP, state: "queued" } })).toBe(2);
  });

  it("app/scopes_update records the granted scopes on the shop's sessions, and is safe to run twice", async () => {
    const granted = ["read_products", "write_products", "write_files"];
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver(routes, { topic: "app/scopes_update", body: bodies.scopesUpdate("6001", granted) })).toBe(
        200,
      );
    }
    const session = await database.prisma.session.findFirst({ where: { shop: SHOP } });
    expect(session?.scope).toBe("read_products,write_products,write_files");
    expect((await database.prisma.session.findFirst({ where: { shop: OTHER_SHOP } }))?.scope).toBe("read_products");
  });

  it("customer webhooks are acknowledged and touch no data: the app holds no customer data", async () => {
    const before = await shopData(database);
    expect(await deliver(routes, { topic: "customers/data_request", body: bodies.customer(SHOP) })).toBe(200);
    expect(await deliver(routes, { topic: "customers/redact", body: bodies.customer(SHOP) })).toBe(200);
    expect(await shopData(database)).toEqual(before);
    expect(await appliedDeliveries()).toBe(2);
  });

  it("shop/redact erases every row held for an uninstalled shop in every table, and is safe to run twice", async () => {
    await database.prisma.shop.update({
      where: { domain: SHOP },
      data: { uninstalledAt: new Date(Date.now() - 60_000) },
    });
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver(routes, { topic: "shop/redact", body: bodies.shopRedact(SHOP) })).toBe(200);
    }
    const remaining = await snapshotAllRows(database.prisma);
    // Generic over tables, so a table added later without a cascade to Shop fails this test.
    const mentionsShop = JSON.stringify(remaining, (_key, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    ).includes(SHOP);
    expect(mentionsShop).toBe(false);
    expect(await database.prisma.shop.count({ where: { domain: OTHER_SHOP } })).toBe(1);
    expect(await database.prisma.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    expect(await database.prisma.render.count({ where: { shop: OTHER_SHOP } })).toBe(3);
    expect(await database.prisma.creditLedgerEntry.count({ where: { shop: OTHER_SHOP } })).toBe(1);
  });
});
