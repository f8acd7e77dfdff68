import type { ActionFunctionArgs } from "@remix-run/node";
import { customersRedactPayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";

// Model Shots stores no customer data, so there is nothing to erase for a customer.
export const action = async ({ request }: ActionFunctionArgs) => {
  await authenticateWebhookFor(request, WEBHOOK_TOPICS.customersRedact, customersRedactPayload);
  return new Response(null, { status: 200 });
};
