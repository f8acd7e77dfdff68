import type { PrismaClient } from "@prisma/client";

/**
 * What the app remembers of a shop's install, and what it forgets when asked. Each function is safe to run
 * twice: Shopify delivers webhooks at least once.
 */

export async function recordShopInstalled(
  db: PrismaClient,
  { shop, scopes }: { shop: string; scopes: string },
): Promise<void> {
  await db.shop.upsert({
    where: { domain: shop },
    create: { domain: shop, scopes },
    update: { scopes, uninstalledAt: null },
  });
}

/**
 * app/uninstalled: the shop's tokens are already revoked by Shopify, so its sessions are useless; drop them
 * and mark the shop so background work for it stops. Its data stays until shop/redact (48 hours later),
 * in case the merchant reinstalls.
 */
export async function recordShopUninstalled(db: PrismaClient, shop: string, at: Date): Promise<void> {
  await db.$transaction([
    db.session.deleteMany({ where: { shop } }),
    db.shop.updateMany({ where: { domain: shop, uninstalledAt: null }, data: { uninstalledAt: at } }),
  ]);
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
  await db.$transaction([
    db.session.deleteMany({ where: { shop } }),
    db.shop.deleteMany({ where: { domain: shop } }),
  ]);
}
