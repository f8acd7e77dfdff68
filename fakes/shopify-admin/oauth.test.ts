import "@shopify/shopify-api/adapters/node";
import { HttpResponseError, LogSeverity, RequestedTokenType, shopifyApi, type Session } from "@shopify/shopify-api";
import { getJwt, USER_ID } from "@shopify/shopify-api/test-helpers";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { createFakeAdminApi } from "./fake-admin";
import { fakeAdminHandlers, routeShopifyApiFetchThroughMsw } from "./msw";
import { ID_TOKEN_TYPE, OFFLINE_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from "./oauth";
import { adminGraphqlRequest } from "./requests";

const CLIENT_ID = "oauth-test-client-id";
const CLIENT_SECRET = "oauth-test-client-secret";
const SHOP = "token-test.myshopify.com";
const STORE = "token-test";

let clockOffset = 0;
const fake = createFakeAdminApi({
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  now: () => Date.now() + clockOffset,
});
fake.store.addShop({ domain: SHOP });
const server = setupServer(...fakeAdminHandlers(fake));

const shopify = shopifyApi({
  apiKey: CLIENT_ID,
  apiSecretKey: CLIENT_SECRET,
  apiVersion: ADMIN_API_VERSION,
  hostName: "model-shots.test",
  isEmbeddedApp: true,
  scopes: ["read_products", "write_products", "write_files", "read_locales"],
  logger: { level: LogSeverity.Error },
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  routeShopifyApiFetchThroughMsw();
});
afterAll(() => server.close());

const sessionToken = async (overrides: Parameters<typeof getJwt>[3] = {}, secret = CLIENT_SECRET, store = STORE) =>
  (await getJwt(store, CLIENT_ID, secret, overrides)).token;

async function shopName(session: Session): Promise<string> {
  const client = new shopify.clients.Graphql({ session });
  const response = await client.request<{ shop: { name: string } }>(`{ shop { name } }`);
  return response.data!.shop.name;
}

function postToken(body: Record<string, string>): Promise<Response> {
  return fetch(`https://${SHOP}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("token exchange at POST https://{shop}/admin/oauth/access_token", () => {
  it("exchanges a session token for an expiring offline token with a refresh token, which then works on GraphQL", async () => {
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: await sessionToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    expect(session).toMatchObject({
      shop: SHOP,
      isOnline: false,
      scope: "read_products,write_products,write_files,read_locales",
    });
    expect(session.accessToken).toMatch(/^shpat_/);
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect(session.expires!.getTime() - Date.now()).toBeGreaterThan(3_590_000);
    expect(session.refreshTokenExpires!.getTime()).toBeGreaterThan(session.expires!.getTime());
    expect(await shopName(session)).toBe(STORE);
  });

  it("issues a non-expiring offline token when expiring is off", async () => {
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: await sessionToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: false,
    });
    expect(session.expires).toBeUndefined();
    expect(session.refreshToken).toBeUndefined();
  });

  it("exchanges for an online token that carries the session token's user", async () => {
    const { session } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: await sessionToken(),
      requestedTokenType: RequestedTokenType.OnlineAccessToken,
    });
    expect(session.isOnline).toBe(true);
    expect(session.onlineAccessInfo?.associated_user.id).toBe(USER_ID);
    expect(await shopName(session)).toBe(STORE);
  });

  it.each([
    ["signed with another secret", () => sessionToken({}, "not-the-secret")],
    ["expired", () => sessionToken({ exp: Date.now() / 1000 - 60 })],
    ["issued for another app", () => sessionToken({ aud: "another-app" })],
    ["issued for another shop", () => sessionToken({}, CLIENT_SECRET, "someone-else")],
  ])("refuses a session token %s with 400 invalid_subject_token", async (_, token) => {
    const response = await postToken({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: await token(),
      subject_token_type: ID_TOKEN_TYPE,
      requested_token_type: OFFLINE_TOKEN_TYPE,
      expiring: "1",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_subject_token" });
  });

  it("refuses wrong client credentials with 401 invalid_client", async () => {
    const response = await postToken({
      client_id: CLIENT_ID,
      client_secret: "wrong",
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: await sessionToken(),
      subject_token_type: ID_TOKEN_TYPE,
      requested_token_type: OFFLINE_TOKEN_TYPE,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("migrates a non-expiring offline token to an expiring one, retiring the old token", async () => {
    const old = fake.issueAccessToken(SHOP);
    const { session } = await shopify.auth.migrateToExpiringToken({ shop: SHOP, nonExpiringOfflineAccessToken: old });
    expect(session.refreshToken).toMatch(/^shprt_/);
    const withOld = await fake.handle(
      adminGraphqlRequest({ shop: SHOP, query: "{ shop { name } }", accessToken: old }),
    );
    expect(withOld.status).toBe(401);
  });
});

describe("refresh", () => {
  it("rotates: the new pair works, the old access token and the used refresh token stop working", async () => {
    const { session: first } = await shopify.auth.tokenExchange({
      shop: SHOP,
      sessionToken: await sessionToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    const { session: second } = await shopify.auth.refreshToken({ shop: SHOP, refreshToken: first.refreshToken! });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await shopName(second)).toBe(STORE);
    await expect(shopName(first)).rejects.toSatisfy((e) => e instanceof HttpResponseError && e.response.code === 401);

    const reused = await shopify.auth
      .refreshToken({ shop: SHOP, refreshToken: first.refreshToken! })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(HttpResponseError);
    expect((reused as HttpResponseError).response).toMatchObject({
      code: 401,
      body: { error: "invalid_request", error_description: "This request requires an active refresh_token" },
    });
  });
});

describe("access tokens on GraphQL", () => {
  it("answers an unknown access token with 401 and Shopify's message", async () => {
    const response = await fake.handle(
      adminGraphqlRequest({ shop: SHOP, query: "{ shop { name } }", accessToken: "shpat_unknown" }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });
    const missing = await fake.handle(adminGraphqlRequest({ shop: SHOP, query: "{ shop { name } }" }));
    expect(missing.status).toBe(401);
  });

  it("answers an expired expiring token with 401, and a token of another shop too", async () => {
    fake.store.addShop({ domain: "neighbour.myshopify.com" });
    const token = fake.issueAccessToken(SHOP, { expiring: true });
    const query = (shop: string) =>
      fake.handle(adminGraphqlRequest({ shop, query: "{ shop { name } }", accessToken: token }));
    expect((await query(SHOP)).status).toBe(200);
    expect((await query("neighbour.myshopify.com")).status).toBe(401);
    clockOffset = 3_601_000;
    try {
      expect((await query(SHOP)).status).toBe(401);
    } finally {
      clockOffset = 0;
    }
  });
});
