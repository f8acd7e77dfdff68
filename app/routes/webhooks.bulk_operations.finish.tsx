import { exportFinished } from "~/renders/runs/collection-listings.server";
import { webhookAction } from "~/web/webhook-delivery.server";

/**
 * A bulk export ended: the collection listing waiting on it is read now instead of at its next poll (ADR 055). It names
 * one operation of this shop, so only one from an earlier install is stale (a token exchange since changes nothing).
 */
export const action = webhookAction({
  topic: "bulk_operations/finish",
  staleBefore: "install",
  apply: (tx, { shop, payload, receivedAt }) =>
    exportFinished(tx, {
      shop: shop.domain,
      operationId: payload.admin_graphql_api_id,
      status: payload.status,
      now: receivedAt,
    }).then(() => undefined),
});
