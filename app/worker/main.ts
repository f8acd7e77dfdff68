/**
 * The worker process (`npm run worker`): what production runs, as many as needed against one PostgreSQL.
 * SIGTERM stops claiming, lets in-flight submits finish, releases other leases and exits within the grace
 * period; a SIGKILL loses nothing a restart cannot resume (a submit in flight becomes submit_unknown).
 */
import prisma from "~/db.server";
import { installOneHttpClient } from "~/net/outbound";
import { env } from "~/env.server";
import { startMetricsServer } from "~/metrics/serve-metrics.server";
import { makeAppWorker } from "./app-worker.server";

installOneHttpClient();
const appWorker = makeAppWorker();
const { worker, logger, metrics } = appWorker;
const { METRICS_PORT, METRICS_HOST } = env();
const metricsServer =
  METRICS_PORT === undefined
    ? undefined
    : await startMetricsServer(metrics.registry, { port: METRICS_PORT, host: METRICS_HOST });

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
  await Promise.all([appWorker.stop(), metricsServer?.close()]);
  await prisma.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

logger.info("worker started", { workerId: worker.id, metrics: metricsServer?.url ?? "off (METRICS_PORT unset)" });
await appWorker.run();
