import "@shopify/shopify-app-remix/adapters/node";
import { AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { env } from "./env.server";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { encryptedSessionStorage } from "~/shops/encrypted-session-storage.server";
import { recordShopInstalled } from "~/shops/shop-lifecycle.server";

const config = env();

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
    afterAuth: async ({ session }) => {
      await recordShopInstalled(prisma, { shop: session.shop, scopes: session.scope ?? "" });
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
