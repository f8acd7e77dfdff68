import type { PrismaClient } from "@prisma/client";
import type { DeliveryOutcome } from "~/shops/webhook-deliveries.server";
import type { ProductSnapshot } from "./product-snapshot";

export interface ProductDelivery {
  shop: string;
  /** X-Shopify-Webhook-Id: the delivery's row is keyed by it, so a repeat records nothing (ADR 097). */
  webhookId: string;
  topic: string;
  triggeredAt: Date;
  receivedAt: Date;
  product: ProductSnapshot;
  productUpdatedAt: Date;
}

/**
 * What a products/create or products/update request does (ADR 076, 097): ONE statement records the delivery for the
 * worker to gather (gather-deliveries.server.ts), and nothing more, so the answer to Shopify never waits on planning
 * nor on a transaction's round trips. The statement:
 * - holds the shop's row FOR SHARE, as the transactional path does (ADR 076): an app/uninstalled (NO KEY UPDATE) waits
 *   for the deliveries in flight, and one that committed first is seen, since a locked row is read at its latest
 *   version;
 * - records nothing for an unknown shop, an uninstalled one, a delivery triggered before the current install (stale),
 *   or a shop without an enabled rule (there is nothing to gather for it);
 * - is applied once per webhook id by the row's own key (ON CONFLICT DO NOTHING): Shopify's retries and repeats
 *   find the row, which the retention job keeps as long as webhook ids are remembered (ADR 098).
 */
export async function recordProductDelivery(
  db: Pick<PrismaClient, "$queryRaw">,
  delivery: ProductDelivery,
): Promise<DeliveryOutcome> {
  // When it is written, not when the request arrived: the quiet period must not end while deliveries are still being
  // written (benchmark 14 once saw a run gathered mid-burst).
  const receivedAt = new Date(Math.max(Date.now(), delivery.receivedAt.getTime()));
  const [row] = await db.$queryRaw<Array<{ shop: boolean; stale: boolean; wanted: boolean; recorded: boolean }>>`
    WITH shop AS (
      SELECT domain, "currentInstallSince" > ${delivery.triggeredAt} AS stale,
             "uninstalledAt" IS NULL
               AND EXISTS (SELECT 1 FROM "AutomationRule" r WHERE r.shop = domain AND r.enabled) AS wanted
      FROM "Shop" WHERE domain = ${delivery.shop}
      FOR SHARE
    ),
    recorded AS (
      INSERT INTO "AutomationDelivery"
        (shop, "webhookId", "productId", topic, "productUpdatedAt", "receivedAt", product)
      SELECT domain, ${delivery.webhookId}, ${delivery.product.id}, ${delivery.topic}, ${delivery.productUpdatedAt},
             ${receivedAt}, ${JSON.stringify(delivery.product)}::jsonb
      FROM shop WHERE NOT stale AND wanted
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM shop) AS shop,
           coalesce((SELECT stale FROM shop), false) AS stale,
           coalesce((SELECT wanted FROM shop), false) AS wanted,
           EXISTS (SELECT 1 FROM recorded) AS recorded`;
  if (!row?.shop) return "unknown_shop";
  if (row.stale) return "stale";
  // A shop that wants nothing of the delivery has it applied as nothing; a wanted one not inserted is a repeat.
  return !row.wanted || row.recorded ? "applied" : "repeat";
}
