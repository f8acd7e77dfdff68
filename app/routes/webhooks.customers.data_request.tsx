import type { ActionFunctionArgs } from "@remix-run/node";
import { customersDataRequestPayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";

// Model Shots stores product images and staff decisions, never customer data: there is nothing to report.
export const action = async ({ request }: ActionFunctionArgs) => {
  await authenticateWebhookFor(request, WEBHOOK_TOPICS.customersDataRequest, customersDataRequestPayload);
  return new Response(null, { status: 200 });
};
