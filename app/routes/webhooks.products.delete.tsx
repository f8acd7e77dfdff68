import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { gidOf } from "~/lib/gid";
import { productsDeletePayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";
import { recordProductDeleted } from "~/shops/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhookFor(request, WEBHOOK_TOPICS.productsDelete, productsDeletePayload);
  await recordProductDeleted(prisma, shop, gidOf("Product", payload.id), new Date());
  return new Response(null, { status: 200 });
};
