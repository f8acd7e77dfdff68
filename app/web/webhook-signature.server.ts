import "@shopify/shopify-app-remix/adapters/node";
import { LogSeverity, shopifyApi, WebhookValidationErrorReason } from "@shopify/shopify-api";
import { env } from "~/env.server";
import { ADMIN_API_VERSION } from "~/shopify/api-version";

/** What a checked signature vouches for (the headers beside the signed body, ADR 063). */
export interface SignedWebhook {
  topic: string;
  shop: string;
  webhookId: string;
  triggeredAt?: string;
}

let validator: ReturnType<typeof shopifyApi> | undefined;

/** Shopify's library with the app's secret, for its webhook check only (its logger quiet: it logs on creation). */
function webhookValidator(): ReturnType<typeof shopifyApi> {
  const config = env();
  validator ??= shopifyApi({
    apiKey: config.SHOPIFY_API_KEY,
    apiSecretKey: config.SHOPIFY_API_SECRET,
    apiVersion: ADMIN_API_VERSION,
    hostName: new URL(config.SHOPIFY_APP_URL).host,
    isEmbeddedApp: true,
    logger: { level: LogSeverity.Error },
  });
  return validator;
}

/**
 * Shopify's signature check of a webhook and nothing else (ADR 097). `authenticate.webhook` does the same check and
 * then loads the shop's offline session, a database read and a decryption, and refreshes the token when it has expired,
 * a request to Shopify: a topic that only records what arrived (products/create and products/update, by the thousand
 * in a CSV import) needs neither, and its answer should not wait on them. Answers as `authenticate.webhook` does:
 * 405 for another method, 401 for a wrong signature, 400 for missing headers.
 */
export async function verifyWebhookSignature(request: Request): Promise<SignedWebhook> {
  if (request.method !== "POST") throw new Response(undefined, { status: 405 });
  const check = await webhookValidator().webhooks.validate({ rawBody: await request.text(), rawRequest: request });
  if (!check.valid) {
    throw new Response(undefined, { status: check.reason === WebhookValidationErrorReason.InvalidHmac ? 401 : 400 });
  }
  return {
    topic: check.topic,
    shop: check.domain,
    webhookId: check.webhookId,
    ...("triggeredAt" in check && check.triggeredAt ? { triggeredAt: check.triggeredAt } : {}),
  };
}
