import type { PrismaClient } from "@prisma/client";

/** How long each kind of droppable row is kept; the why of each is in docs/operations.md ("Retention"). */
export interface RetentionPolicy {
  /** Webhook ids remembered to apply a delivery once: Shopify retries a failed delivery over 4 hours. */
  webhookDeliveriesMs: number;
  /** A finished or failed listing of a large collection, and its products: re-listed after 15 minutes anyway. */
  collectionListingsMs: number;
  /** A worker's heartbeat row after its last beat (stopped, or killed). */
  heartbeatsMs: number;
  /** A service key's shared gate with no pause or open circuit, untouched this long. */
  serviceGatesMs: number;
}

export interface DroppedRows {
  webhookDeliveries: number;
  collectionListings: number;
  collectionListingProducts: number;
  heartbeats: number;
  serviceGates: number;
}

/**
 * Deletes what no longer serves anything, in ONE statement: webhook ids past their window, finished listings' product
 * rows (the scratch of planning a bulk run), heartbeats of workers gone, gates of keys left alone. Never renders,
 * runs, the credit ledger or anything a charge is proved by: those stay for as long as the shop is installed.
 */
export async function dropExpiredRows(
  db: Pick<PrismaClient, "$queryRaw">,
  policy: RetentionPolicy,
  now: Date,
): Promise<DroppedRows> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const [row] = await db.$queryRaw<Array<{ [K in keyof DroppedRows]: bigint }>>`
    WITH deliveries AS (
      DELETE FROM "WebhookDelivery" WHERE "receivedAt" < ${before(policy.webhookDeliveriesMs)} RETURNING 1
    ),
    listings AS (
      DELETE FROM "CollectionListing"
      WHERE status <> 'listing' AND coalesce("finishedAt", "updatedAt") < ${before(policy.collectionListingsMs)}
      RETURNING id
    ),
    listing_products AS (
      DELETE FROM "CollectionListingProduct" p USING listings l WHERE p."listingId" = l.id RETURNING 1
    ),
    heartbeats AS (
      DELETE FROM "WorkerHeartbeat" WHERE "seenAt" < ${before(policy.heartbeatsMs)} RETURNING 1
    ),
    gates AS (
      DELETE FROM "ServiceGate"
      WHERE "updatedAt" < ${before(policy.serviceGatesMs)}
        AND ("pausedUntil" IS NULL OR "pausedUntil" < ${now})
        AND ("circuitOpenUntil" IS NULL OR "circuitOpenUntil" < ${now})
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM deliveries) AS "webhookDeliveries",
           (SELECT count(*) FROM listings) AS "collectionListings",
           (SELECT count(*) FROM listing_products) AS "collectionListingProducts",
           (SELECT count(*) FROM heartbeats) AS "heartbeats",
           (SELECT count(*) FROM gates) AS "serviceGates"`;
  return {
    webhookDeliveries: Number(row?.webhookDeliveries ?? 0),
    collectionListings: Number(row?.collectionListings ?? 0),
    collectionListingProducts: Number(row?.collectionListingProducts ?? 0),
    heartbeats: Number(row?.heartbeats ?? 0),
    serviceGates: Number(row?.serviceGates ?? 0),
  };
}
