import { eraseShopRows, redactApplies } from "~/shops/shop-lifecycle.server";
import { webhookAction } from "~/web/webhook-delivery.server";

// Erases the shop only while it is uninstalled, and was already when the redact was triggered: a shop reinstalled
// since keeps its data (Shopify sends another redact 48 hours after its next uninstall).
export const action = webhookAction({
  topic: "shop/redact",
  staleBefore: "token exchange",
  apply: async (tx, { shop, triggeredAt }) => {
    if (redactApplies(shop, triggeredAt)) await eraseShopRows(tx, shop.domain);
  },
});
