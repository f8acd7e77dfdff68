import type { PrismaClient } from "@prisma/client";
import {
  GatherRaced,
  gatherShopDeliveries,
  shopsReadyToGather,
  type GatherDeps,
  type GatherOutcome,
} from "~/automation/gather-deliveries.server";
import type { WorkerLogger } from "../tick-context";
import type { WorkerConfig } from "../worker-config";

/** What the worker needs to gather automation deliveries: Shopify's collection answers and the shop's catalog. */
export type AutomationDeps = Omit<GatherDeps, "db" | "now">;

/**
 * The automation step of a tick (ADR 076): shops whose product deliveries have been quiet long enough are gathered
 * into automatic runs, one shop at a time. Durable: the deliveries stay pending until the transaction that queues
 * their renders marks them, so a worker killed midway leaves them for the next pass; any number of workers may run
 * it at once (the shop's queue lock decides, and a worker that finds a shop taken moves on).
 */
export async function gatherAutomation(input: {
  db: PrismaClient;
  config: WorkerConfig;
  now: () => Date;
  logger: WorkerLogger;
  deps: AutomationDeps;
}): Promise<GatherOutcome[]> {
  const shops = await shopsReadyToGather(input.db, input.now(), {
    quietMs: input.config.automationQuietMs,
    maxWaitMs: input.config.automationMaxWaitMs,
  });
  const outcomes: GatherOutcome[] = [];
  for (const shop of shops) {
    try {
      const outcome = await gatherShopDeliveries({ ...input.deps, db: input.db, now: input.now }, shop);
      outcomes.push(outcome);
      if (outcome.deliveries > 0)
        input.logger.info("automation gathered", {
          shop,
          deliveries: outcome.deliveries,
          runs: outcome.runs,
          dropped: outcome.dropped,
        });
    } catch (error) {
      if (error instanceof GatherRaced) continue;
      // The deliveries stay pending and are gathered again at the next pass.
      input.logger.warn("automation gather failed", { shop, error: String(error) });
    }
  }
  return outcomes;
}
