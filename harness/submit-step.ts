/**
 * The fixture of the submit step's tests (app/worker/steps/submit-render*.test.ts): a database with one shop holding a
 * saved key, queued renders due at `start`, and a worker on an injected clock whose try-on service answers from a
 * script.
 */
import type { PrismaClient, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database";
import { seedRenders } from "./render-fixtures";
import { recordingWorkerLogger, scriptedTryOn, seedShopWithKey, stepWorker, type TryOnScript } from "./worker-steps";

export function useSubmitStep(shop: string, start: Date) {
  let database: TestDatabase | undefined;
  const clock = { now: start };
  const state = { keyHash: "" };
  const db = (): PrismaClient => {
    if (!database) throw new Error("the database is not ready");
    return database.prisma;
  };

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    clock.now = start;
    await db().shop.deleteMany();
    await db().serviceGate.deleteMany();
    state.keyHash = await seedShopWithKey(db(), shop, `${shop}-key`);
  });

  return {
    db,
    clock,
    keyHash: () => state.keyHash,
    /** `count` new queued renders, due at `start`; answers with all of the shop's renders, oldest first. */
    queued: (count = 1): Promise<Render[]> => seedRenders(db(), shop, count, { nextAttemptAt: start }),
    row: (id: string) => db().render.findUniqueOrThrow({ where: { id } }),
    /** The shop's credit ledger as [kind, renderId, credits]. */
    ledger: () =>
      db()
        .creditLedgerEntry.findMany({ where: { shop }, orderBy: { id: "asc" } })
        .then((entries) => entries.map((entry) => [entry.kind, entry.renderId, entry.credits])),
    worker(script: TryOnScript = {}, extra: Partial<Parameters<typeof stepWorker>[1]> = {}) {
      const tryOn = scriptedTryOn(script);
      const logger = recordingWorkerLogger();
      const made = stepWorker(db(), { tryOn: tryOn.client, now: () => clock.now, logger, ...extra });
      return { worker: made, tryOn, logger };
    },
  };
}
