import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import { fakeAdminHandlers, routeShopifyApiFetchThroughMsw } from "../fakes/shopify-admin/msw";
import { useAppDatabase } from "./support/app-modules";
import type { TestDatabase } from "../harness/database";
import { embeddedDocumentRequest, sessionTokenRequest } from "../harness/shopify-requests";

const SHOP = "first-install.myshopify.com";

/**
 * A first visit from the admin: no session stored yet, so the app's real `authenticate.admin` exchanges the
 * session token for an expiring offline token (against the fake Admin API's token endpoint), stores it, and
 * the afterAuth hook records the shop.
 */
describe("installing through token exchange", () => {
  const fake = createFakeAdminApi();
  const server = setupServer(...fakeAdminHandlers(fake));
  let database: TestDatabase;
  let shopGid: string;

  beforeAll(async () => {
    shopGid = fake.store.addShop({ domain: SHOP }).id;
    database = await useAppDatabase("pglite");
    server.listen({ onUnhandledRequest: "error" });
    routeShopifyApiFetchThroughMsw();
  });
  afterAll(async () => {
    server.close();
    await database?.close();
  });

  it("stores an expiring offline session and records the shop on the first document load", async () => {
    const { loader } = await import("~/routes/app._index/route");
    const request = await embeddedDocumentRequest("/app", SHOP);
    const response: unknown = await loader({ request, params: {}, context: {} });
    expect(response instanceof Response ? response.status : 200).toBe(200);

    const session = await database.prisma.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    expect(session.accessToken).toMatch(/\S/);
    expect(session.expires?.getTime()).toBeGreaterThan(Date.now());
    expect(session.refreshToken).toMatch(/\S/);
    expect(session.scope).toBe("read_products,write_products,write_files,read_locales");
    const shop = await database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(shop.uninstalledAt).toBeNull();
    // Its Shopify id, which webhooks naming a shop id are checked against (ADR 063).
    expect(shop.shopifyShopId).toBe(shopGid.split("/").pop());
    expect(fake.requests.filter((entry) => entry.target === "oauth").map((entry) => entry.grantType)).toEqual([
      "urn:ietf:params:oauth:grant-type:token-exchange",
    ]);
  });

  it("reuses the stored session on later fetches without another exchange", async () => {
    const { loader } = await import("~/routes/app._index/route");
    await loader({ request: await sessionTokenRequest("/app", SHOP), params: {}, context: {} });
    expect(fake.requests.filter((entry) => entry.target === "oauth")).toHaveLength(1);
  });
});
