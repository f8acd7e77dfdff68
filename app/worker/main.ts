/**
 * The worker process (`npm run worker`): what production runs, as many as needed against one PostgreSQL.
 * SIGTERM stops claiming, lets in-flight submits finish, releases other leases and exits within the grace
 * period; a SIGKILL loses nothing a restart cannot resume (a submit in flight becomes submit_unknown).
 */
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
import { makeWorker } from "./worker";

const config = env();
const logger = consoleWorkerLogger();
const worker = makeWorker({
  db: prisma,
  secretBox: makeSecretBox(config.APP_ENCRYPTION_KEY),
  defaultTryOnBaseUrl: config.TRYON_DEFAULT_BASE_URL,
  makeTryOnClient: ({ baseUrl, apiKey }) => createTryOnClient({ baseUrl, apiKey, readRetry: WORKER_READ_RETRY }),
  renderMediaFor: async (shop) => makeRenderMedia(await adminGraphqlForShop(shop)),
  logger,
});
// Beside the render loop: large collections read from Shopify for bulk-run planning.
const lister = makeCollectionLister({
  db: prisma,
  productSourceFor: async (shop) => makeProductSource(await adminGraphqlForShop(shop)),
  logger,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("stopping", { signal, workerId: worker.id });
  const forced = setTimeout(() => {
    logger.error("shutdown grace period passed; exiting", { workerId: worker.id });
    process.exit(1);
  }, worker.config.shutdownGraceMs);
  forced.unref();
  await Promise.all([worker.stop(), lister.stop()]);
  await prisma.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

logger.info("worker started", { workerId: worker.id });
await Promise.all([worker.run(), lister.run()]);
