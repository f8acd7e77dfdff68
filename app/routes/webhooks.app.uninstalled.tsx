import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { appUninstalledPayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";
import { recordShopUninstalled } from "~/shops/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, triggeredAt } = await authenticateWebhookFor(
    request,
    WEBHOOK_TOPICS.appUninstalled,
    appUninstalledPayload,
  );
  // A delivery older than the shop's latest install is answered 200 (it was received) and changes nothing.
  const now = new Date();
  await recordShopUninstalled(prisma, shop, now, triggeredAt ?? now);
  return new Response(null, { status: 200 });
};
