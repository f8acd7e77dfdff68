import { makeRenderColourScorer } from "~/colour/render-colour.server";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { makeTryOnClientFor } from "~/settings/tryon-client.server";
import { adminGraphqlForShop } from "~/shopify/admin-for-shop.server";
import { makeProductSource } from "~/shopify/product-source.server";
import { productSourceWithoutAppRenders } from "~/renders/review/own-renders.server";
import { makeCollectionExport } from "~/shopify/collection-export.server";
import { makeCollectionMembership } from "~/shopify/collection-membership.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import { appQueueLimits } from "~/renders/lifecycle/queue-renders.server";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { makeCollectionLister, type CollectionLister } from "./collection-lister";
import { appLogger, messageLogger } from "~/lib/logger.server";
import { countServiceErrors, makeMetrics, type Metrics } from "~/metrics/metrics.server";
import type { WorkerLogger } from "./tick-context";
import { exposedGc, makeTransferGc } from "./transfer-gc";
import { makeRetention, type Retention } from "./retention";
import { makeWorker, type Worker } from "./worker";
import type { WorkerConfigInput } from "./worker-config";

export interface AppWorker {
  worker: Worker;
  /** Beside the render loop: reads large collections from Shopify for bulk-run planning. */
  lister: CollectionLister;
  /** Beside the render loop: drops rows that no longer serve anything, hourly (docs/operations.md, Retention). */
  retention: Retention;
  logger: WorkerLogger;
  metrics: Metrics;
  /** Runs every loop above until stop(): what a worker process is. */
  run(): Promise<void>;
  /** Stops every loop; resolves when the render loop has let its submits finish and released its leases. */
  stop(): Promise<void>;
}

/**
 * The worker wired to the app's database, Shopify (each shop's offline session) and the try-on service: the one
 * assembly that `npm run worker` (main.ts) and the app's in-process worker (in-process.server.ts) both run.
 */
export function makeAppWorker(config: WorkerConfigInput = {}): AppWorker {
  const settings = env();
  const logger = messageLogger(appLogger().child({ component: "worker" }));
  const metrics = makeMetrics(prisma, { process: "worker" });
  // One budget for the process: imports and bulk exports both move megabytes through it.
  const transferGc = makeTransferGc({ collect: exposedGc() });
  const worker = makeWorker({
    db: prisma,
    secretBox: keyringFromEnv(settings),
    defaultTryOnBaseUrl: settings.TRYON_DEFAULT_BASE_URL,
    makeTryOnClient: (access) => countServiceErrors(makeTryOnClientFor("worker", access), metrics),
    renderMediaFor: async (shop) =>
      makeRenderMedia(
        await adminGraphqlForShop(shop, { onThrottleWait: (ms) => metrics.throttleWaitSeconds.inc(ms / 1000) }),
      ),
    logger,
    metrics,
    scoreRenderColour: makeRenderColourScorer(),
    transferGc,
    automation: {
      limits: appQueueLimits(),
      catalogFor: (shop) => loadShopCatalog(prisma, shop),
      membershipFor: async (shop) => makeCollectionMembership(await adminGraphqlForShop(shop)),
    },
    config,
  });
  const lister = makeCollectionLister({
    db: prisma,
    productSourceFor: async (shop) =>
      productSourceWithoutAppRenders(makeProductSource(await adminGraphqlForShop(shop)), prisma, shop),
    collectionExportFor: async (shop) => makeCollectionExport(await adminGraphqlForShop(shop)),
    // The webhook usually comes first; the sandbox compresses the poll with the rest of the schedule.
    exportPollMs: Math.max(250, Math.round(10_000 * (config.timeFactor ?? 1))),
    logger,
    transferGc,
  });
  const retention = makeRetention({ db: prisma, logger });
  // The one list of loops: `npm run worker` and the in-process worker (local development, the sandbox) both run it
  // through run() and stop(), so neither can leave one out.
  const loops: ReadonlyArray<{ run(): Promise<void>; stop(): void | Promise<void> }> = [worker, lister, retention];
  return {
    worker,
    lister,
    retention,
    logger,
    metrics,
    run: async () => {
      await Promise.all(loops.map((loop) => loop.run()));
    },
    stop: async () => {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
