import type { PrismaClient } from "@prisma/client";
import { dropGatheredDeliveries } from "~/automation/drop-gathered-deliveries.server";
import { REMEMBER_DELIVERIES_MS } from "~/shops/webhook-deliveries.server";
import {
  dropExpiredRows,
  type DroppedRows as DroppedExpiredRows,
  type RetentionPolicy as ExpiryPolicy,
} from "./sql/drop-expired-rows";
import { abortableSleep, type WorkerLogger } from "./tick-context";

const DAY_MS = 24 * 3600_000;

export interface RetentionPolicy extends ExpiryPolicy {
  /** Product deliveries after the worker gathered them: their row is what remembers their webhook id (ADR 097, 098). */
  gatheredDeliveriesMs: number;
}

export interface DroppedRows extends DroppedExpiredRows {
  gatheredDeliveries: number;
}

/** What the worker keeps; docs/operations.md ("Retention") says why each and what is never dropped. */
export const RETENTION: RetentionPolicy = {
  webhookDeliveriesMs: REMEMBER_DELIVERIES_MS,
  gatheredDeliveriesMs: REMEMBER_DELIVERIES_MS,
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
  // Two statements: the expired rows of the queue's tables, then the gathered product deliveries (ADR 098).
  const once = async (): Promise<DroppedRows> => {
    const at = now();
    const expired = await dropExpiredRows(deps.db, policy, at);
    const gathered = await dropGatheredDeliveries(deps.db, new Date(at.getTime() - policy.gatheredDeliveriesMs));
    return { ...expired, gatheredDeliveries: gathered };
  };
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
