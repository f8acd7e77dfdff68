import type { RenderState } from "@prisma/client";
import { appLogger } from "~/lib/logger.server";

/** What a transition's log line says: which render of which shop and run, from where to where, after how long. */
export interface RenderTransition {
  renderId: string;
  shop?: string | undefined;
  runId?: string | null | undefined;
  from: RenderState | readonly RenderState[];
  to: RenderState;
  /** How long the render had been in `from` (since its last change), when known. */
  durationMs?: number | undefined;
}

/**
 * One log line per render transition, for operators following a render through the pipeline. Every state change
 * the code makes goes through render-store (and the batched poll results), which call this after the write held.
 */
export function logRenderTransition(transition: RenderTransition, at: Date = new Date()): void {
  appLogger().info(
    {
      event: "render_transition",
      renderId: transition.renderId,
      shop: transition.shop,
      runId: transition.runId ?? undefined,
      from: transition.from,
      to: transition.to,
      durationMs: transition.durationMs ?? undefined,
      at: at.toISOString(),
    },
    "render transition",
  );
}

/** How long a render had been in its state, from the time the database recorded it entered it. */
export const timeInState = (render: { stateChangedAt?: Date | undefined }, at: Date = new Date()) =>
  render.stateChangedAt ? Math.max(0, at.getTime() - render.stateChangedAt.getTime()) : undefined;

/** Bulk changes made for a person or a webhook (cancel a run's queued renders, an uninstall): one line with the count. */
export function logBulkTransition(
  entry: {
    shop: string;
    runId?: string | undefined;
    from: RenderState;
    to: RenderState;
    count: number;
    reason: string;
  },
  at: Date = new Date(),
): void {
  if (entry.count === 0) return;
  appLogger().info({ event: "render_transition_bulk", ...entry, at: at.toISOString() }, "render transitions");
}
