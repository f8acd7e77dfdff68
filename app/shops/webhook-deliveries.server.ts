import type { Prisma, PrismaClient } from "@prisma/client";

/**
 * One path for every webhook delivery once its signature is checked (ADR 063, 064): bind it to the shop its signed body
 * names, ignore it when it is stale, apply it at most once per Shopify webhook id, all under a lock on the shop's row.
 *
 * Shopify signs the body only. The shop (X-Shopify-Shop-Domain), the topic, the webhook id and the time
 * (X-Shopify-Triggered-At) are headers anyone replaying a signed body can change, so the body's own word on its shop
 * decides which shop a delivery may touch.
 */

export type Tx = Prisma.TransactionClient;

/** What a signed body says about the shop it belongs to: myshopify.com domains, and Shopify shop ids as digits. */
export interface ShopClaims {
  domains: string[];
  shopIds: string[];
}

export interface WebhookDelivery {
  /** X-Shopify-Shop-Domain. */
  shop: string;
  topic: string;
  /** X-Shopify-Webhook-Id: the same for every retry of one delivery. */
  webhookId: string;
  /** X-Shopify-Triggered-At, or when it arrived when Shopify gives none. */
  triggeredAt: Date;
  receivedAt: Date;
  claims: ShopClaims;
  /**
   * Which deliveries are stale, and change nothing: every topic's triggered before the current install began (from an
   * earlier install); with "token exchange", also those triggered before the shop's latest token exchange. Topics that
   * change the install itself take that: a reinstall whose app/uninstalled is still on its way shows only as a token
   * exchange, and a token exchange stores the scopes as they are.
   */
  staleBefore: "install" | "token exchange";
  /**
   * How the shop's row is held while the delivery is applied. "update" (the default) serialises the shop's deliveries;
   * "share" lets deliveries that change nothing of the shop's row (products/create and products/update, recorded by
   * the thousand in a CSV import) apply side by side, while an app/uninstalled or a reinstall still waits for them or
   * is seen by them (ADR 076).
   */
  shopLock?: "update" | "share";
}

/** The shop's row as a delivery finds it (locked until the delivery is applied). */
export interface ShopAtDelivery {
  domain: string;
  shopifyShopId: string | null;
  currentInstallSince: Date;
  latestInstallAt: Date | null;
  uninstalledAt: Date | null;
}

export type DeliveryOutcome =
  | "applied"
  /** This webhook id was applied before (Shopify retries, and delivers at least once). */
  | "repeat"
  /** Triggered before the current install began, or before the latest token exchange for the topics that say so. */
  | "stale"
  /** No row for the header's shop: nothing of it to change. */
  | "unknown_shop"
  /** The signed body names another shop than the header. */
  | "another_shop"
  /** The body names the shop by an id only, and the shop's id is not known yet. */
  | "unverified_shop";

/** Longer than Shopify keeps retrying one delivery (hours), so a retry is always recognised. */
export const REMEMBER_DELIVERIES_MS = 7 * 24 * 3600_000;

export type ShopBinding =
  { bound: true; learnedShopId: string | null } | { bound: false; outcome: "another_shop" | "unverified_shop" };

/**
 * Whether a signed body's claims fit the shop of the header: every domain it names is that shop's, and every shop id is
 * the stored one. While the stored id is unknown, an id is trusted (and learned) only beside the shop's domain in the
 * same signed body.
 */
export function bindToShop(claims: ShopClaims, shop: string, storedShopId: string | null): ShopBinding {
  const domain = shop.toLowerCase();
  if (claims.domains.some((claimed) => claimed.toLowerCase() !== domain))
    return { bound: false, outcome: "another_shop" };
  const ids = [...new Set(claims.shopIds)];
  if (ids.length === 0) return { bound: true, learnedShopId: null };
  if (storedShopId !== null) {
    return ids.every((id) => id === storedShopId)
      ? { bound: true, learnedShopId: null }
      : { bound: false, outcome: "another_shop" };
  }
  if (ids.length > 1) return { bound: false, outcome: "another_shop" };
  return claims.domains.length > 0
    ? { bound: true, learnedShopId: ids[0] ?? null }
    : { bound: false, outcome: "unverified_shop" };
}

