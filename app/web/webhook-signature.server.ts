import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

/** What a checked signature vouches for (the headers beside the signed body, ADR 063). */
export interface SignedWebhook {
  topic: string;
  shop: string;
  webhookId: string;
  triggeredAt?: string;
}

/**
 * Shopify's signature check of a webhook and nothing else (ADR 097): X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256
 * of the raw body with the app's secret, compared in constant time. `authenticate.webhook` does the same check and then
 * loads the shop's offline session (a database read and a decryption, and a request to Shopify when the token has
 * expired); the library's check itself signs with WebCrypto, which cost about 3 ms of the main thread per delivery in
 * benchmark 14's profile. A topic that only records what arrived (products/create and products/update, by the thousand
 * in a CSV import) needs neither. Answers as `authenticate.webhook` does: 405 for another method, 401 for a wrong
 * signature, 400 for a missing header.
 */
export async function verifyWebhookSignature(
  request: Request,
  secret: string = env().SHOPIFY_API_SECRET,
): Promise<SignedWebhook> {
  if (request.method !== "POST") throw new Response(undefined, { status: 405 });
  const header = (name: string) => request.headers.get(name) ?? undefined;
  const hmac = header("X-Shopify-Hmac-Sha256");
  const topic = header("X-Shopify-Topic");
  const shop = header("X-Shopify-Shop-Domain");
  const webhookId = header("X-Shopify-Webhook-Id");
  if (!hmac || !topic || !shop || !webhookId || !header("X-Shopify-API-Version")) {
    throw new Response(undefined, { status: 400 });
  }
  const body = Buffer.from(await request.arrayBuffer());
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(hmac, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Response(undefined, { status: 401 });
  }
  const triggeredAt = header("X-Shopify-Triggered-At");
  return { topic, shop, webhookId, ...(triggeredAt ? { triggeredAt } : {}) };
}
