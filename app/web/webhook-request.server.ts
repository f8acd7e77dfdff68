import type { z } from "zod";
import { authenticate } from "~/shopify.server";
import type { WebhookTopic } from "~/shopify/webhook-payloads";
import { readBodyOf } from "./body-limits.server";

/** Normalises "APP_UNINSTALLED" and "app/uninstalled" to one form. */
const topicKey = (topic: string) => topic.toLowerCase().replace(/[/_]/g, "");

/**
 * Reads the body under the webhook limit (413 past it), verifies the HMAC (401 when forged, by Shopify's library),
 * then that the delivery is the topic this route handles and that its payload has the fields the handler reads (400
 * otherwise, so nothing changes).
 */
export async function authenticateWebhookFor<Schema extends z.ZodType>(
  received: Request,
  topic: WebhookTopic,
  payloadSchema: Schema,
): Promise<{ shop: string; webhookId: string; triggeredAt: Date | undefined; payload: z.infer<Schema> }> {
  // Shopify's library reads the whole body itself to check the signature: it gets the bytes already read.
  const body = await readBodyOf("webhook", received);
  const context = await authenticate.webhook(
    new Request(received.url, { method: received.method, headers: received.headers, body }),
  );
  if (topicKey(context.topic) !== topicKey(topic)) {
    throw new Response(`This endpoint handles ${topic}, not ${context.topic}`, { status: 400 });
  }
  const parsed = payloadSchema.safeParse(context.payload);
  if (!parsed.success) {
    throw new Response(`Malformed ${topic} payload`, { status: 400 });
  }
  // When the event happened, per Shopify (X-Shopify-Triggered-At); absent or unreadable: unknown.
  const triggered = context.triggeredAt ? new Date(context.triggeredAt) : undefined;
  const triggeredAt = triggered && !Number.isNaN(triggered.getTime()) ? triggered : undefined;
  return { shop: context.shop, webhookId: context.webhookId, triggeredAt, payload: parsed.data };
}
