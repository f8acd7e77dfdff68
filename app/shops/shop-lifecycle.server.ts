import type { PrismaClient } from "@prisma/client";
import { logBulkTransition } from "~/renders/lifecycle/transition-log";
import { isStale, type ShopAtDelivery, type Tx } from "./webhook-deliveries.server";

/**
 * What the app remembers of a shop's install, and what it forgets when asked. Each function is safe to run
 * twice: Shopify delivers webhooks at least once.
 */

/**
 * After every install or token exchange: the time is what a late delivery is compared with. A first install, or one
 * after an uninstall, also begins a new install: webhooks triggered before it belong to an earlier one (ADR 064).
 * Shopify's id of the shop, when known, is what webhooks naming a shop id are checked against (ADR 063).
 */
export async function recordShopInstalled(
  db: PrismaClient,
  {
    shop,
    scopes,
    at = new Date(),
    shopifyShopId,
  }: { shop: string; scopes: string; at?: Date; shopifyShopId?: string | null },
): Promise<void> {
  const id = shopifyShopId ? { shopifyShopId } : {};
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ uninstalledAt: Date | null }>>`
      SELECT "uninstalledAt" FROM "Shop" WHERE domain = ${shop} FOR UPDATE`;
    const beginsInstall = !row || row.uninstalledAt !== null;
    await tx.shop.upsert({
      where: { domain: shop },
      create: { domain: shop, scopes, latestInstallAt: at, currentInstallSince: at, ...id },
      update: {
        scopes,
        uninstalledAt: null,
        latestInstallAt: at,
        ...(beginsInstall ? { currentInstallSince: at } : {}),
        ...id,
      },
    });
  });
}

/** Whether the shop still needs its Shopify id read (installs from before it was stored). */
export async function shopIdUnknown(db: PrismaClient, shop: string): Promise<boolean> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { shopifyShopId: true } });
  return !row?.shopifyShopId;
}

/**
 * app/uninstalled: the shop's tokens are already revoked by Shopify, so its sessions are useless; drop them
 * and mark the shop so background work for it stops. Its data stays until shop/redact (48 hours later),
 * in case the merchant reinstalls.
 *
 * `triggeredAt` is when Shopify says the uninstall happened (X-Shopify-Triggered-At). Webhooks can arrive late and
 * out of order: one triggered before the shop's latest install belongs to an earlier install, and acting on it would
 * delete the new install's sessions and cancel its work, so it changes nothing. The shop's row is locked meanwhile, so
 * a reinstall recorded at the same moment is either seen or waits.
 */
export async function recordShopUninstalled(
  db: PrismaClient,
  shop: string,
  at: Date,
  triggeredAt: Date = at,
): Promise<"recorded" | "stale"> {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<Pick<ShopAtDelivery, "currentInstallSince" | "latestInstallAt">>>`
      SELECT "currentInstallSince", "latestInstallAt" FROM "Shop" WHERE domain = ${shop} FOR NO KEY UPDATE`;
    if (row && isStale(row, triggeredAt, "token exchange")) {
      await recordReinstalledSince(tx, shop, triggeredAt);
      return "stale";
    }
    await forgetInstall(tx, shop, at);
    return "recorded";
  });
}

/**
 * A stale app/uninstalled says the shop was uninstalled when it was triggered and has been installed again since: the
 * current install began after that, so webhooks triggered before it are from the earlier install.
 */
export async function recordReinstalledSince(db: Tx, shop: string, uninstallTriggeredAt: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE "Shop" SET "currentInstallSince" = GREATEST("currentInstallSince", ${uninstallTriggeredAt})
    WHERE domain = ${shop}`;
}

/**
 * The part of app/uninstalled that changes rows, for a caller that already holds the shop's row and has checked the
 * delivery is not stale (the webhook path, app/shops/webhook-deliveries.server.ts).
 */
export async function forgetInstall(db: Tx, shop: string, at: Date): Promise<void> {
  await db.session.deleteMany({ where: { shop } });
  await db.shop.updateMany({ where: { domain: shop, uninstalledAt: null }, data: { uninstalledAt: at } });
  // Nothing more is sent for this shop; jobs already at the service stop being polled (the worker skips
  // uninstalled shops) and resume if the merchant reinstalls before shop/redact.
  const cancelled = await db.render.updateMany({
    where: { shop, state: "queued" },
    data: {
      state: "cancelled",
      finishedAt: at,
      nextAttemptAt: null,
      errorCode: "app_uninstalled",
      errorMessage: "The app was uninstalled.",
      leaseToken: { increment: 1 },
    },
  });
  logBulkTransition({ shop, from: "queued", to: "cancelled", count: cancelled.count, reason: "app uninstalled" }, at);
}

/** products/delete: renders not yet sent for the product are cancelled; publishing checks the product itself. */
export async function recordProductDeleted(db: Tx, shop: string, productId: string, at: Date): Promise<void> {
  const cancelled = await db.render.updateMany({
    where: { shop, productId, state: "queued" },
    data: {
      state: "cancelled",
      finishedAt: at,
      nextAttemptAt: null,
      errorCode: "product_deleted",
      errorMessage: "The product was deleted.",
      leaseToken: { increment: 1 },
    },
  });
  logBulkTransition({ shop, from: "queued", to: "cancelled", count: cancelled.count, reason: "product deleted" }, at);
}

/** app/scopes_update: keep the stored sessions' scope in step with what the merchant granted. */
export async function recordScopesUpdated(db: Tx, shop: string, scopes: string[]): Promise<void> {
  const scope = scopes.join(",");
  await db.session.updateMany({ where: { shop }, data: { scope } });
  await db.shop.updateMany({ where: { domain: shop }, data: { scopes: scope } });
}

/**
 * shop/redact: erase every row the app holds for the shop. Shop-owned tables reference Shop with
 * onDelete: Cascade, so deleting the Shop row removes them; sessions are keyed by shop name only.
 */
export async function eraseShopData(db: PrismaClient, shop: string): Promise<void> {
  await db.$transaction((tx) => eraseShopRows(tx, shop));
}

export async function eraseShopRows(db: Tx, shop: string): Promise<void> {
  await db.session.deleteMany({ where: { shop } });
  await db.shop.deleteMany({ where: { domain: shop } });
}

/**
 * Whether a shop/redact may erase the shop: it is uninstalled now, and was already when the redact was triggered. A
 * shop reinstalled since (not uninstalled, or uninstalled again after the trigger) keeps its data: Shopify sends a new
 * redact 48 hours after that uninstall.
 */
export const redactApplies = (shop: Pick<ShopAtDelivery, "uninstalledAt">, triggeredAt: Date): boolean =>
  shop.uninstalledAt !== null && shop.uninstalledAt <= triggeredAt;
