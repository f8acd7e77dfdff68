import type { PrismaClient } from "@prisma/client";
import type { Session } from "@shopify/shopify-api";
import { setUpValidSession } from "@shopify/shopify-api/test-helpers";
import type { FakeAdminApi } from "../fakes/shopify-admin";

export const APP_SCOPES = "read_products,write_products,write_files,read_locales";

export interface InstallShopDeps {
  prisma: PrismaClient;
  /** The app's own session storage (app/shopify.server.ts), so sessions are stored exactly as the app stores them. */
  sessionStorage: { storeSession(session: Session): Promise<boolean> };
  fake: FakeAdminApi;
}

/**
 * A shop as it is after installing the app: known to the fake Admin API, an offline session whose token the fake
 * accepts, and the app's Shop row.
 */
export async function installShop(deps: InstallShopDeps, shop: string, scopes = APP_SCOPES): Promise<void> {
  if (!deps.fake.store.hasShop(shop)) deps.fake.store.addShop({ domain: shop });
  await deps.sessionStorage.storeSession(
    setUpValidSession({
      shop,
      expires: new Date(Date.now() + 3_600_000),
      scope: scopes,
      accessToken: deps.fake.issueAccessToken(shop),
    }),
  );
  await deps.prisma.shop.upsert({ where: { domain: shop }, create: { domain: shop, scopes }, update: {} });
}
