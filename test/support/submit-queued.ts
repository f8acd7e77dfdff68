import type { PrismaClient } from "@prisma/client";
import { keyringFromEnv } from "~/lib/secret-box.server";
import { makeWorker } from "~/worker/worker";
import { testTryOnClient } from "../../harness/pipeline";

/**
 * Runs the real worker's submit step until no render is left queued, so a page test can read what reached the
 * try-on simulator (its submit log) rather than what the app wrote in its own columns. Nothing is published:
 * the Admin API is not needed to submit.
 */
export async function submitQueuedRenders(db: PrismaClient, options: { maxTicks?: number } = {}): Promise<void> {
  const worker = makeWorker({
    db,
    secretBox: keyringFromEnv(process.env),
    makeTryOnClient: testTryOnClient,
    renderMediaFor: () => Promise.reject(new Error("route tests submit renders; they do not publish them")),
    config: { submitBatchSize: 50 },
  });
  for (let tick = 0; tick < (options.maxTicks ?? 20); tick++) {
    if ((await db.render.count({ where: { state: "queued" } })) === 0) return;
    await worker.tick();
  }
  const left = await db.render.findMany({
    where: { state: "queued" },
    select: { id: true, state: true, errorMessage: true },
  });
  throw new Error(`renders still queued after the worker's ticks: ${JSON.stringify(left)}`);
}
