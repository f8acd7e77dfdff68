import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { exportFinished } from "~/renders/runs/collection-listings.server";
import { bulkOperationsFinishPayload, WEBHOOK_TOPICS } from "~/shopify/webhook-payloads";
import { authenticateWebhookFor } from "~/web/webhook-request.server";

/** A bulk export ended: the collection listing waiting on it is read now instead of at its next poll (ADR 055). */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhookFor(
    request,
    WEBHOOK_TOPICS.bulkOperationsFinish,
    bulkOperationsFinishPayload,
  );
  await exportFinished(prisma, {
    shop,
    operationId: payload.admin_graphql_api_id,
    status: payload.status,
    now: new Date(),
  });
  return new Response(null, { status: 200 });
};
