import "@shopify/shopify-api/adapters/node";
import { ApiVersion, shopifyApi } from "@shopify/shopify-api";
import { describe, expect, test } from "vitest";
import { readLocalCredentials } from "./local-credentials";
import { mintSessionToken, SESSION_TOKEN_LIFETIME_SECONDS } from "./session-token";

const local = readLocalCredentials();
const shopify = shopifyApi({
  apiKey: local.apiKey,
  apiSecretKey: local.apiSecret,
  scopes: ["read_products"],
  hostName: "localhost",
  apiVersion: ApiVersion.October25,
  isEmbeddedApp: true,
  logger: { level: 0 },
});

describe("the sandbox's session tokens", () => {
  test("are accepted by Shopify's own verification, for the shop and the staff member they name", async () => {
    const { token } = mintSessionToken({
      shop: "demo.myshopify.com",
      apiKey: local.apiKey,
      apiSecret: local.apiSecret,
      userId: "42",
    });
    const payload = await shopify.session.decodeSessionToken(token);
    expect(payload.dest).toBe("https://demo.myshopify.com");
    expect(payload.aud).toBe(local.apiKey);
    expect(payload.sub).toBe("42");
  });

  test("live one minute, like Shopify's", () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const { claims } = mintSessionToken({
      shop: "demo.myshopify.com",
      apiKey: local.apiKey,
      apiSecret: local.apiSecret,
      userId: "42",
      now,
    });
    expect(claims.exp - claims.iat).toBe(SESSION_TOKEN_LIFETIME_SECONDS);
    expect(SESSION_TOKEN_LIFETIME_SECONDS).toBe(60);
  });

  test("signed with another secret are refused by Shopify's verification", async () => {
    const { token } = mintSessionToken({
      shop: "demo.myshopify.com",
      apiKey: local.apiKey,
      apiSecret: "someone-elses-secret",
      userId: "42",
    });
    await expect(shopify.session.decodeSessionToken(token)).rejects.toThrow();
  });
});
