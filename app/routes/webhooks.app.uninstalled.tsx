import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "../db.server";
import { appUninstalledPayload, WEBHOOK_TOPICS } from "../shopify/webhook-payloads";
import { authenticateWebhookFor } from "../shopify/webhooks.server";
import { recordShopUninstalled } from "../shops/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateWebhookFor(request, WEBHOOK_TOPICS.appUninstalled, appUninstalledPayload);
  await recordShopUninstalled(prisma, shop, new Date());
  return new Response(null, { status: 200 });
};
