/**
 * A worker process for the crash and contention tests: the app's worker (app/worker/worker.ts) wired to the
 * simulator and the fake Admin API server given in the environment, exactly as production wires it to the
 * real ones. Started with tsx; SIGTERM shuts it down gracefully, SIGKILL is the crash under test.
 *
 * ADMIN_CLIENT=offline-sessions swaps the fixed test tokens for production's Admin client path: shopify-app-remix's
 * `unauthenticated.admin` over the app's encrypted session storage, refreshing expiring offline tokens
 * (app/shopify/admin-for-shop.server.ts), with @shopify/shopify-api's `https://{shop}` requests sent to the fake
 * Admin API server.
 */
import { z } from "zod";
import { createPrismaClient } from "~/db/prisma-client.server";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import { workerConfigSchema } from "~/worker/worker-config";
import { workerDepsFor } from "../../harness/pipeline";

const env = z
  .object({
    DATABASE_URL: z.string(),
    FAKE_ADMIN_URL: z.url(),
    FAKE_ADMIN_TOKENS: z.string().transform((value) => z.record(z.string(), z.string()).parse(JSON.parse(value))),
    TIME_FACTOR: z.coerce.number().positive(),
    ADMIN_CLIENT: z.enum(["fixed-tokens", "offline-sessions"]).default("fixed-tokens"),
    WORKER_ID: z.string(),
    /** Overrides of the worker's config, as JSON (validated by the worker's own schema). */
    WORKER_CONFIG: z
      .string()
      .default("{}")
      .transform((value) => {
        const given = z.record(z.string(), z.unknown()).parse(JSON.parse(value));
        // Only the keys given: the schema's defaults (timeFactor 1 among them) must not override this file's.
        const parsed = workerConfigSchema.partial().parse(given);
        return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in given)) as typeof parsed;
      }),
  })
  .parse(process.env);

const db = createPrismaClient(env.DATABASE_URL);
const deps = workerDepsFor({
  db,
  adminUrl: env.FAKE_ADMIN_URL,
  tokens: env.FAKE_ADMIN_TOKENS,
  workerId: env.WORKER_ID,
  config: {
    timeFactor: env.TIME_FACTOR,
    tickIntervalMs: 50,
    submitLeaseMs: 3_000,
    workLeaseMs: 3_000,
    ...env.WORKER_CONFIG,
  },
});
if (env.ADMIN_CLIENT === "offline-sessions") deps.renderMediaFor = await productionRenderMedia(env.FAKE_ADMIN_URL);
const worker = makeWorker({
  ...deps,
  logger: {
    info: () => {},
    warn: () => {},
    error: (message, context) => console.error(JSON.stringify({ worker: env.WORKER_ID, message, ...context })),
  },
});

async function productionRenderMedia(fakeAdminUrl: string): Promise<WorkerDeps["renderMediaFor"]> {
  const { setAbstractFetchFunc } = await import("@shopify/shopify-api/runtime");
  const { fetchViaFakeAdminServer } = await import("../../fakes/shopify-admin/server");
  const { adminGraphqlForShop } = await import("~/shopify/admin-for-shop.server");
  const { makeRenderMedia } = await import("~/shopify/render-media.server");
  // After the app's imports: the library's node adapter sets its own fetch when it loads.
  setAbstractFetchFunc(fetchViaFakeAdminServer(fakeAdminUrl));
  return async (shop) => makeRenderMedia(await adminGraphqlForShop(shop, { baseDelayMs: 20 }));
}

process.on("SIGTERM", () => {
  void worker.stop().then(async () => {
    await db.$disconnect();
    process.exit(0);
  });
});
console.log("ready");
await worker.run();
