import type { PrismaClient } from "@prisma/client";
import { SETTLED_STATES } from "~/renders/lifecycle/render-states";

/**
 * Marks active runs whose every render has reached review or a final state as completed: one statement per
 * tick, using the (runId, state) index. Paused and cancelled runs keep their status.
 */
export function completeFinishedRuns(db: Pick<PrismaClient, "$executeRaw">, now: Date) {
  return db.$executeRaw`
    UPDATE "Run" run SET status = 'completed', "completedAt" = ${now}
    WHERE run.status = 'active'
      AND NOT EXISTS (
        SELECT 1 FROM "Render" r
        WHERE r."runId" = run.id AND r.state <> ALL(${[...SETTLED_STATES]}::text[]::"RenderState"[])
      )`;
}
