import type { RenderState, Run, RunStatus } from "@prisma/client";
import { z } from "zod";
import { staffMessage, type StaffMessage } from "~/lib/staff-message";
import { runProgressOf, type RunProgress } from "./run-progress";

/** A bulk run at a glance, as the runs list and the run's own page show it. */
export interface RunSummary {
  id: string;
  /** The run's name in English (logs, older screens); `heading` is the same in the staff member's language. */
  title: string;
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

export function runTitleOf(run: Run): string {
  const scope = runScopeRecordSchema.safeParse(run.scope);
  if (!scope.success) return "Bulk run";
  if (scope.data.kind === "collection") return scope.data.title ? `Collection: ${scope.data.title}` : "Collection";
  return scope.data.title ?? `${scope.data.productIds.length} products`;
}

/** The run's name as a message: the screens word "Collection: New arrivals" in the staff member's language. */
export function runHeadingOf(run: Run): StaffMessage {
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
    title: runTitleOf(run),
    heading: runHeadingOf(run),
    status: run.status,
    createdAt: run.createdAt.toISOString(),
    estimateCredits: run.estimateCredits,
    budgetCredits: run.budgetCredits,
    candidatesPerProduct: run.candidatesPerProduct,
    progress: runProgressOf(counts, run.status),
  };
}
