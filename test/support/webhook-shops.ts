import type { PrismaClient } from "@prisma/client";
import { setUpValidSession } from "@shopify/shopify-api/test-helpers";
import { seedRenders } from "../../harness/render-fixtures";
import { webhookRequest } from "../../harness/shopify-requests";
import { WEBHOOK_SAMPLES } from "./shopify-webhook-samples";

/**
 * What the webhook tests share: two installed shops holding something in every table, the app's webhook routes, and a
 * delivery signed as Shopify signs it (the body), with headers a test may swap as a replayer would.
 */

export const SHOP = "webhook-test.myshopify.com";
export const OTHER_SHOP = "bystander.myshopify.com";
export const SHOP_IDS: Record<string, string> = { [SHOP]: "6001", [OTHER_SHOP]: "6002" };
/** The product the seeded queued renders are of. */
export const productOf = (shop: string) => `gid://shopify/Product/7${shop.length}`;
/** Both shops' current install began before anything a test delivers. */
export const INSTALLED_AT = new Date("2026-10-01T00:00:00Z");

type Action = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

export type WebhookRoutes = Record<string, Action>;

/** Every webhook route module, by topic (imported after the app's modules are bound to the test database). */
export async function loadWebhookRoutes(): Promise<WebhookRoutes> {
  return {
    "app/uninstalled": (await import("~/routes/webhooks.app.uninstalled")).action,
    "app/scopes_update": (await import("~/routes/webhooks.app.scopes_update")).action,
    "customers/data_request": (await import("~/routes/webhooks.customers.data_request")).action,
    "customers/redact": (await import("~/routes/webhooks.customers.redact")).action,
    "shop/redact": (await import("~/routes/webhooks.shop.redact")).action,
    "products/delete": (await import("~/routes/webhooks.products.delete")).action,
    "products/create": (await import("~/routes/webhooks.products.create")).action,
    "products/update": (await import("~/routes/webhooks.products.update")).action,
    "bulk_operations/finish": (await import("~/routes/webhooks.bulk_operations.finish")).action,
  };
}

export async function seedWebhookShops(prisma: PrismaClient): Promise<void> {
  await prisma.session.deleteMany();
  await prisma.shop.deleteMany();
  for (const shop of [SHOP, OTHER_SHOP]) {
    const session = setUpValidSession({ shop, expires: new Date(Date.now() + 3_600_000), scope: "read_products" });
    await prisma.session.create({
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
    await prisma.shop.create({
      data: {
        domain: shop,
        scopes: "read_products",
        shopifyShopId: SHOP_IDS[shop],
        currentInstallSince: INSTALLED_AT,
        latestInstallAt: INSTALLED_AT,
      },
    });
    // Everything else the app keeps for a shop, so erasure and cancellation have something to act on.
    await prisma.shopSettings.create({ data: { shop, tryOnApiKeyLast4: "1234" } });
    await prisma.look.create({ data: { shop, name: "Summer", options: {} } });
    const run = await prisma.run.create({ data: { shop, scope: {}, options: {}, estimateCredits: 10 } });
    await seedRenders(prisma, shop, 2, { runId: run.id, productId: productOf(shop) });
    const [charged] = await seedRenders(prisma, shop, 1, { state: "running", externalJobId: "job", creditsCharged: 5 });
    await prisma.creditLedgerEntry.create({ data: { shop, renderId: charged!.id, kind: "charge", credits: 5 } });
  }
}

export interface Delivery {
  /** X-Shopify-Topic; the route is the topic's unless `route` says otherwise. */
  topic: string;
  /** JSON text as Shopify sent it, or a value to serialise. */
  body: unknown;
  /** X-Shopify-Shop-Domain (default SHOP). */
  shop?: string;
  route?: string;
  secret?: string;
  webhookId?: string;
  triggeredAt?: Date;
}

/** Posts a delivery to a webhook route and answers its status (thrown responses included). */
export async function deliver(routes: WebhookRoutes, delivery: Delivery): Promise<number> {
  const routeTopic = delivery.route ?? delivery.topic;
  const route = routes[routeTopic];
  if (!route) throw new Error(`no route for ${routeTopic}`);
  const request = webhookRequest(`/webhooks/${routeTopic}`, {
    topic: delivery.topic,
    shop: delivery.shop ?? SHOP,
    payload: delivery.body,
    secret: delivery.secret,
    webhookId: delivery.webhookId,
    triggeredAt: delivery.triggeredAt,
  });
  try {
    return (await route({ request, params: {}, context: {} })).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/** Signed bodies a shop's deliveries carry, shaped as Shopify's documented samples. */
export const bodies = {
  /** app/uninstalled: the shop object, naming the shop by its domains and id. */
  shopObject(shop: string, shopId = SHOP_IDS[shop] ?? "1"): Record<string, unknown> {
    return {
      ...(JSON.parse(WEBHOOK_SAMPLES["app/uninstalled"]) as object),
      id: Number(shopId),
      myshopify_domain: shop,
      domain: shop,
    };
  },
  shopRedact: (shop: string, shopId = SHOP_IDS[shop] ?? "1") => ({ shop_id: Number(shopId), shop_domain: shop }),
  customer: (shop: string, shopId = SHOP_IDS[shop] ?? "1") => ({
    shop_id: Number(shopId),
    shop_domain: shop,
    customer: { id: 191167, email: "john@example.com", phone: "555-625-1199" },
    orders_requested: [299938],
    data_request: { id: 9999 },
  }),
  scopesUpdate: (shopId: string, current: string[]) => ({
    id: 1,
    shop_id: `gid://shopify/Shop/${shopId}`,
    previous: ["read_products"],
    current,
    updated_at: "2026-11-01T00:00:00.000Z",
  }),
  productDeleted: (productGid: string) => `{"id": ${productGid.split("/").pop()}}`,
};
