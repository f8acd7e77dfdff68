import type { PrismaClient } from "@prisma/client";
import { HttpResponseError, type Session } from "@shopify/shopify-api";
import { makeAdminGraphql, type AdminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";

/**
 * How close to its expiry shopify-app-remix refreshes an expiring offline token when `unauthenticated.admin` loads
 * it (WITHIN_MILLISECONDS_OF_EXPIRY in its helpers; not exported). A test pins that the library still refreshes
 * inside this window.
 */
export const LIBRARY_REFRESH_WINDOW_MS = 5 * 60_000;
/**
 * We coordinate from a moment before the library would refresh (a database round trip separates our look at the
 * session from the library's), so no process's library refreshes outside the lease.
 */
export const COORDINATION_MARGIN_MS = 1_000;

type Db = Pick<PrismaClient, "$executeRaw" | "$queryRaw">;

export interface OfflineAdminDeps<Context> {
  db: Db;
  /** The shop's stored offline session (tokens opened), as the library will load it. */
  loadOfflineSession(shop: string): Promise<Session | undefined>;
  /** The library's background context: `unauthenticated.admin(shop)`, which refreshes a token near its expiry. */
  openAdmin(shop: string): Promise<Context>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a refresh may hold the shop's lease before another process may try (a crash mid-refresh). */
  leaseSeconds?: number;
  /** How long to wait for another process's refresh before giving up. */
  waitMs?: number;
  pollMs?: number;
}

export class TokenRefreshWaitError extends Error {
  constructor(shop: string, waitedMs: number) {
    super(`another process has been refreshing ${shop}'s Shopify token for ${Math.round(waitedMs / 1000)} s`);
    this.name = "TokenRefreshWaitError";
  }
}

/**
 * Opens the library's background Admin context so that an expiring offline token is refreshed by one process at a
 * time. Shopify retires a refresh token when it is used (and with it the access token it came with), so two worker
 * processes refreshing the same session at once would leave one of them, and its shop, with a dead token. The
 * process that refreshes holds a lease on the shop's row; the others wait for the new session and load it.
 * Within one process, concurrent calls for a shop share one attempt.
 */
export function makeOfflineAdminOpener<Context>(deps: OfflineAdminDeps<Context>): (shop: string) => Promise<Context> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const leaseSeconds = deps.leaseSeconds ?? 30;
  const waitMs = deps.waitMs ?? 45_000;
  const pollMs = deps.pollMs ?? 100;
  const opening = new Map<string, Promise<Context>>();

  const needsRefresh = (session: Session | undefined) =>
    session !== undefined &&
    Boolean(session.refreshToken) &&
    session.isExpired(LIBRARY_REFRESH_WINDOW_MS + COORDINATION_MARGIN_MS);

  /** true: this process holds the lease; false: another does; null: the shop has no row (nothing to coordinate). */
  const takeLease = async (shop: string): Promise<boolean | null> => {
    const taken = await deps.db.$executeRaw`
      UPDATE "Shop" SET "tokenRefreshUntil" = now() + make_interval(secs => ${leaseSeconds}::float8)
      WHERE domain = ${shop} AND ("tokenRefreshUntil" IS NULL OR "tokenRefreshUntil" < now())`;
    if (taken === 1) return true;
    const rows = await deps.db.$queryRaw<unknown[]>`SELECT 1 FROM "Shop" WHERE domain = ${shop}`;
    return rows.length === 0 ? null : false;
  };
  const releaseLease = (shop: string) =>
    deps.db.$executeRaw`UPDATE "Shop" SET "tokenRefreshUntil" = NULL WHERE domain = ${shop}`;

  async function open(shop: string): Promise<Context> {
    const started = now();
    for (;;) {
      if (!needsRefresh(await deps.loadOfflineSession(shop))) return deps.openAdmin(shop);
      const lease = await takeLease(shop);
      if (lease === null) return deps.openAdmin(shop);
      if (lease) {
        try {
          // Read again under the lease: the process that held it before may have refreshed already.
          return await deps.openAdmin(shop);
        } finally {
          await releaseLease(shop);
        }
      }
      if (now() - started > waitMs) throw new TokenRefreshWaitError(shop, now() - started);
      await sleep(pollMs);
    }
  }

  return (shop) => {
    const pending = opening.get(shop);
    if (pending) return pending;
    const attempt = open(shop).finally(() => opening.delete(shop));
    opening.set(shop, attempt);
    return attempt;
  };
}

/** What the library's offline context offers that the client needs. */
export interface OfflineAdmin {
  graphql(query: string, options?: { variables?: Record<string, unknown> }): Promise<Response>;
}

/**
 * From this close to the refresh window the session is re-read before each request (another process may refresh it
 * any moment), so a long job does not go on sending a token Shopify has retired.
 */
const REOPEN_BEFORE_REFRESH_MS = LIBRARY_REFRESH_WINDOW_MS + COORDINATION_MARGIN_MS + 2_000;

/**
 * A client over the library's offline context that outlives one access token: before each request it re-opens
 * the context when the token is near the refresh window (another worker may refresh it then), and a 401 for a
 * token that has since been replaced is sent once more with the new one. Other 401s (uninstalled shop) stand.
 */
export async function adminGraphqlFromOfflineSessions(
  shop: string,
  open: (shop: string) => Promise<{ session: Session; admin: OfflineAdmin }>,
  options: Omit<AdminGraphqlOptions, "request" | "label"> = {},
): Promise<AdminGraphql> {
  let context = await open(shop);
  const graphql = (admin: OfflineAdmin, query: string, variables: Record<string, unknown> | undefined) =>
    admin.graphql(query, variables ? { variables } : {});
  return makeAdminGraphql({
    ...options,
    label: shop,
    request: async (query, { variables }) => {
      if (context.session.isExpired(REOPEN_BEFORE_REFRESH_MS)) context = await open(shop);
      const used = context;
      let unauthorized: Response | HttpResponseError;
      try {
        const response = await graphql(used.admin, query, variables);
        if (response.status !== 401) return response;
        unauthorized = response;
      } catch (thrown) {
        if (!(thrown instanceof HttpResponseError && thrown.response.code === 401)) throw thrown;
        unauthorized = thrown;
      }
      context = await open(shop);
      if (context.session.accessToken === used.session.accessToken) {
        if (unauthorized instanceof Response) return unauthorized;
        throw unauthorized;
      }
      return graphql(context.admin, query, variables);
    },
  });
}
