import prisma from "~/db.server";
import { sessionStorage, unauthenticated } from "~/shopify.server";
import type { AdminGraphql, AdminGraphqlOptions } from "./admin-graphql.server";
import { adminGraphqlFromOfflineSessions, makeOfflineAdminOpener } from "./offline-token-refresh.server";

/** One per process: its in-process single flight must be shared by every client the process makes. */
const openOfflineAdmin = makeOfflineAdminOpener({
  db: prisma,
  loadOfflineSession: (shop) => sessionStorage.loadSession(`offline_${shop}`),
  openAdmin: (shop) => unauthenticated.admin(shop),
});

/**
 * The Admin API client for background work: no request from Shopify to authenticate, so it uses the shop's
 * stored offline session and adds what admin.graphql lacks: back-off on THROTTLED, retries on 5xx and network
 * errors, typed userErrors. See {@link adminGraphqlFromOfflineSessions} for how tokens are kept fresh.
 */
export function adminGraphqlForShop(
  shop: string,
  options: Omit<AdminGraphqlOptions, "request" | "label"> = {},
): Promise<AdminGraphql> {
  return adminGraphqlFromOfflineSessions(shop, openOfflineAdmin, options);
}
