import { forgetInstall, recordReinstalledSince } from "~/shops/shop-lifecycle.server";
import { webhookAction } from "~/web/webhook-delivery.server";

// The shop's sessions go and its queued work is cancelled; its data stays until shop/redact, in case it reinstalls.
// One triggered before the latest token exchange would undo a reinstall: it only records that the shop was
// reinstalled after it.
export const action = webhookAction({
  topic: "app/uninstalled",
  staleBefore: "token exchange",
  apply: (tx, { shop, receivedAt }) => forgetInstall(tx, shop.domain, receivedAt),
  whenStale: (tx, { shop, triggeredAt }) => recordReinstalledSince(tx, shop.domain, triggeredAt),
});
