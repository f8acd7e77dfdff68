import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveRender } from "~/renders/review/review-actions.server";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { encryptedSessionStorage } from "~/shops/encrypted-session-storage.server";
import { LIBRARY_REFRESH_WINDOW_MS } from "~/shopify/offline-token-refresh.server";
import { OFFLINE_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from "../../fakes/shopify-admin/oauth";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { APP_SCOPES } from "../../harness/install-shop";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

const SHOPS = ["north", "south", "east"].map((name) => `${name}.myshopify.com`);
const PRODUCTS_PER_SHOP = 12;
const CONCURRENCY_CAP = 4;
const TIME_FACTOR = 0.005;
/**
 * Shopify's offline tokens live an hour and the library refreshes them in their last five minutes; here they live
 * five minutes and three seconds, so every shop's token enters the refresh window every few seconds of the run.
 */
const TOKEN_TTL_SECONDS = LIBRARY_REFRESH_WINDOW_MS / 1000 + 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The contention test's set-up with production's Admin client in the worker processes: each shop's offline session
 * is stored as token exchange stores it (expiring token, refresh token, sealed by the app's keyring), and four
 * processes load it through shopify-app-remix and refresh it when it nears its end. Shopify retires a refresh token
 * on use, so two processes refreshing the same session would leave one with a dead token: proven from the fake
 * Admin API's log that every refresh succeeded, i.e. no refresh token was spent twice.
 */
describe("four workers on production's Admin client, with offline tokens that expire during the run", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, {
      timeFactor: TIME_FACTOR,
      simulator: { maxConcurrentJobs: CONCURRENCY_CAP },
      adminTokens: { accessTokenTtlSeconds: TOKEN_TTL_SECONDS },
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker, "SIGTERM")));
    await harness?.close();
    await database?.close();
  });

  /** Migrates the harness's non-expiring token to an expiring pair, as Shopify's token exchange does, and stores it. */
  async function storeExpiringSession(shop: string) {
    const sessions = encryptedSessionStorage(new PrismaSessionStorage(database.prisma), keyringFromEnv(process.env));
    const response = await fetch(`${harness.admin.url}/shops/${shop}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: process.env.SHOPIFY_API_KEY,
        client_secret: process.env.SHOPIFY_API_SECRET,
        grant_type: TOKEN_EXCHANGE_GRANT,
        subject_token: harness.tokens.get(shop),
        subject_token_type: OFFLINE_TOKEN_TYPE,
        requested_token_type: OFFLINE_TOKEN_TYPE,
        expiring: "1",
      }),
    });
    expect(response.status).toBe(200);
    const grant = (await response.json()) as {
      access_token: string;
      expires_in: number;
      refresh_token: string;
      refresh_token_expires_in: number;
    };
    await sessions.storeSession(
      new Session({
        id: `offline_${shop}`,
        shop,
        state: "",
        isOnline: false,
        scope: APP_SCOPES,
        accessToken: grant.access_token,
        expires: new Date(Date.now() + grant.expires_in * 1000),
        refreshToken: grant.refresh_token,
        refreshTokenExpires: new Date(Date.now() + grant.refresh_token_expires_in * 1000),
      }),
    );
  }

  it("publishes every render while the processes refresh each shop's token several times, each refresh token once", async () => {
    for (const shop of SHOPS) {
      const { collectionId } = await harness.addShop(shop, {
        products: PRODUCTS_PER_SHOP,
        concurrencyCap: CONCURRENCY_CAP,
      });
      await harness.startCollectionRun(shop, collectionId);
      // From here the harness's fixed token is retired: the workers have only the stored sessions.
      await storeExpiringSession(shop);
    }
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: new Map<string, string>(),
      timeFactor: TIME_FACTOR,
      config: { submitLeaseMs: 30_000 },
      adminClient: "offline-sessions" as const,
    };
    workers.push(...(await Promise.all([1, 2, 3, 4].map((n) => startWorkerProcess(`t${n}`, env)))));
    const store = harness.admin.fake.store;

    const started = Date.now();
    for (;;) {
      if (Date.now() - started > 300_000) throw new Error("the renders did not settle in time");
      await sleep(500);
      for (const render of await database.prisma.render.findMany({ where: { state: "in_review" } })) {
        const variantId = store.product(render.shop, render.productId)!.variantIds[0]!;
        await approveRender(database.prisma, {
          shop: render.shop,
          renderId: render.id,
          reviewer: "staff",
          options: { variantIds: [variantId] },
        }).catch(() => undefined);
      }
      const open = await database.prisma.render.count({
        where: { state: { notIn: ["published", "failed", "cancelled", "submit_unknown"] } },
      });
      if (open === 0) break;
    }

    const renders = await database.prisma.render.findMany();
    const log = harness.admin.fake.requests;
    const refreshes = log.filter((entry) => entry.target === "oauth" && entry.grantType === "refresh_token");
    const refreshesPerShop = SHOPS.map((shop) => refreshes.filter((entry) => entry.shop === shop).length);
    const refused = refreshes.filter((entry) => entry.status !== 200);
    const graphql = log.filter((entry) => entry.target === "graphql");
    const unauthorized = graphql.filter((entry) => entry.status === 401);
    const failed = renders.filter((render) => render.state !== "published");
    console.log(
      `token refresh test: ${renders.length} renders, 4 workers, ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `published ${renders.length - failed.length}, refreshes per shop ${refreshesPerShop.join("/")}, ` +
        `refused refreshes ${refused.length}, GraphQL requests ${graphql.length}, of them 401 ${unauthorized.length} ` +
        `(each sent again with the new token), steps retried ${renders.filter((r) => r.attempts > 1).length}`,
    );
    expect(failed.map((render) => `${render.state}: ${render.errorMessage}`)).toEqual([]);
    expect(renders).toHaveLength(SHOPS.length * PRODUCTS_PER_SHOP);
    // Refreshes happened for every shop, more than once, and none was refused: no refresh token was spent twice.
    expect(Math.min(...refreshesPerShop)).toBeGreaterThanOrEqual(2);
    expect(refused).toEqual([]);
    // Every GraphQL request of the run carried a token: the stored sessions, refreshed, were all the workers had.
    expect(graphql.length).toBeGreaterThan(renders.length * 4);
  }, 360_000);
});
