import { makeRecentProducts } from "~/shopify/recent-products.server";
import { makeCollectionMembership } from "~/shopify/collection-membership.server";
import type { ProductSource } from "~/catalog/catalog-port";
import type { RenderMedia } from "~/renders/review/media-port";
import { AdminApiError } from "~/shopify/admin-errors";
import { makeAdminGraphql } from "~/shopify/admin-graphql.server";
import { makeProductSource } from "~/shopify/product-source.server";
import { productSourceWithoutAppRenders } from "~/renders/review/own-renders.server";
import prisma from "~/db.server";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { readShopPrimaryLocale, readShopTimeZone } from "~/shopify/shop-info.server";
import { appLogger } from "~/lib/logger.server";
import { authenticate } from "~/shopify.server";
import { messageKey } from "~/lib/staff-message";

/**
 * What a page or API route needs once Shopify has authenticated the request: the shop every query is scoped
 * by (taken from the verified session token, never from the URL or the body), who is acting, and the
 * shop's Admin API as the render flow's ports (app/shopify/ implements them; pages send no query of their own).
 */
export interface AdminRequest {
  shop: string;
  /** Who acted, for reviewedBy/createdBy: the staff member's Shopify user id from the session token. */
  staff: string;
  productSource: ProductSource;
  renderMedia: RenderMedia;
  /** The shop's time zone as Shopify has it (app/shops/time-zone.server.ts stores it). */
  readTimeZone: () => Promise<string>;
  /** Products created since a date (automation's "last 30 days" preview). */
  recentProducts: ReturnType<typeof makeRecentProducts>;
  /** Which of some products are in a collection. */
  collectionMembership: ReturnType<typeof makeCollectionMembership>;
  /** The shop's primary language ("en", "pt-BR"): what the alt text suggested when approving is written in. */
  readPrimaryLocale: () => Promise<string>;
  /** Adds CORS headers for admin extensions (their requests come from Shopify's extension origin). */
  cors: (response: Response) => Response;
}

// A person is waiting: give up on throttling after a few seconds instead of the worker's two minutes.
const INTERACTIVE_MAX_WAIT_MS = 8_000;

export async function requireAdmin(request: Request): Promise<AdminRequest> {
  const context = await authenticate.admin(request);
  const adminGraphql = makeAdminGraphql({
    label: context.session.shop,
    maxRetries: 2,
    maxTotalWaitMs: INTERACTIVE_MAX_WAIT_MS,
    request: (query, { variables }) => context.admin.graphql(query, variables ? { variables } : {}),
  });
  const userId = "sessionToken" in context ? context.sessionToken?.sub : undefined;
  const email = context.session.onlineAccessInfo?.associated_user.email;
  return {
    shop: context.session.shop,
    staff: email ?? (userId ? `staff:${userId}` : "staff"),
    // Products as the render flow sees them: the merchant's photos, never the app's own published renders.
    productSource: productSourceWithoutAppRenders(makeProductSource(adminGraphql), prisma, context.session.shop),
    renderMedia: makeRenderMedia(adminGraphql),
    readTimeZone: () => readShopTimeZone(adminGraphql),
    recentProducts: makeRecentProducts(adminGraphql),
    collectionMembership: makeCollectionMembership(adminGraphql),
    readPrimaryLocale: () => readShopPrimaryLocale(adminGraphql),
    cors: context.cors,
  };
}

/** A sentence for staff when Shopify's Admin API failed during their request. */
export function describeShopifyFailure(error: unknown): string | null {
  if (error instanceof AdminApiError) {
    return messageKey("messages:shopify.noAnswer");
  }
  return null;
}

/**
 * Logs how long a loader took, so slow pages show up in the logs with their route and shop.
 * Only timings and ids are logged: no customer or product data.
 */
export async function timed<T>(route: string, shop: string | null, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = "ok";
  try {
    return await work();
  } catch (error) {
    outcome = error instanceof Response ? `response ${error.status}` : "error";
    throw error;
  } finally {
    const ms = Math.round(performance.now() - started);
    appLogger().info({ event: "loader_time", route, shop, ms, outcome }, "loader time");
  }
}

/**
 * The loader of a POST-only API route. Admin extensions call the app from Shopify's origin, so the browser
 * first sends a CORS preflight (OPTIONS), which Remix hands to the loader: authenticate.admin answers it.
 * Any other GET is refused.
 */
export async function preflightOnlyLoader({ request }: { request: Request }): Promise<Response> {
  await authenticate.admin(request);
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST, OPTIONS" } });
}
