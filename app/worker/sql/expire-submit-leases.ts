import type { PrismaClient } from "@prisma/client";
import { DB_NOW } from "../../renders/render-store.server";

/**
 * A render still in `submitting` after its lease expired belongs to a worker that died (or hung) while its
 * submit was in flight: the job may exist and be charged. It becomes `submit_unknown` and is never resubmitted
 * automatically. Its lease token is kept, so the original worker, if it is only slow, can still record the job
 * id it gets back (render-store: recordSubmitted accepts submit_unknown with the same token).
 */
export function expireSubmitLeases(db: Pick<PrismaClient, "$executeRaw">, now: Date) {
  return db.$executeRaw`
    UPDATE "Render"
    SET state = 'submit_unknown', "nextAttemptAt" = NULL, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
        "errorCode" = 'submit_outcome_unknown',
        "errorMessage" = 'The app stopped while sending this render to the try-on service, so it cannot tell whether the job started. Check the service''s dashboard, then mark it as started or as not charged.',
        "updatedAt" = ${now}
    WHERE state = 'submitting' AND "leaseExpiresAt" < ${DB_NOW}`;
}
