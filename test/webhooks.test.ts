import { setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_KINDS, snapshotAllRows, type TestDatabase } from "../harness/database";
import { useAppDatabase } from "./support/app-modules";
import { seedRenders } from "../harness/render-fixtures";
import { webhookRequest } from "../harness/shopify-requests";

const SHOP = "webhook-test.myshopify.com";
const OTHER_SHOP = "bystander.myshopify.com";

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

async function statusOf(action: Action, request: Request): Promise<number> {
  try {
    return (await action({ request, params: {}, context: {} })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const shopRedactPayload = (shop: string) => ({ shop_id: 42, shop_domain: shop });

describe.each(DATABASE_KINDS)("webhooks on %s", (kind) => {
  let database: TestDatabase;
  let routes: Record<string, Action>;

  beforeAll(async () => {
    database = await useAppDatabase(kind);
    routes = {
      "app/uninstalled": (await import("~/routes/webhooks.app.uninstalled")).action as Action,
      "app/scopes_update": (await import("~/routes/webhooks.app.scopes_update")).action as Action,
      "customers/data_request": (await import("~/routes/webhooks.customers.data_request")).action as Action,
      "customers/redact": (await import("~/routes/webhooks.customers.redact")).action as Action,
      "shop/redact": (await import("~/routes/webhooks.shop.redact")).action as Action,
      "products/delete": (await import("~/routes/webhooks.products.delete")).action as Action,
      "bulk_operations/finish": (await import("~/routes/webhooks.bulk_operations.finish")).action as Action,
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await database.prisma.session.deleteMany();
    await database.prisma.shop.deleteMany();
    for (const shop of [SHOP, OTHER_SHOP]) {
      const session = setUpValidSession({ shop, expires: new Date(Date.now() + 3_600_000), scope: "read_products" });
      await database.prisma.session.create({
        data: {
          id: session.id,
          shop,
          state: "",
          isOnline: false,
          accessToken: "shpat_x",
          scope: "read_products",
          expires: session.expires,
        },
      });
      await database.prisma.shop.create({ data: { domain: shop, scopes: "read_products" } });
      // Everything else the app keeps for a shop, so erasure and cancellation have something to act on.
      await database.prisma.shopSettings.create({ data: { shop, tryOnApiKeyLast4: "1234" } });
      await database.prisma.look.create({ data: { shop, name: "Summer", options: {} } });
      const run = await database.prisma.run.create({ data: { shop, scope: {}, options: {}, estimateCredits: 10 } });
      await seedRenders(database.prisma, shop, 2, {
        runId: run.id,
        productId: `gid://shopify/Product/7${shop.length}`,
      });
      const [charged] = await seedRenders(database.prisma, shop, 1, {
        state: "running",
        externalJobId: "job",
        creditsCharged: 5,
      });
      await database.prisma.creditLedgerEntry.create({
        data: { shop, renderId: charged!.id, kind: "charge", credits: 5 },
      });
    }
  });

  const deliver = (
    topic: string,
    payload: unknown,
    options: { secret?: string; route?: string; triggeredAt?: Date } = {},
  ) => {
    const route = routes[options.route ?? topic];
    if (!route) throw new Error(`no route for ${topic}`);
    return statusOf(
      route,
      webhookRequest(`/webhooks/${options.route ?? topic}`, {
        topic,
        shop: SHOP,
        payload,
        secret: options.secret,
        ...(options.triggeredAt && { triggeredAt: options.triggeredAt }),
      }),
    );
  };

  it.each([
    "app/uninstalled",
    "app/scopes_update",
    "customers/data_request",
    "customers/redact",
    "shop/redact",
    "products/delete",
    "bulk_operations/finish",
  ])("rejects a forged %s webhook with 401 and changes nothing", async (topic) => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver(topic, shopRedactPayload(SHOP), { secret: "forger-secret" })).toBe(401);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("rejects a genuine webhook of another topic sent to a route, changing nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver("shop/redact", shopRedactPayload(SHOP), { route: "app/uninstalled" })).toBe(400);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("rejects a signed webhook whose payload lacks the fields the handler reads, changing nothing", async () => {
    const before = await snapshotAllRows(database.prisma);
    expect(await deliver("app/scopes_update", { current: "read_products" })).toBe(400);
    expect(await deliver("shop/redact", { shop_domain: SHOP })).toBe(400);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("app/uninstalled removes the shop's sessions and marks it uninstalled, and is safe to run twice", async () => {
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver("app/uninstalled", { myshopify_domain: SHOP })).toBe(200);
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

  it("a late app/uninstalled, triggered before the shop's latest install, changes nothing", async () => {
    const reinstalledAt = new Date();
    await database.prisma.shop.update({ where: { domain: SHOP }, data: { latestInstallAt: reinstalledAt } });
    const before = await snapshotAllRows(database.prisma);
    const late = new Date(reinstalledAt.getTime() - 60_000);
    expect(await deliver("app/uninstalled", { myshopify_domain: SHOP }, { triggeredAt: late })).toBe(200);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
    // One triggered after that install is the merchant uninstalling again: it acts.
    const later = new Date(reinstalledAt.getTime() + 1_000);
    expect(await deliver("app/uninstalled", { myshopify_domain: SHOP }, { triggeredAt: later })).toBe(200);
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(0);
    expect(await database.prisma.render.count({ where: { shop: SHOP, state: "cancelled" } })).toBe(2);
  });

  it("products/delete cancels the product's renders not yet sent, and only those, and is safe to run twice", async () => {
    const productId = `gid://shopify/Product/7${SHOP.length}`;
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver("products/delete", { id: Number(productId.split("/").pop()) })).toBe(200);
    }
    expect(await database.prisma.render.count({ where: { shop: SHOP, productId, state: "cancelled" } })).toBe(2);
    expect(await database.prisma.render.count({ where: { shop: OTHER_SHOP, state: "queued" } })).toBe(2);
  });

  it("app/scopes_update records the granted scopes on the shop's sessions, and is safe to run twice", async () => {
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(
        await deliver("app/scopes_update", {
          current: ["read_products", "write_products", "write_files"],
          previous: ["read_products"],
        }),
      ).toBe(200);
    }
    const session = await database.prisma.session.findFirst({ where: { shop: SHOP } });
    expect(session?.scope).toBe("read_products,write_products,write_files");
    expect((await database.prisma.session.findFirst({ where: { shop: OTHER_SHOP } }))?.scope).toBe("read_products");
  });

  it("customer webhooks are acknowledged and touch nothing: the app holds no customer data", async () => {
    const before = await snapshotAllRows(database.prisma);
    const customer = { shop_id: 42, shop_domain: SHOP, customer: { id: 7 } };
    expect(await deliver("customers/data_request", { ...customer, data_request: { id: 9 } })).toBe(200);
    expect(await deliver("customers/redact", customer)).toBe(200);
    expect(await snapshotAllRows(database.prisma)).toEqual(before);
  });

  it("shop/redact erases every row held for the shop in every table, and is safe to run twice", async () => {
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver("shop/redact", shopRedactPayload(SHOP))).toBe(200);
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
