import type { PrismaClient } from "@prisma/client";
import { REMEMBER_DELIVERIES_MS } from "~/shops/webhook-deliveries.server";
import { dropExpiredRows, type DroppedRows, type RetentionPolicy } from "./sql/drop-expired-rows";
import { abortableSleep, type WorkerLogger } from "./tick-context";

const DAY_MS = 24 * 3600_000;

/** What the worker keeps; docs/operations.md ("Retention") says why each and what is never dropped. */
export const RETENTION: RetentionPolicy = {
  webhookDeliveriesMs: REMEMBER_DELIVERIES_MS,
  collectionListingsMs: DAY_MS,
  heartbeatsMs: 7 * DAY_MS,
  serviceGatesMs: 7 * DAY_MS,
};

/** Every worker runs it; a second worker running it meanwhile finds nothing more to drop. */
export const RETENTION_EVERY_MS = 3600_000;

export interface Retention {
  /** One pass: drops what the policy no longer keeps. */
  once(): Promise<DroppedRows>;
  /** Passes every `everyMs` (the first at once) until stop(). */
  run(): Promise<void>;
  stop(): void;
}

export function makeRetention(deps: {
  db: Pick<PrismaClient, "$queryRaw">;
  logger: WorkerLogger;
  policy?: RetentionPolicy;
  everyMs?: number;
  now?: () => Date;
}): Retention {
  const policy = deps.policy ?? RETENTION;
  const everyMs = deps.everyMs ?? RETENTION_EVERY_MS;
  const now = deps.now ?? (() => new Date());
  const stopped = new AbortController();
  const once = () => dropExpiredRows(deps.db, policy, now());
  return {
    once,
    async run() {
      while (!stopped.signal.aborted) {
        try {
          const dropped = await once();
          if (Object.values(dropped).some((count) => count > 0))
            deps.logger.info("retention dropped rows", { ...dropped });
        } catch (error) {
          // Nothing waits on it: the next pass tries again.
          deps.logger.warn("retention failed", { error: String(error) });
        }
        await abortableSleep(everyMs, stopped.signal);
      }
    },
    stop: () => stopped.abort(),
  };
}
