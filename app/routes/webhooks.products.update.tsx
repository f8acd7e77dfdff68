import { recordProductDelivery } from "~/automation/record-delivery.server";
import { productSnapshotOf } from "~/shopify/webhook-payloads";
import { webhookAction } from "~/web/webhook-delivery.server";

// Recorded for the worker to gather into automatic runs (issue 29); the answer never waits on planning.
export const action = webhookAction({
  topic: "products/update",
  staleBefore: "install",
  // Changes nothing of the shop's row: a burst applies side by side (ADR 076).
  shopLock: "share",
  apply: async (tx, { shop, payload, webhookId, receivedAt, triggeredAt }) => {
    const updatedAt = payload.updated_at ? new Date(payload.updated_at) : triggeredAt;
    await recordProductDelivery(tx, {
      shop: shop.domain,
      uninstalled: shop.uninstalledAt !== null,
      webhookId,
      topic: "products/update",
      product: productSnapshotOf(payload),
      productUpdatedAt: Number.isNaN(updatedAt.getTime()) ? triggeredAt : updatedAt,
      receivedAt,
    });
  },
});
