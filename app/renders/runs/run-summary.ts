import type { RenderState, Run, RunStatus } from "@prisma/client";
import { z } from "zod";
import { staffMessage, type StaffMessage } from "~/lib/staff-message";
import { runProgressOf, type RunProgress } from "./run-progress";

/** A bulk run at a glance, as the runs list and the run's own page show it. */
export interface RunSummary {
  id: string;
  /** The run's name as a message, worded in the staff member's language by the screens. */
  heading: StaffMessage;
  status: RunStatus;
  createdAt: string;
  estimateCredits: number;
  budgetCredits: number | null;
  /** Renders made for each product; progress counts every one of them. */
  candidatesPerProduct: number;
  progress: RunProgress;
}

/** What a run covers, as stored on the run when it started (with the title the scope had then). */
export const runScopeRecordSchema = z.union([
  z.object({ kind: z.literal("collection"), collectionId: z.string(), title: z.string().optional() }),
  z.object({ kind: z.literal("products"), productIds: z.array(z.string()), title: z.string().optional() }),
]);

/**
 * An automatic run's scope (app/automation): the rule and the title it got when the worker gathered its deliveries
 * ("New arrivals, automatic: 312 products"), with the products it skipped and why.
 */
export const automaticRunScopeSchema = z.object({
  kind: z.literal("automation"),
  ruleId: z.string(),
  title: z.string(),
  skipped: z.array(z.object({ productId: z.string(), title: z.string(), reason: z.string() })).default([]),
});

/** The run's name as a message: the screens word "Collection: New arrivals" in the staff member's language. */
export function runHeadingOf(run: Run): StaffMessage {
  // An automatic run keeps the title its rule gave it when the worker gathered it.
  const automatic = automaticRunScopeSchema.safeParse(run.scope);
  if (automatic.success) return staffMessage("runs:scope.named", { title: automatic.data.title });
  const scope = runScopeRecordSchema.safeParse(run.scope);
  if (!scope.success) return staffMessage("runs:scope.unknown");
  if (scope.data.kind === "collection")
    return scope.data.title
      ? staffMessage("runs:scope.collection", { title: scope.data.title })
      : staffMessage("runs:scope.collectionUntitled");
  return scope.data.title
    ? staffMessage("runs:scope.named", { title: scope.data.title })
    : staffMessage("runs:scope.products", { count: scope.data.productIds.length });
}

export function runSummaryOf(run: Run, counts: Partial<Record<RenderState, number>>): RunSummary {
  return {
    id: run.id,
    heading: runHeadingOf(run),
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    estimateCredits: run.estimateCredits,
    budgetCredits: run.budgetCredits,
    candidatesPerProduct: run.candidatesPerProduct,
    progress: runProgressOf(counts, run.status),
  };
}
