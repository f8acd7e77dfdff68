import { gidOf } from "~/lib/gid";
import { recordProductDeleted } from "~/shops/shop-lifecycle.server";
import { webhookAction } from "~/web/webhook-delivery.server";

// It names one product, so only one from an earlier install is stale: a token exchange since changes nothing about it.
export const action = webhookAction({
  topic: "products/delete",
  staleBefore: "install",
  apply: (tx, { shop, payload, receivedAt }) =>
    recordProductDeleted(tx, shop.domain, gidOf("Product", payload.id), receivedAt),
});
