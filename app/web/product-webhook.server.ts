import { recordProductDelivery } from "~/automation/record-delivery.server";
import { productSnapshotOf } from "~/shopify/webhook-payloads";
import { webhookRecordAction } from "./webhook-delivery.server";

/**
 * The action of products/create and products/update: the delivery is recorded, in one statement, for the worker to
 * gather into automatic runs (issue 29, ADR 076, 097); the answer never waits on planning.
 */
export function productWebhookAction(topic: "products/create" | "products/update") {
  return webhookRecordAction({
    topic,
    record: (db, { shop, payload, webhookId, receivedAt, triggeredAt }) => {
      const updatedAt = payload.updated_at ? new Date(payload.updated_at) : triggeredAt;
      return recordProductDelivery(db, {
        shop,
        webhookId,
        topic,
        triggeredAt,
        receivedAt,
        product: productSnapshotOf(payload),
        productUpdatedAt: Number.isNaN(updatedAt.getTime()) ? triggeredAt : updatedAt,
      });
    },
  });
}
