import type { PrismaClient } from "@prisma/client";
import { startRun } from "~/renders/runs/start-run.server";
import { planRun } from "~/renders/runs/plan-run.server";
import { productsInScope } from "~/renders/runs/plan-scope.server";
import { makeRenderColourScorer } from "~/colour/render-colour.server";
import { exposedGc, makeTransferGc, type TransferGc } from "~/worker/transfer-gc";
import type { RenderOptions } from "~/looks/render-options";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import { makeAdminGraphql, type AdminGraphql } from "~/shopify/admin-graphql.server";
import { ADMIN_API_VERSION } from "~/shopify/api-version";
import { makeProductSource } from "~/shopify/product-source.server";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { makeCollectionMembership } from "~/shopify/collection-membership.server";
import { createTryOnClient, silentTryOnLogger } from "~/tryon";
import { makeWorker, type Worker, type WorkerDeps } from "~/worker/worker";
import { type WorkerConfigInput } from "~/worker/worker-config";
import { WORKER_READ_RETRY } from "~/settings/tryon-client.server";
import { startTryOnSimulator, type SimulatorOptionsInput, type TryOnSimulator } from "../fakes/tryon-service";
import { startFakeAdminServer, type FakeAdminOptions, type FakeAdminServer } from "../fakes/shopify-admin";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./database";
import { DEFAULT_TEST_OPTIONS, seedShop, TEST_QUEUE_LIMITS } from "./render-fixtures";

/** A fixed key for tests (32 random bytes): keys made by hand, like 32 equal bytes, are refused (secret-box.server.ts). */
export const TEST_ENCRYPTION_KEY = "JCVaIbSSUMEku+G7U63D4XukU9x+5nPjgtibyZUPQNk=";

