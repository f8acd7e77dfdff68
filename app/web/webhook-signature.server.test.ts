import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "./webhook-signature.server";

const SECRET = "app-secret";
const BODY = '{"id":788032119674292922,"title":"Example T-Shirt"}';
const signed = (body: string, secret = SECRET, headers: Record<string, string | null> = {}, method = "POST") => {
  const all: Record<string, string | null> = {
    "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body, "utf8").digest("base64"),
    "X-Shopify-Topic": "products/create",
    "X-Shopify-Shop-Domain": "shop.myshopify.com",
    "X-Shopify-Webhook-Id": "w-1",
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Triggered-At": "2026-11-27T10:00:00.000Z",
    ...headers,
  };
  const present = Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null);
  return new Request("https://app.test/webhooks/products/create", {
    method,
    headers: Object.fromEntries(present),
    ...(method === "POST" ? { body } : {}),
  });
};
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (thrown: unknown) => (thrown instanceof Response ? thrown.status : -1),
  );

describe("a webhook's signature, checked on its own", () => {
  it("vouches for the headers beside a body signed with the app's secret", async () => {
    expect(await verifyWebhookSignature(signed(BODY), SECRET)).toEqual({
      topic: "products/create",
      shop: "shop.myshopify.com",
      webhookId: "w-1",
      triggeredAt: "2026-11-27T10:00:00.000Z",
    });
  });

  it("answers 401 to another secret's signature or a body changed after signing", async () => {
    expect(await statusOf(verifyWebhookSignature(signed(BODY, "another-secret"), SECRET))).toBe(401);
    const request = signed(BODY);
    const tampered = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: BODY.replace("T", "t"),
    });
    expect(await statusOf(verifyWebhookSignature(tampered, SECRET))).toBe(401);
    expect(
      await statusOf(verifyWebhookSignature(signed(BODY, SECRET, { "X-Shopify-Hmac-Sha256": "c2hvcnQ=" }), SECRET)),
    ).toBe(401);
  });

  it("answers 400 without a header Shopify always sends, and 405 to another method", async () => {
    for (const name of [
      "X-Shopify-Hmac-Sha256",
      "X-Shopify-Topic",
      "X-Shopify-Shop-Domain",
      "X-Shopify-Webhook-Id",
      "X-Shopify-API-Version",
    ])
      expect(await statusOf(verifyWebhookSignature(signed(BODY, SECRET, { [name]: null }), SECRET)), name).toBe(400);
    expect(await statusOf(verifyWebhookSignature(signed(BODY, SECRET, {}, "GET"), SECRET))).toBe(405);
  });
});
