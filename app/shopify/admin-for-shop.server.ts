import { unauthenticated } from "../shopify.server";
import { makeAdminGraphql, type AdminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";

/**
 * The Admin API client for background work: no request from Shopify to authenticate, so it uses the shop's
 * stored offline session (refreshed by the library when its expiring token is near its end) and adds what
 * admin.graphql lacks: back-off on THROTTLED, retries on 5xx and network errors, typed userErrors.
 */
export async function adminGraphqlForShop(
  shop: string,
  options: Omit<AdminGraphqlOptions, "request" | "label"> = {},
): Promise<AdminGraphql> {
  const { admin } = await unauthenticated.admin(shop);
  return makeAdminGraphql({
    ...options,
    label: shop,
    request: (query, { variables }) => admin.graphql(query, variables ? { variables } : {}),
  });
}
