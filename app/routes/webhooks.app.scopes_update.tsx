import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { appScopesUpdatePayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";
import { recordScopesUpdated } from "~/shops/shop-lifecycle.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhookFor(
    request,
    WEBHOOK_TOPICS.appScopesUpdate,
    appScopesUpdatePayload,
  );
  await recordScopesUpdated(prisma, shop, payload.current);
  return new Response(null, { status: 200 });
};
