import { Session } from "@shopify/shopify-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../harness/database";
import {
  adminGraphqlFromOfflineSessions,
  LIBRARY_REFRESH_WINDOW_MS,
  makeOfflineAdminOpener,
} from "./offline-token-refresh.server";

const SHOP = "refresh.myshopify.com";

/**
 * Shopify's side and the library's, as far as refresh goes: one stored session; `openAdmin` does what
 * `unauthenticated.admin` does (load it, refresh it inside the window, store the new pair), and the token endpoint
 * retires a refresh token on use, refusing a second use.
 */
function fakeShopifyAndLibrary(expiresInMs: number) {
  let serial = 0;
  const issue = (ttlMs: number) => {
    serial++;
    return new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken: `shpat_${serial}`,
      refreshToken: `shprt_${serial}`,
      expires: new Date(Date.now() + ttlMs),
    });
  };
  let stored = issue(expiresInMs);
  const spent = new Set<string>();
  const refreshes: { token: string; ok: boolean }[] = [];
  return {
    refreshes,
    loadOfflineSession: async () => stored,
    openAdmin: async () => {
      const session = stored;
      if (!session.isExpired(LIBRARY_REFRESH_WINDOW_MS)) return { session };
      const token = session.refreshToken!;
      await new Promise((resolve) => setTimeout(resolve, 30)); // the token endpoint's round trip
      const ok = !spent.has(token);
      refreshes.push({ token, ok });
      if (!ok) throw new Error("This request requires an active refresh_token");
      spent.add(token);
      stored = issue(3_600_000);
      return { session: stored };
    },
  };
}

describe.each(DATABASE_KINDS)("refreshing an expiring offline token from several processes (%s)", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.prisma.shop.create({ data: { domain: SHOP } });
  });
  afterAll(() => database?.close());

  it("lets one process refresh while the others wait for its new token: each refresh token is spent once", async () => {
    const shopify = fakeShopifyAndLibrary(60_000);
    // Three processes: three openers, each with its own in-process single flight, sharing only the database.
    const processes = [1, 2, 3].map(() => makeOfflineAdminOpener({ db: database.prisma, ...shopify, pollMs: 10 }));
    const opened = await Promise.all(processes.flatMap((open) => [open(SHOP), open(SHOP)]));

    expect(shopify.refreshes).toEqual([{ token: "shprt_1", ok: true }]);
    expect(new Set(opened.map(({ session }) => session.accessToken))).toEqual(new Set(["shpat_2"]));
    const [shop] = await database.prisma.shop.findMany({ where: { domain: SHOP } });
    expect(shop?.tokenRefreshUntil).toBeNull();
  });

  it("refreshes nothing and takes no lease for a token outside the refresh window", async () => {
    const shopify = fakeShopifyAndLibrary(3_600_000);
    const open = makeOfflineAdminOpener({ db: database.prisma, ...shopify });
    const { session } = await open(SHOP);
    expect(session.accessToken).toBe("shpat_1");
    expect(shopify.refreshes).toEqual([]);
  });

  it("takes over a lease left by a process that died mid-refresh once the lease has run out", async () => {
    await database.prisma.$executeRaw`
      UPDATE "Shop" SET "tokenRefreshUntil" = now() + interval '300 milliseconds' WHERE domain = ${SHOP}`;
    const shopify = fakeShopifyAndLibrary(60_000);
    const open = makeOfflineAdminOpener({ db: database.prisma, ...shopify, pollMs: 20 });
    const { session } = await open(SHOP);
    expect(session.accessToken).toBe("shpat_2");
    expect(shopify.refreshes).toEqual([{ token: "shprt_1", ok: true }]);
  });

  it("gives up with a clear error when another process holds the lease for longer than it will wait", async () => {
    await database.prisma.$executeRaw`
      UPDATE "Shop" SET "tokenRefreshUntil" = now() + interval '1 minute' WHERE domain = ${SHOP}`;
    const shopify = fakeShopifyAndLibrary(60_000);
    const open = makeOfflineAdminOpener({ db: database.prisma, ...shopify, pollMs: 10, waitMs: 100 });
    await expect(open(SHOP)).rejects.toThrow(
      /another process has been refreshing refresh\.myshopify\.com's Shopify token/,
    );
    expect(shopify.refreshes).toEqual([]);
    await database.prisma.$executeRaw`UPDATE "Shop" SET "tokenRefreshUntil" = NULL WHERE domain = ${SHOP}`;
  });
});

describe("the background Admin client over offline sessions", () => {
  const QUERY = "query ShopName { shop { name } }";
  const ok = () => Response.json({ data: { shop: { name: "Refresh" } } });
  /** A context whose token is `token`, valid for an hour, answering 401 when `retired` says so. */
  const context = (token: string, retired: Set<string>, sent: string[]) => ({
    session: new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      accessToken: token,
      expires: new Date(Date.now() + 3_600_000),
    }),
    admin: {
      graphql: async () => {
        sent.push(token);
        return retired.has(token) ? new Response("Unauthorized", { status: 401 }) : ok();
      },
    },
  });

  it("sends a request once more with the new token when another process replaced the one it used", async () => {
    const retired = new Set<string>();
    const sent: string[] = [];
    const opened = ["shpat_old", "shpat_new"].map((token) => context(token, retired, sent));
    let opens = 0;
    const admin = await adminGraphqlFromOfflineSessions(SHOP, async () => opened[Math.min(opens++, 1)]!);
    retired.add("shpat_old"); // another worker refreshed the session after this client was made

    await expect(admin.query<{ shop: { name: string } }>(QUERY)).resolves.toEqual({ shop: { name: "Refresh" } });
    expect(sent).toEqual(["shpat_old", "shpat_new"]);
  });

  it("lets a 401 stand when the stored token is the one refused (an uninstalled shop): no loop, one request", async () => {
    const retired = new Set(["shpat_only"]);
    const sent: string[] = [];
    const admin = await adminGraphqlFromOfflineSessions(SHOP, async () => context("shpat_only", retired, sent));

    await expect(admin.query<{ shop: { name: string } }>(QUERY)).rejects.toMatchObject({
      name: "AdminHttpError",
      status: 401,
    });
    expect(sent).toEqual(["shpat_only"]);
  });
});
