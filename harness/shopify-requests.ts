import { getHmac, getJwt, RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";

/** Requests signed the way Shopify signs them, with the credentials of .env.example (the test environment). */

export const TEST_APP_URL = process.env.SHOPIFY_APP_URL ?? "http://localhost:3000";
/** The test helpers take a store name and append .myshopify.com themselves. */
export const storeName = (shop: string) => shop.replace(/\.myshopify\.com$/, "");
/** The `host` query parameter the admin adds: base64 of the shop's admin URL. */
export const hostParam = (shop: string) => Buffer.from(`admin.shopify.com/store/${storeName(shop)}`).toString("base64");

const apiKey = () => process.env.SHOPIFY_API_KEY ?? "";
const apiSecretKey = () => process.env.SHOPIFY_API_SECRET ?? "";

/** A fetch from the embedded app: `Authorization: Bearer <session token>`. */
export function sessionTokenRequest(path: string, shop: string, init?: RequestInit): Promise<Request> {
  return setUpValidRequest(
    { type: RequestType.Bearer, store: storeName(shop), apiKey: apiKey(), apiSecretKey: apiSecretKey() },
    new Request(new URL(path, TEST_APP_URL), init),
  );
}

/** The `Authorization` header App Bridge and the admin extensions send: a fresh session token for the shop. */
export async function sessionTokenHeader(shop: string): Promise<string> {
  const { token } = await getJwt(storeName(shop), apiKey(), apiSecretKey());
  return `Bearer ${token}`;
}

/** A document load inside the admin: `?embedded=1&shop=…&host=…&id_token=…`. */
export function embeddedDocumentRequest(path: string, shop: string): Promise<Request> {
  return setUpValidRequest(
    { type: RequestType.Admin, store: storeName(shop), apiKey: apiKey(), apiSecretKey: apiSecretKey() },
    new Request(new URL(path, TEST_APP_URL)),
  );
}

/** A session token signed with the wrong secret, or one that has expired. */
export async function badSessionTokenRequest(path: string, shop: string, flaw: "forged" | "expired"): Promise<Request> {
  const now = Date.now() / 1000;
  const { token } =
    flaw === "forged"
      ? await getJwt(storeName(shop), apiKey(), "not-the-app-secret")
      : await getJwt(storeName(shop), apiKey(), apiSecretKey(), { exp: now - 60, nbf: now - 7200, iat: now - 7200 });
  return new Request(new URL(path, TEST_APP_URL), { headers: { authorization: `Bearer ${token}` } });
}

export interface WebhookRequestOptions {
  topic: string;
  shop: string;
  /** The body: JSON text as sent (ids past 2^53 stay exact), or a value to serialise. */
  payload: unknown;
  /** Signs with another secret, as a forger would. */
  secret?: string;
  webhookId?: string;
  apiVersion?: string;
  /** When Shopify says the event happened (X-Shopify-Triggered-At); default now. */
  triggeredAt?: Date;
}

export function webhookRequest(path: string, options: WebhookRequestOptions): Request {
  const body = typeof options.payload === "string" ? options.payload : JSON.stringify(options.payload);
  return new Request(new URL(path, TEST_APP_URL), {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": options.topic,
      "X-Shopify-Shop-Domain": options.shop,
      "X-Shopify-Hmac-Sha256": getHmac(body, options.secret ?? apiSecretKey()),
      "X-Shopify-Webhook-Id": options.webhookId ?? crypto.randomUUID(),
      "X-Shopify-API-Version": options.apiVersion ?? "2026-10",
      "X-Shopify-Event-Id": crypto.randomUUID(),
      "X-Shopify-Triggered-At": (options.triggeredAt ?? new Date()).toISOString(),
    },
  });
}
