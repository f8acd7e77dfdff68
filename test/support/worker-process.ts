/**
 * A worker process for the crash and contention tests: the app's worker (app/worker/worker.ts) wired to the
 * simulator and the fake Admin API server given in the environment, exactly as production wires it to the
 * real ones. Started with tsx; SIGTERM shuts it down gracefully, SIGKILL is the crash under test.
 */
import { z } from "zod";
import { createPrismaClient } from "../../app/db/prisma-client.server";
import { makeWorker } from "../../app/worker/worker";
import { workerConfigSchema } from "../../app/worker/worker-config";
import { workerDepsFor } from "../../harness/pipeline";

const env = z
  .object({
    DATABASE_URL: z.string(),
    FAKE_ADMIN_URL: z.url(),
    FAKE_ADMIN_TOKENS: z.string().transform((value) => z.record(z.string(), z.string()).parse(JSON.parse(value))),
    TIME_FACTOR: z.coerce.number().positive(),
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
const worker = makeWorker({
  ...workerDepsFor({
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
  }),
  logger: {
    info: () => {},
    warn: () => {},
    error: (message, context) => console.error(JSON.stringify({ worker: env.WORKER_ID, message, ...context })),
  },
});

process.on("SIGTERM", () => {
  void worker.stop().then(async () => {
    await db.$disconnect();
    process.exit(0);
  });
});
console.log("ready");
await worker.run();
