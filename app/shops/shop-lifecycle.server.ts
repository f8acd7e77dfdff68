import type { PrismaClient } from "@prisma/client";
import { logBulkTransition } from "~/renders/lifecycle/transition-log";

/**
 * What the app remembers of a shop's install, and what it forgets when asked. Each function is safe to run
 * twice: Shopify delivers webhooks at least once.
 */

/** After every install or authentication: the time is what a late app/uninstalled is compared with. */
export async function recordShopInstalled(
  db: PrismaClient,
  { shop, scopes, at = new Date() }: { shop: string; scopes: string; at?: Date },
): Promise<void> {
  await db.shop.upsert({
    where: { domain: shop },
    create: { domain: shop, scopes, latestInstallAt: at },
    update: { scopes, uninstalledAt: null, latestInstallAt: at },
  });
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
    const [row] = await tx.$queryRaw<Array<{ latestInstallAt: Date | null }>>`
      SELECT "latestInstallAt" FROM "Shop" WHERE domain = ${shop} FOR UPDATE`;
    if (row?.latestInstallAt && row.latestInstallAt > triggeredAt) return "stale";
    await forgetInstall(tx, shop, at);
    return "recorded";
  });
}

type Tx = Pick<PrismaClient, "session" | "shop" | "render">;

async function forgetInstall(db: Tx, shop: string, at: Date): Promise<void> {
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
export async function recordProductDeleted(db: PrismaClient, shop: string, productId: string, at: Date): Promise<void> {
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
export async function recordScopesUpdated(db: PrismaClient, shop: string, scopes: string[]): Promise<void> {
  const scope = scopes.join(",");
  await db.$transaction([
    db.session.updateMany({ where: { shop }, data: { scope } }),
    db.shop.updateMany({ where: { domain: shop }, data: { scopes: scope } }),
  ]);
}

/**
 * shop/redact: erase every row the app holds for the shop. Shop-owned tables reference Shop with
 * onDelete: Cascade, so deleting the Shop row removes them; sessions are keyed by shop name only.
 */
export async function eraseShopData(db: PrismaClient, shop: string): Promise<void> {
  await db.$transaction([db.session.deleteMany({ where: { shop } }), db.shop.deleteMany({ where: { domain: shop } })]);
}
