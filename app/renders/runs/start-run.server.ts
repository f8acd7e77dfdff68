import type { Prisma, PrismaClient, Run } from "@prisma/client";
import type { RunPlan } from "./plan-run.server";
import {
  oncePerRequestKey,
  reserveQueueRoom,
  candidatesOf,
  renderRow,
  type QueueLimits,
} from "../lifecycle/queue-renders.server";
import type { RenderOptions } from "~/looks/render-options";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/** The run an earlier start request with this key made, if any. */
export function runForRequestKey(db: Pick<PrismaClient, "run">, shop: string, requestKey: string): Promise<Run | null> {
  return db.run.findUnique({ where: { shop_requestKey: { shop, requestKey } } });
}

/**
 * Starts a bulk run from a plan: the run and all its renders in one transaction, idempotent by `requestKey`.
 * Throws QueueFullError when the shop's queue has no room for the plan (planScope says so before this).
 */
export async function startRun(
  db: Db,
  input: {
    shop: string;
    plan: RunPlan;
    options: RenderOptions;
    scope: Record<string, unknown>;
    budgetCredits?: number | null;
    requestKey?: string;
    createdBy?: string;
    limits: QueueLimits;
  },
): Promise<{ run: Run; created: boolean }> {
  const { row, created } = await oncePerRequestKey(
    input.requestKey,
    (requestKey) => runForRequestKey(db, input.shop, requestKey),
    () => db.$transaction((tx) => createRunWithRenders(tx, input)),
  );
  return { run: row, created };
}

export interface RunToCreate {
  shop: string;
  plan: RunPlan;
  options: RenderOptions;
  scope: Record<string, unknown>;
  budgetCredits?: number | null;
  requestKey?: string;
  createdBy?: string;
  /** An automatic run's rule (app/automation). */
  ruleId?: string;
  limits: QueueLimits;
}

/**
 * The run and its renders, inside the caller's transaction: the queue cap is checked under the shop's queue lock
 * (reserveQueueRoom), which stays held until the caller commits. Bulk runs and automatic runs both come here.
 */
export async function createRunWithRenders(tx: Prisma.TransactionClient, input: RunToCreate): Promise<Run> {
  await reserveQueueRoom(tx, input.shop, input.plan.eligible.length * input.plan.candidatesPerProduct, input.limits);
  const run = await tx.run.create({
    data: {
      shop: input.shop,
      scope: input.scope as Prisma.InputJsonValue,
      options: input.options as unknown as Prisma.InputJsonValue,
      estimateCredits: input.plan.estimateCredits,
      budgetCredits: input.budgetCredits ?? null,
      candidatesPerProduct: input.plan.candidatesPerProduct,
      ...(input.requestKey ? { requestKey: input.requestKey } : {}),
      ...(input.createdBy ? { createdBy: input.createdBy } : {}),
      ...(input.ruleId ? { ruleId: input.ruleId } : {}),
      ...(input.plan.eligible.length === 0 ? { status: "completed", completedAt: new Date() } : {}),
    },
  });
  await tx.render.createMany({
    data: input.plan.eligible.flatMap(({ product, images, options, variantColour }) =>
      candidatesOf(input.plan.candidatesPerProduct).map((candidate) =>
        renderRow(input.shop, product, images, options, {
          runId: run.id,
          variantColour,
          ...(candidate ? { candidate } : {}),
        }),
      ),
    ),
  });
  return run;
}
