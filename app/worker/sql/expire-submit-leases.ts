import type { PrismaClient } from "@prisma/client";
import { logRenderTransition } from "~/renders/lifecycle/transition-log";
import { DB_NOW } from "~/renders/lifecycle/render-store.server";
import { messageKey } from "~/lib/staff-message";

/**
 * A render still in `submitting` after its lease expired belongs to a worker that died (or hung) while its
 * submit was in flight: the job may exist and be charged. It becomes `submit_unknown` and is never resubmitted
 * automatically. Its lease token is kept, so the original worker, if it is only slow, can still record the job
 * id it gets back (render-store: recordSubmitted accepts submit_unknown with the same token).
 */
export async function expireSubmitLeases(db: Pick<PrismaClient, "$queryRaw">, now: Date): Promise<number> {
  const expired = await db.$queryRaw<
    Array<{ id: string; shop: string; runId: string | null; lastStateMs: number | null }>
  >`
    UPDATE "Render"
    SET state = 'submit_unknown', "nextAttemptAt" = NULL, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
        "errorCode" = 'submit_outcome_unknown',
        "errorMessage" = ${messageKey("messages:render.stoppedWhileSending")},
        "updatedAt" = ${now}
    WHERE state = 'submitting' AND "leaseExpiresAt" < ${DB_NOW}
    RETURNING id, shop, "runId", "lastStateMs"`;
  for (const render of expired) {
    logRenderTransition({
      renderId: render.id,
      shop: render.shop,
      runId: render.runId,
      from: "submitting",
      to: "submit_unknown",
      durationMs: render.lastStateMs ?? undefined,
    });
  }
  return expired.length;
}
