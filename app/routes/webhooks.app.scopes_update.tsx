import { recordScopesUpdated } from "~/shops/shop-lifecycle.server";
import { webhookAction } from "~/web/webhook-delivery.server";

// One triggered before the latest token exchange is older than the scopes that exchange stored: it changes nothing.
export const action = webhookAction({
  topic: "app/scopes_update",
  staleBefore: "token exchange",
  apply: (tx, { shop, payload }) => recordScopesUpdated(tx, shop.domain, payload.current),
});