export function isStale(
  shop: Pick<ShopAtDelivery, "currentInstallSince" | "latestInstallAt">,
  triggeredAt: Date,
  staleBefore: WebhookDelivery["staleBefore"],
): boolean {
  if (shop.currentInstallSince > triggeredAt) return true;
  return staleBefore === "token exchange" && shop.latestInstallAt !== null && shop.latestInstallAt > triggeredAt;
}

export interface DeliverySteps {
  /** The change, inside the transaction that holds the shop's row and records the webhook id. */
  apply(tx: Tx, shop: ShopAtDelivery): Promise<void>;
  /** What a stale delivery may still record about the install (app/uninstalled: that it was reinstalled since). */
  whenStale(tx: Tx, shop: ShopAtDelivery): Promise<void>;
}

/**
 * Applies a delivery once: bound to its shop, not stale, its webhook id not seen before. The id is recorded in the same transaction as the change, so a delivery that fails is applied by Shopify's
 * retry, and one that succeeded is never applied again.
 */
export async function applyDeliveryOnce(
  db: PrismaClient,
  delivery: WebhookDelivery,
  steps: DeliverySteps,
): Promise<DeliveryOutcome> {
  return db.$transaction(
    async (tx) => {
      // Locked until the delivery is applied: a reinstall recorded meanwhile either waits or is seen here. NO KEY
      // UPDATE, not UPDATE: a worker inserting a ledger row for this shop (a foreign key check, KEY SHARE) while
      // holding a render this delivery cancels must not wait on us, or the two deadlock.
      const [shop] =
        delivery.shopLock === "share"
          ? await tx.$queryRaw<ShopAtDelivery[]>`
            SELECT domain, "shopifyShopId", "currentInstallSince", "latestInstallAt", "uninstalledAt" FROM "Shop"
            WHERE domain = ${delivery.shop} FOR SHARE`
          : await tx.$queryRaw<ShopAtDelivery[]>`
            SELECT domain, "shopifyShopId", "currentInstallSince", "latestInstallAt", "uninstalledAt" FROM "Shop"
            WHERE domain = ${delivery.shop} FOR NO KEY UPDATE`;
      if (!shop) return "unknown_shop";
      const binding = bindToShop(delivery.claims, shop.domain, shop.shopifyShopId);
      if (!binding.bound) return binding.outcome;
      if (isStale(shop, delivery.triggeredAt, delivery.staleBefore)) {
        await steps.whenStale(tx, shop);
        return "stale";
      }
      const recorded = await tx.$executeRaw`
        INSERT INTO "WebhookDelivery" (shop, "webhookId", topic, "receivedAt")
        VALUES (${shop.domain}, ${delivery.webhookId}, ${delivery.topic}, ${delivery.receivedAt})
        ON CONFLICT DO NOTHING`;
      if (recorded === 0) return "repeat";
      await tx.webhookDelivery.deleteMany({
        where: {
          shop: shop.domain,
          receivedAt: { lt: new Date(delivery.receivedAt.getTime() - REMEMBER_DELIVERIES_MS) },
        },
      });
      if (binding.learnedShopId !== null && delivery.shopLock !== "share") {
        await tx.shop.update({ where: { domain: shop.domain }, data: { shopifyShopId: binding.learnedShopId } });
      }
      await steps.apply(tx, { ...shop, shopifyShopId: binding.learnedShopId ?? shop.shopifyShopId });
      return "applied";
    },
    // shop/redact deletes every row of a shop; Shopify's 5 s answer deadline passing only means a retry, seen as a repeat.
    // A burst (a CSV import's thousands of product deliveries) may wait for a pooled connection: up to 4 s, inside
    // Shopify's 5 s, rather than Prisma's 2 s default and a 500 Shopify would retry.
    { timeout: 60_000, maxWait: 4_000 },
  );
}