/** Admin API client for a shop of the fake Admin API server, over real HTTP (as another process would). */
export function fakeAdminGraphql(adminUrl: string, shop: string, accessToken: string): AdminGraphql {
  return makeAdminGraphql({
    label: shop,
    baseDelayMs: 20,
    request: (query, { variables }) =>
      fetch(`${adminUrl}/shops/${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables }),
      }),
  });
}

/** Worker dependencies wired to the simulator and the fake Admin API server. */
/** The try-on client a test worker uses: the worker's read retries, quiet, with a timeout fit for loaded machines. */
export const testTryOnClient = ({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }) =>
  createTryOnClient({ baseUrl, apiKey, timeoutMs: 10_000, logger: silentTryOnLogger, readRetry: WORKER_READ_RETRY });

export function workerDepsFor(input: {
  db: PrismaClient;
  adminUrl: string;
  tokens: Map<string, string> | Record<string, string>;
  config?: WorkerConfigInput;
  workerId?: string;
  transferGc?: TransferGc;
}): WorkerDeps {
  const tokens = input.tokens instanceof Map ? input.tokens : new Map(Object.entries(input.tokens));
  return {
    db: input.db,
    secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
    makeTryOnClient: testTryOnClient,
    scoreRenderColour: makeRenderColourScorer(),
    // As app-worker.server.ts: collects only in a process started with --expose-gc (benchmark 4's worker).
    transferGc: input.transferGc ?? makeTransferGc({ collect: exposedGc() }),
    renderMediaFor: async (shop) => {
      const token = tokens.get(shop);
      if (!token) throw new Error(`no Admin API token for ${shop}`);
      return makeRenderMedia(fakeAdminGraphql(input.adminUrl, shop, token));
    },
    automation: {
      limits: TEST_QUEUE_LIMITS,
      // As startCollectionRun: each garment keeps the look's pose (the worker checks poses before any credit).
      catalogFor: async () => ({ ok: false, reason: "unavailable", message: "not read in tests" }),
      membershipFor: async (shop) => {
        const token = tokens.get(shop);
        if (!token) throw new Error(`no Admin API token for ${shop}`);
        return makeCollectionMembership(fakeAdminGraphql(input.adminUrl, shop, token));
      },
    },
    ...(input.config ? { config: input.config } : {}),
    ...(input.workerId ? { workerId: input.workerId } : {}),
  };
}

export interface PipelineHarness {
  db: PrismaClient;
  sim: TryOnSimulator;
  admin: FakeAdminServer;
  tokens: Map<string, string>;
  /** Seeds a shop in the fake store and the app (settings with the simulator's key), with a collection of products. */
  addShop(
    shop: string,
    options: { products: number; concurrencyCap?: number; apiKey?: string; credits?: number },
  ): Promise<{ collectionId: string; productIds: string[] }>;
  startCollectionRun(shop: string, collectionId: string, options?: RenderOptions): Promise<string>;
  close(): Promise<void>;
}

export async function startPipelineHarness(
  db: PrismaClient,
  options: {
    timeFactor: number;
    simulator?: Omit<SimulatorOptionsInput, "timeFactor" | "initialCredits">;
    /** Token lifetimes of the fake Admin API (its OAuth endpoint), e.g. short ones to make workers refresh. */
    adminTokens?: FakeAdminOptions["tokens"];
  },
): Promise<PipelineHarness> {
  const sim = await startTryOnSimulator({
    ...options.simulator,
    timeFactor: options.timeFactor,
    initialCredits: 100_000,
  });
  // File search lags as Shopify's does: recovery must not rely on it showing a file created a moment ago.
  const admin = await startFakeAdminServer({
    fileTimeline: { uploadedMs: 20, processingMs: 50 },
    fileSearchDelayMs: 1_500,
    ...(options.adminTokens ? { tokens: options.adminTokens } : {}),
  });
  const tokens = new Map<string, string>();
  const box = makeSecretBox(TEST_ENCRYPTION_KEY);

  return {
    db,
    sim,
    admin,
    tokens,
    async addShop(shop, { products, concurrencyCap = 50, apiKey, credits = 100_000 }) {
      admin.fake.store.addShop({ domain: shop });
      tokens.set(shop, admin.fake.issueAccessToken(shop));
      const key = apiKey ?? sim.addApiKey({ credits });
      const productIds: string[] = [];
      for (let i = 0; i < products; i++) {
        const kind = ["tee", "dress", "shirt"][i % 3];
        const product = admin.fake.store.addProduct(shop, {
          title: `${kind} ${i + 1}`,
          productType: "Shirts",
          images: [
            { filename: `${kind}-${i + 1}-front.jpg`, alt: `${kind} front`, width: 64, height: 80 },
            ...(i % 4 === 0
              ? [{ filename: `${kind}-${i + 1}-back.jpg`, alt: `${kind} back view`, width: 64, height: 80 }]
              : []),
          ],
          // As in most stores: one variant already shows a photo (Shopify lets a variant hold one), one shows none.
          variants: [{ title: "S", imageIndex: 0 }, { title: "M" }],
        });
        productIds.push(product.id);
      }
      const collection = admin.fake.store.addCollection(shop, { title: "Summer", productIds });
      await seedShop(db, shop, {
        concurrencyCap,
        tryOnApiKeyEncrypted: box.seal(key, shop),
        tryOnApiKeyLast4: key.slice(-4),
        tryOnKeyHash: hashServiceKey(key),
        tryOnBaseUrl: sim.baseUrl,
      });
      return { collectionId: collection.id, productIds };
    },
    async startCollectionRun(shop, collectionId, renderOptions = DEFAULT_TEST_OPTIONS) {
      const token = tokens.get(shop) as string;
      const source = makeProductSource(fakeAdminGraphql(admin.url, shop, token));
      const products = await productsInScope(source, { kind: "collection", collectionId });
      const plan = await planRun(db, products, {
        shop,
        options: renderOptions,
        regenerate: false,
        posesFor: () => [renderOptions.poseId],
      });
      const { run } = await startRun(db, {
        shop,
        plan,
        options: renderOptions,
        scope: { kind: "collection", collectionId },
        limits: TEST_QUEUE_LIMITS,
      });
      return run.id;
    },
    async close() {
      await sim.stop();
      await admin.close();
    },
  };
}

/** Drives workers until every render of the given shops is in review or final, or the time runs out. */
export async function waitForRenders(
  db: PrismaClient,
  done: (counts: Record<string, number>) => boolean,
  {
    timeoutMs = 60_000,
    pollMs = 1000,
    onProgress,
  }: { timeoutMs?: number; pollMs?: number; onProgress?: (counts: Record<string, number>) => void } = {},
): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let counts: Record<string, number> = {};
  while (Date.now() < deadline) {
    const groups = await db.render.groupBy({ by: ["state"], _count: { _all: true } });
    counts = Object.fromEntries(groups.map((group) => [group.state, group._count._all]));
    onProgress?.(counts);
    if (done(counts)) return counts;
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    const settled = (counts.failed ?? 0) + (counts.cancelled ?? 0) + (counts.submit_unknown ?? 0);
    if (total > 0 && settled === total) {
      const samples = await db.render.findMany({
        where: { state: { in: ["failed", "cancelled", "submit_unknown"] } },
        take: 3,
        select: { state: true, errorCode: true, errorMessage: true },
      });
      throw new Error(
        `Every render settled without reaching the goal: ${JSON.stringify(counts)} ${JSON.stringify(samples)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`Timed out waiting for renders: ${JSON.stringify(counts)}`);
}

export { makeWorker };

/** A database, the fakes and one worker running against them: what the in-process pipeline tests start with. */
export interface RunningPipeline {
  database: TestDatabase;
  harness: PipelineHarness;
  worker: Worker;
  /** Stops the worker, then the fakes, then drops the database. */
  stop(): Promise<void>;
}

export async function startRunningPipeline(options: {
  timeFactor: number;
  databaseKind?: DatabaseKind;
  config?: WorkerConfigInput;
  /** Extra worker dependencies (metrics, say), given the test database. */
  deps?: (db: PrismaClient) => Partial<WorkerDeps>;
}): Promise<RunningPipeline> {
  const database = await createTestDatabase(options.databaseKind ?? "postgres");
  const harness = await startPipelineHarness(database.prisma, { timeFactor: options.timeFactor });
  const worker = makeWorker({
    ...workerDepsFor({
      db: database.prisma,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      config: { timeFactor: options.timeFactor, tickIntervalMs: 50, ...options.config },
    }),
    ...options.deps?.(database.prisma),
  });
  const running = worker.run();
  return {
    database,
    harness,
    worker,
    async stop() {
      await worker.stop();
      await running;
      await harness.close();
      await database.close();
    },
  };
}
