import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATABASE_KINDS, snapshotAllRows, type TestDatabase } from "../../harness/database";
import { seedRenders } from "../../harness/render-fixtures";
import { useAppDatabase } from "../support/app-modules";
import { samplePayload } from "../support/shopify-webhook-samples";
import {
  bodies,
  deliver,
  loadWebhookRoutes,
  OTHER_SHOP,
  productOf,
  seedWebhookShops,
  SHOP,
  SHOP_IDS,
  type WebhookRoutes,
} from "../support/webhook-shops";

/**
 * Shopify signs a webhook's body, not its headers: the shop, the topic, the webhook id and the trigger time can be
 * changed by anyone who replays a signed body. These deliveries are what such a replayer, and Shopify's own late and
 * repeated deliveries, can send; none of them may change another shop's data, undo a reinstall, or apply twice.
 */
describe.each(DATABASE_KINDS)("signed webhooks on %s", (kind) => {
  let database: TestDatabase;
  let routes: WebhookRoutes;

  beforeAll(async () => {
    database = await useAppDatabase(kind);
    routes = await loadWebhookRoutes();
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await seedWebhookShops(database.prisma);
  });

  const snapshot = () => snapshotAllRows(database.prisma);
  const setShop = (shop: string, data: { uninstalledAt?: Date | null; shopifyShopId?: string | null }) =>
    database.prisma.shop.update({ where: { domain: shop }, data });
  const shopRow = (shop: string) => database.prisma.shop.findUnique({ where: { domain: shop } });

  describe("a signed body replayed with another shop's headers changes nothing", () => {
    it.each([
      ["its id known", SHOP_IDS[OTHER_SHOP]],
      ["its id not known yet", null],
    ] as const)(
      "a customers/data_request body of one shop, re-sent to shop/redact as another (uninstalled) shop's, erases nothing (the shop %s)",
      async (_case, storedId) => {
        await setShop(OTHER_SHOP, { uninstalledAt: new Date(Date.now() - 3_600_000), shopifyShopId: storedId });
        const before = await snapshot();
        const replayed = {
          topic: "shop/redact",
          body: bodies.customer(SHOP),
          shop: OTHER_SHOP,
          triggeredAt: new Date(),
        };
        expect(await deliver(routes, replayed)).toBe(200);
        expect(await snapshot()).toEqual(before);
        // The same shop's own redact does erase it: the refusal above is the binding, not the state.
        expect(await deliver(routes, { ...replayed, body: bodies.shopRedact(OTHER_SHOP) })).toBe(200);
        expect(await shopRow(OTHER_SHOP)).toBeNull();
      },
    );

    it("a shop/redact body of one shop, re-sent with another (uninstalled) shop's domain, erases nothing", async () => {
      await setShop(OTHER_SHOP, { uninstalledAt: new Date(Date.now() - 3_600_000) });
      const before = await snapshot();
      expect(await deliver(routes, { topic: "shop/redact", body: bodies.shopRedact(SHOP), shop: OTHER_SHOP })).toBe(
        200,
      );
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ["its id known", SHOP_IDS[OTHER_SHOP]],
      ["its id not known yet", null],
    ] as const)(
      "a products/delete body re-sent as app/uninstalled with a fresh triggered-at uninstalls nothing (the shop %s)",
      async (_case, storedId) => {
        await setShop(OTHER_SHOP, { shopifyShopId: storedId });
        const before = await snapshot();
        const replayed = {
          topic: "app/uninstalled",
          body: samplePayload("products/delete", OTHER_SHOP),
          shop: OTHER_SHOP,
          triggeredAt: new Date(),
        };
        expect(await deliver(routes, replayed)).toBe(200);
        expect(await snapshot()).toEqual(before);
      },
    );

    it("an app/uninstalled body of one shop, re-sent with another shop's domain, uninstalls nothing, with or without its domains", async () => {
      const before = await snapshot();
      const named = bodies.shopObject(SHOP);
      // Shopify's sample form: the domains null, the shop named by its id only.
      const byIdOnly = { ...named, myshopify_domain: null, domain: null };
      for (const body of [named, byIdOnly]) {
        expect(await deliver(routes, { topic: "app/uninstalled", body, shop: OTHER_SHOP })).toBe(200);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("an app/scopes_update body of one shop, re-sent with another shop's domain, changes no scopes", async () => {
      const before = await snapshot();
      const body = bodies.scopesUpdate(SHOP_IDS[SHOP]!, ["read_products", "write_products", "write_files"]);
      expect(await deliver(routes, { topic: "app/scopes_update", body, shop: OTHER_SHOP })).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it("learns a shop's id only from a body that names the shop's domain beside it", async () => {
      await setShop(SHOP, { shopifyShopId: null });
      // An id alone cannot be checked: nothing happens and nothing is learned.
      const idOnly = { ...bodies.shopObject(SHOP, "9999"), myshopify_domain: null, domain: null };
      expect(await deliver(routes, { topic: "app/uninstalled", body: idOnly })).toBe(200);
      expect((await shopRow(SHOP))?.shopifyShopId).toBeNull();
      expect((await shopRow(SHOP))?.uninstalledAt).toBeNull();
      // Beside the shop's own domain, in one signed body, it is the shop's id.
      expect(await deliver(routes, { topic: "customers/data_request", body: bodies.customer(SHOP, "7777") })).toBe(200);
      expect((await shopRow(SHOP))?.shopifyShopId).toBe("7777");
      // From then on a body naming another id is another shop's.
      expect(await deliver(routes, { topic: "app/uninstalled", body: idOnly })).toBe(200);
      expect((await shopRow(SHOP))?.uninstalledAt).toBeNull();
    });
  });

  describe("a delivery is applied once", () => {
    it("a retry of an applied products/delete (same webhook id) leaves a render queued since; a new delivery cancels it", async () => {
      const productId = productOf(SHOP);
      const delivery = { topic: "products/delete", body: bodies.productDeleted(productId), webhookId: "delivery-1" };
      expect(await deliver(routes, delivery)).toBe(200);
      // seedRenders answers all the shop's renders: the one queued now is the only queued one.
      const queuedSince = (await seedRenders(database.prisma, SHOP, 1, { productId })).find(
        (render) => render.state === "queued",
      );
      expect(await deliver(routes, delivery)).toBe(200);
      expect(await database.prisma.render.findUniqueOrThrow({ where: { id: queuedSince!.id } })).toMatchObject({
        state: "queued",
      });
      expect(await deliver(routes, { ...delivery, webhookId: "delivery-2" })).toBe(200);
      expect(await database.prisma.render.findUniqueOrThrow({ where: { id: queuedSince!.id } })).toMatchObject({
        state: "cancelled",
      });
    });

    it("the same webhook id at another shop is that shop's own delivery", async () => {
      const webhookId = "same-id";
      expect(await deliver(routes, { topic: "app/uninstalled", body: bodies.shopObject(SHOP), webhookId })).toBe(200);
      expect(
        await deliver(routes, {
          topic: "app/uninstalled",
          body: bodies.shopObject(OTHER_SHOP),
          shop: OTHER_SHOP,
          webhookId,
        }),
      ).toBe(200);
      expect((await shopRow(OTHER_SHOP))?.uninstalledAt).toBeInstanceOf(Date);
    });
  });

  describe("a late delivery after a reinstall changes nothing", () => {
    // Uninstalled at 10:00, reinstalled at 10:05; each delivery below was triggered at 10:02 and arrives now.
    const uninstalledAt = new Date("2026-11-20T10:00:00Z");
    const reinstalledAt = new Date("2026-11-20T10:05:00Z");
    const triggeredAt = new Date("2026-11-20T10:02:00Z");

    beforeEach(async () => {
      const { recordShopInstalled } = await import("~/shops/shop-lifecycle.server");
      await setShop(SHOP, { uninstalledAt });
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "read_products", at: reinstalledAt });
    });

    it.each([
      ["app/uninstalled", () => bodies.shopObject(SHOP)],
      ["app/scopes_update", () => bodies.scopesUpdate(SHOP_IDS[SHOP]!, ["read_products", "write_files"])],
      ["shop/redact", () => bodies.shopRedact(SHOP)],
      ["products/delete", () => bodies.productDeleted(productOf(SHOP))],
      ["bulk_operations/finish", () => samplePayload("bulk_operations/finish", SHOP)],
      ["customers/data_request", () => bodies.customer(SHOP)],
      ["customers/redact", () => bodies.customer(SHOP)],
    ])("a late %s", async (topic, body) => {
      // Work the new install queued: what a late products/delete would cancel.
      await seedRenders(database.prisma, SHOP, 1, { productId: productOf(SHOP) });
      const before = await snapshot();
      expect(await deliver(routes, { topic, body: body(), triggeredAt })).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it("a shop/redact triggered before the shop's latest uninstall (it was for an earlier one) erases nothing", async () => {
      const uninstalledAgainAt = new Date("2026-11-22T09:00:00Z");
      await setShop(SHOP, { uninstalledAt: uninstalledAgainAt });
      const before = await snapshot();
      // Triggered after the reinstall but before the second uninstall: that redact was for the first one.
      const redact = {
        topic: "shop/redact",
        body: bodies.shopRedact(SHOP),
        triggeredAt: new Date("2026-11-22T08:00:00Z"),
      };
      expect(await deliver(routes, redact)).toBe(200);
      expect(await snapshot()).toEqual({ ...before, WebhookDelivery: expect.any(Array) });
      expect(await shopRow(SHOP)).not.toBeNull();
      // The redact of the second uninstall, triggered after it, erases the shop.
      expect(await deliver(routes, { ...redact, triggeredAt: new Date("2026-11-24T09:00:00Z") })).toBe(200);
      expect(await shopRow(SHOP)).toBeNull();
    });

    it("a shop/redact of a shop that is installed erases nothing", async () => {
      const before = await snapshot();
      expect(await deliver(routes, { topic: "shop/redact", body: bodies.shopRedact(SHOP) })).toBe(200);
      expect(await snapshot()).toEqual({ ...before, WebhookDelivery: expect.any(Array) });
    });

    it("one triggered after the reinstall applies", async () => {
      expect(await deliver(routes, { topic: "products/delete", body: bodies.productDeleted(productOf(SHOP)) })).toBe(
        200,
      );
      expect(await database.prisma.render.count({ where: { shop: SHOP, state: "queued" } })).toBe(0);
    });
  });
});
