import { Prisma, type PrismaClient } from "@prisma/client";
import { WORKER_STATES } from "~/renders/lifecycle/render-states";

/**
 * The earliest time after `now` and before `horizon` at which some render becomes due, or null. An idle worker
 * sleeps until then instead of a whole tick interval, so a poll scheduled 3 s after the last one is sent at 3 s,
 * not at the next one-second tick. One index range scan ("nextAttemptAt", state), bounded by the horizon.
 */
export async function nextDueAt(db: Pick<PrismaClient, "$queryRaw">, now: Date, horizon: Date): Promise<Date | null> {
  const [row] = await db.$queryRaw<Array<{ due: Date | null }>>`
    SELECT min("nextAttemptAt") AS due FROM "Render"
    WHERE "nextAttemptAt" > ${now} AND "nextAttemptAt" <= ${horizon}
      AND state = ANY(ARRAY[${Prisma.join(WORKER_STATES)}]::"RenderState"[])`;
  return row?.due ?? null;
}
