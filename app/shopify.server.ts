import "@shopify/shopify-app-remix/adapters/node";
import { AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { env } from "./env.server";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { encryptedSessionStorage } from "~/shops/encrypted-session-storage.server";
import { recordShopInstalled, shopIdUnknown } from "~/shops/shop-lifecycle.server";
import { makeAdminGraphql } from "~/shopify/admin-graphql.server";
import { readShopId } from "~/shopify/shop-info.server";
import { appLogger } from "~/lib/logger.server";

const config = env();

/**
 * Shopify's id of the shop, read once (webhooks that name a shop id are checked against it, ADR 063). An install
 * never fails for it: when Shopify cannot answer now, the next token exchange or a webhook naming both the shop's
 * domain and its id records it.
 */
async function shopIdToRecord(shop: string, graphql: (query: string) => Promise<Response>): Promise<string | null> {
  if (!(await shopIdUnknown(prisma, shop))) return null;
  try {
    return await readShopId(makeAdminGraphql({ label: shop, maxRetries: 1, request: (query) => graphql(query) }));
  } catch (error) {
    appLogger().warn({ shop, error: error instanceof Error ? error.message : String(error) }, "shop id not read");
    return null;
  }
}

// The only shopifyApp() call. Webhook subscriptions live in shopify.app.toml (app-specific), not here.
const shopify = shopifyApp({
  apiKey: config.SHOPIFY_API_KEY,
  apiSecretKey: config.SHOPIFY_API_SECRET,
  appUrl: config.SHOPIFY_APP_URL,
  scopes: config.SCOPES,
  apiVersion: ADMIN_API_VERSION,
  authPathPrefix: "/auth",
  // Access and refresh tokens are sealed by the keyring before they reach the table.
  sessionStorage: encryptedSessionStorage(new PrismaSessionStorage(prisma), keyringFromEnv(config)),
  distribution: AppDistribution.AppStore,
  future: {
    // Token exchange: Shopify-managed installation, no OAuth redirects inside the admin.
    unstable_newEmbeddedAuthStrategy: true,
    // Offline tokens expire and are refreshed by the library; a leaked token is useful for an hour, not forever.
    expiringOfflineAccessTokens: true,
  },
  hooks: {
    afterAuth: async ({ session, admin }) => {
      const shopifyShopId = await shopIdToRecord(session.shop, (query) => admin.graphql(query));
      await recordShopInstalled(prisma, { shop: session.shop, scopes: session.scope ?? "", shopifyShopId });
    },
  },
  ...(config.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [config.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const apiVersion = ADMIN_API_VERSION;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
