import { Prisma, type PrismaClient, type Render } from "@prisma/client";
import { IN_FLIGHT_STATES, SERVICE_STATES, WORKER_STATES } from "../../renders/render-states";

export interface ClaimOptions {
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

const states = (list: readonly string[]) => Prisma.sql`ARRAY[${Prisma.join(list)}]::"RenderState"[]`;

/**
 * Conditions shared by both claims: the render is due, nobody holds a live lease on it, its shop is installed,
 * and if its step calls the try-on service, that service key is neither rate-limited nor behind an open circuit.
 */
const claimable = (now: Date) => Prisma.sql`
  r."nextAttemptAt" <= ${now}
  AND (r."leaseExpiresAt" IS NULL OR r."leaseExpiresAt" < ${now})
  AND s."uninstalledAt" IS NULL
  AND (r.state <> ALL(${states(SERVICE_STATES)})
       OR ((g."pausedUntil" IS NULL OR g."pausedUntil" <= ${now})
           AND (g."circuitOpenUntil" IS NULL OR g."circuitOpenUntil" <= ${now})))`;

const joins = Prisma.sql`
  JOIN "Shop" s ON s.domain = r.shop
  LEFT JOIN "ShopSettings" st ON st.shop = r.shop
  LEFT JOIN "ServiceGate" g ON g."keyHash" = st."tryOnKeyHash"`;

/**
 * Claims queued renders to submit, in one statement. The claim only leases them: the input checks run next,
 * and a worker that dies during those has sent nothing, so the render simply becomes claimable again. The
 * intent to submit (state `submitting`, credits reserved) is committed just before the request leaves
 * (render-store: commitSubmitIntent).
 *
 * Fairness: renders are ranked within their shop and taken rank by rank, so shops interleave (round-robin)
 * and a shop's 2,000-render run cannot starve another shop's single click. Each shop gets at most
 * (concurrency cap − renders in flight, counting queued renders other workers hold). A run's renders stop at
 * its budget, counting what the run has been charged net of refunds (a `submitting` render's credits are
 * reserved, so charged) plus the cost of its queued renders another worker holds a live lease on: those are
 * about to be charged, and without them a second worker would spend the same credits again. Paused shops
 * (bad key, no credits) and paused runs are skipped.
 *
 * Run inside a transaction holding the submit-claim advisory lock, so two workers never both see room under
 * one shop's cap.
 */
export function claimDueSubmits(db: Pick<PrismaClient, "$queryRaw">, options: ClaimOptions) {
  const { workerId, now, leaseMs, limit } = options;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return db.$queryRaw<Render[]>`
    WITH in_flight AS (
      SELECT shop, count(*)::int AS n FROM "Render"
      WHERE state = ANY(${states(IN_FLIGHT_STATES)}) OR (state = 'queued' AND "leaseExpiresAt" >= ${now})
      GROUP BY shop
    ),
    run_spent AS (
      SELECT "runId",
             sum(CASE WHEN state = 'queued' THEN "creditsCost" ELSE "creditsCharged" - "creditsRefunded" END)::int
               AS spent
      FROM "Render"
      WHERE "runId" IS NOT NULL
        AND ("creditsCharged" > 0 OR (state = 'queued' AND "leaseExpiresAt" >= ${now}))
      GROUP BY "runId"
    ),
    ranked AS (
      SELECT r.id,
             row_number() OVER (PARTITION BY r.shop ORDER BY r."createdAt", r.id) AS shop_rank,
             coalesce(st."concurrencyCap", 4) - coalesce(f.n, 0) AS room,
             run."budgetCredits" AS budget,
             coalesce(rs.spent, 0)
               + sum(r."creditsCost") OVER (PARTITION BY r."runId" ORDER BY r."createdAt", r.id) AS spend_if_taken
      FROM "Render" r
      ${joins}
      LEFT JOIN "Run" run ON run.id = r."runId"
      LEFT JOIN in_flight f ON f.shop = r.shop
      LEFT JOIN run_spent rs ON rs."runId" = r."runId"
      WHERE r.state = 'queued'
        AND ${claimable(now)}
        AND st."pausedReason" IS NULL
        AND (run.id IS NULL OR run.status = 'active')
    ),
    picked AS (
      SELECT r.id FROM "Render" r JOIN ranked k ON k.id = r.id
      WHERE k.shop_rank <= k.room
        AND (k.budget IS NULL OR k.spend_if_taken <= k.budget)
        AND r.state = 'queued'
      ORDER BY k.shop_rank, r."createdAt"
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE "Render" r
    SET "leaseOwner" = ${workerId}, "leaseToken" = r."leaseToken" + 1, "leaseExpiresAt" = ${leaseUntil},
        attempts = r.attempts + 1, "updatedAt" = ${now}
    FROM picked WHERE r.id = picked.id
    RETURNING r.*`;
}

/** Serialises submit claims across workers (transaction-scoped; released at commit). */
export const SUBMIT_CLAIM_LOCK = 774_211_001;
export const lockSubmitClaims = (db: Pick<PrismaClient, "$executeRaw">) =>
  db.$executeRaw`SELECT pg_advisory_xact_lock(${SUBMIT_CLAIM_LOCK})`;

/**
 * Claims every other due step (poll, import, publish) in one statement with `FOR UPDATE SKIP LOCKED`: several
 * workers split the due renders between them and never take the same one. The lease token is incremented, so a
 * worker holding an older token for the render can no longer change it.
 */
export function claimDueWork(db: Pick<PrismaClient, "$queryRaw">, options: ClaimOptions) {
  const { workerId, now, leaseMs, limit } = options;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const workStates = WORKER_STATES.filter((state) => state !== "queued");
  return db.$queryRaw<Render[]>`
    WITH picked AS (
      SELECT r.id FROM "Render" r
      ${joins}
      WHERE r.state = ANY(${states(workStates)})
        AND ${claimable(now)}
      ORDER BY r."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE "Render" r
    SET "leaseOwner" = ${workerId}, "leaseToken" = r."leaseToken" + 1, "leaseExpiresAt" = ${leaseUntil},
        "updatedAt" = ${now}
    FROM picked WHERE r.id = picked.id
    RETURNING r.*`;
}
