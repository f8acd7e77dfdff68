import prisma from "../db.server";
import { env } from "../env.server";
import { makeSecretBox } from "../settings/secret-box.server";
import { adminGraphqlForShop } from "../shopify/admin-for-shop.server";
import { makeProductSource } from "../shopify/product-source.server";
import { makeRenderMedia } from "../shopify/render-media.server";
import { createTryOnClient } from "../tryon";
import { makeCollectionLister } from "./collection-lister";
import { consoleWorkerLogger } from "./console-logger";
import { WORKER_READ_RETRY } from "./worker-config";
import { makeWorker, type Worker } from "./worker";
import type { WorkerConfigInput } from "./worker-config";

declare global {
  // One in-process worker per server process, across Remix dev reloads.
  var __modelShotsWorker: Worker | undefined;
}

/**
 * Local development runs the worker inside the app's process: the embedded database belongs to one process,
 * and one command should give a working app. Production runs `npm run worker` processes instead
 * (WORKER_MODE=external).
 */
export function ensureInProcessWorker(config: WorkerConfigInput = {}): Worker | undefined {
  const settings = env();
  if (settings.WORKER_MODE !== "in-process") return undefined;
  if (globalThis.__modelShotsWorker) return globalThis.__modelShotsWorker;
  const worker = makeWorker({
    db: prisma,
    secretBox: makeSecretBox(settings.APP_ENCRYPTION_KEY),
    defaultTryOnBaseUrl: settings.TRYON_DEFAULT_BASE_URL,
    makeTryOnClient: ({ baseUrl, apiKey }) => createTryOnClient({ baseUrl, apiKey, readRetry: WORKER_READ_RETRY }),
    renderMediaFor: async (shop) => makeRenderMedia(await adminGraphqlForShop(shop)),
    logger: consoleWorkerLogger(),
    config: { timeFactor: settings.WORKER_TIME_FACTOR, ...config },
  });
  globalThis.__modelShotsWorker = worker;
  void worker.run();
  // Large collections for bulk-run planning are read beside it.
  void makeCollectionLister({
    db: prisma,
    productSourceFor: async (shop) => makeProductSource(await adminGraphqlForShop(shop)),
    logger: consoleWorkerLogger(),
  }).run();
  return worker;
}
