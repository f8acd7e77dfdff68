import { recordProductDelivery } from "~/automation/record-delivery.server";
import { productSnapshotOf } from "~/shopify/webhook-payloads";
import { webhookAction } from "./webhook-delivery.server";

/**
 * The action of products/create and products/update: the delivery is recorded for the worker to gather into
 * automatic runs (issue 29); the answer never waits on planning.
 */
export function productWebhookAction(topic: "products/create" | "products/update") {
  return webhookAction({
    topic,
    staleBefore: "install",
    // Changes nothing of the shop's row: a burst applies side by side (ADR 076).
    shopLock: "share",
    apply: async (tx, { shop, payload, webhookId, receivedAt, triggeredAt }) => {
      const updatedAt = payload.updated_at ? new Date(payload.updated_at) : triggeredAt;
      await recordProductDelivery(tx, {
        shop: shop.domain,
        uninstalled: shop.uninstalledAt !== null,
        webhookId,
        topic,
        product: productSnapshotOf(payload),
        productUpdatedAt: Number.isNaN(updatedAt.getTime()) ? triggeredAt : updatedAt,
        receivedAt,
      });
    },
  });
}
