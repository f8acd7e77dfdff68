import { hostname } from "node:os";
import type { PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "$executeRaw" | "$queryRaw">;

/** Home warns staff when no worker has been seen for this long: renders would sit queued with nobody told. */
export const WORKER_SILENCE_WARNING_MS = 2 * 60_000;
/** Rows of workers gone this long are removed (a deployment that restarts often would otherwise pile them up). */
const FORGET_AFTER = "7 days";

export interface Heartbeat {
  /** Records that this worker is alive (database time, so machines' clocks do not matter). */
  beat(): Promise<void>;
  /** Records a clean stop. */
  stopped(): Promise<void>;
}

export function makeHeartbeat(db: Db, workerId: string, identity = { host: hostname(), pid: process.pid }): Heartbeat {
  return {
    async beat() {
      await db.$executeRaw`
        INSERT INTO "WorkerHeartbeat" ("workerId", host, pid, "startedAt", "seenAt")
        VALUES (${workerId}, ${identity.host}, ${identity.pid}, now(), now())
        ON CONFLICT ("workerId") DO UPDATE SET "seenAt" = now(), "stoppedAt" = NULL`;
    },
    async stopped() {
      await db.$executeRaw`
        UPDATE "WorkerHeartbeat" SET "stoppedAt" = now(), "seenAt" = now() WHERE "workerId" = ${workerId}`;
      await db.$executeRaw`
        DELETE FROM "WorkerHeartbeat" WHERE "seenAt" < now() - ${FORGET_AFTER}::interval`;
    },
  };
}

export interface WorkerSilence {
  /** When any worker last checked in; null when none ever has. */
  lastSeenAt: Date | null;
  /** True when no worker has checked in for WORKER_SILENCE_WARNING_MS (or ever). */
  silent: boolean;
}

/** Whether any worker is alive, judged on the database's clock (the one the heartbeats were written with). */
export async function workerSilence(db: Db): Promise<WorkerSilence> {
  const [row] = await db.$queryRaw<Array<{ lastSeenAt: Date | null; silentMs: number | null }>>`
    SELECT max("seenAt") AS "lastSeenAt",
           (extract(epoch FROM now() - max("seenAt")) * 1000)::float8 AS "silentMs"
    FROM "WorkerHeartbeat"`;
  const lastSeenAt = row?.lastSeenAt ?? null;
  const silentMs = row?.silentMs ?? null;
  return { lastSeenAt, silent: silentMs === null || silentMs > WORKER_SILENCE_WARNING_MS };
}
