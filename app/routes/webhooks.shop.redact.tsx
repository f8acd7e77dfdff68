import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { shopRedactPayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";
import { eraseShopData } from "~/shops/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateWebhookFor(request, WEBHOOK_TOPICS.shopRedact, shopRedactPayload);
  await eraseShopData(prisma, shop);
  return new Response(null, { status: 200 });
};
