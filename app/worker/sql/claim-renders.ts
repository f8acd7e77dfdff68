import { Prisma, type PrismaClient, type Render } from "@prisma/client";
import { IN_FLIGHT_STATES, RENDER_STATES, SERVICE_STATES, WORKER_STATES } from "~/renders/lifecycle/render-states";
import { DB_NOW, dbNowPlus } from "~/renders/lifecycle/render-store.server";
import { DEFAULT_CONCURRENCY_CAP } from "~/settings/concurrency-cap";
import { preparedQuery } from "~/db/prepared-query";

export interface ClaimOptions {
  workerId: string;
  /** The worker's clock: what is due (nextAttemptAt, rate-limit gates). Leases use the database's (DB_NOW). */
  now: Date;
  leaseMs: number;
  limit: number;
}

const states = (list: readonly string[]) => Prisma.sql`ARRAY[${Prisma.join(list)}]::"RenderState"[]`;

/** Due, and nobody holds a live lease on it (on the database's clock, so a worker whose clock runs fast takes none). */
const dueAndFree = (now: Date) => Prisma.sql`
  r."nextAttemptAt" <= ${now}
  AND (r."leaseExpiresAt" IS NULL OR r."leaseExpiresAt" < ${DB_NOW})`;

/** The shop's try-on service key is neither rate-limited nor behind an open circuit (g: its ServiceGate). */
const serviceOpen = (now: Date) => Prisma.sql`
  (g."pausedUntil" IS NULL OR g."pausedUntil" <= ${now})
  AND (g."circuitOpenUntil" IS NULL OR g."circuitOpenUntil" <= ${now})`;

/**
 * Conditions shared by both claims: the render is due and free, its shop is installed, and if its step calls the
 * try-on service, that service key is open. The submit claim applies the same parts per shop first (open_shops).
 */
const claimable = (now: Date) => Prisma.sql`
  ${dueAndFree(now)}
  AND s."uninstalledAt" IS NULL
  AND (r.state <> ALL(${states(SERVICE_STATES)}) OR (${serviceOpen(now)}))`;

/** The shop's concurrency cap (st: its ShopSettings), the app's default when it never chose one. */
const shopCap = Prisma.sql`coalesce(st."concurrencyCap", ${DEFAULT_CONCURRENCY_CAP}::int)`;

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
 * Cost: flat in the queued backlog. Only shops with room are visited, and each gives at most its room, read
 * from the (shop, state, createdAt, id) index; a shop at its cap with 40,000 queued renders costs one count of
 * what it has in flight. Spending is summed only for the budgeted runs among those candidates.
 *
 * Fairness: candidates are ranked within their shop and taken rank by rank, so shops interleave (round-robin)
 * and a shop's 2,000-render run cannot starve another shop's single click. Each shop gets at most
 * (concurrency cap − renders in flight, counting queued renders other workers hold). A run's renders stop at
 * its budget, counting what the run has been charged net of refunds (a `submitting` render's credits are
 * reserved, so charged) plus the cost of its queued renders another worker holds a live lease on: those are
 * about to be charged, and without them a second worker would spend the same credits again. Paused shops
 * (bad key, no credits), rate-limited or circuit-broken service keys, and paused runs are skipped.
 *
 * Run inside a transaction holding the submit-claim advisory lock, so two workers never both see room under
 * one shop's cap.
 */
export function claimDueSubmits(db: Pick<PrismaClient, "$queryRaw">, options: ClaimOptions) {
  const { workerId, now, leaseMs, limit } = options;
  const charged = RENDER_STATES.filter((state) => state !== "queued");
  return db.$queryRaw<Render[]>`
    WITH busy AS (
      SELECT shop, count(*)::int AS n FROM "Render"
      WHERE state = ANY(${states(IN_FLIGHT_STATES)}) OR (state = 'queued' AND "leaseExpiresAt" >= ${DB_NOW})
      GROUP BY shop
    ),
    open_shops AS (
      SELECT s.domain AS shop, ${shopCap} - coalesce(b.n, 0) AS room
      FROM "Shop" s
      LEFT JOIN "ShopSettings" st ON st.shop = s.domain
      LEFT JOIN "ServiceGate" g ON g."keyHash" = st."tryOnKeyHash"
      LEFT JOIN busy b ON b.shop = s.domain
      WHERE s."uninstalledAt" IS NULL
        AND st."pausedReason" IS NULL
        AND ${serviceOpen(now)}
        AND ${shopCap} - coalesce(b.n, 0) > 0
    ),
    candidates AS (
      SELECT c.*, row_number() OVER (PARTITION BY o.shop ORDER BY c."createdAt", c.id) AS shop_rank
      FROM open_shops o
      CROSS JOIN LATERAL (
        SELECT r.id, r."runId", r."creditsCost", r."createdAt"
        FROM "Render" r
        LEFT JOIN "Run" run ON run.id = r."runId"
        WHERE r.shop = o.shop AND r.state = 'queued'
          AND ${dueAndFree(now)}
          AND (run.id IS NULL OR run.status = 'active')
        ORDER BY r."createdAt", r.id
        LIMIT o.room
      ) c
    ),
    budgeted AS (
      SELECT run.id, run."budgetCredits" AS budget FROM "Run" run
      WHERE run.id IN (SELECT "runId" FROM candidates) AND run."budgetCredits" IS NOT NULL
    ),
    run_spent AS (
      SELECT "runId", sum(credits)::int AS spent FROM (
        SELECT r."runId", r."creditsCharged" - r."creditsRefunded" AS credits
        FROM "Render" r JOIN budgeted b ON b.id = r."runId"
        WHERE r.state = ANY(${states(charged)}) AND r."creditsCharged" > 0
        UNION ALL
        SELECT r."runId", r."creditsCost"
        FROM "Render" r JOIN budgeted b ON b.id = r."runId"
        WHERE r.state = 'queued' AND r."leaseExpiresAt" >= ${DB_NOW}
      ) spending
      GROUP BY "runId"
    ),
    ranked AS (
      SELECT c.id, c.shop_rank, b.budget,
             coalesce(rs.spent, 0)
               + sum(c."creditsCost") OVER (PARTITION BY c."runId" ORDER BY c."createdAt", c.id) AS spend_if_taken
      FROM candidates c
      LEFT JOIN budgeted b ON b.id = c."runId"
      LEFT JOIN run_spent rs ON rs."runId" = c."runId"
    ),
    picked AS (
      SELECT r.id FROM "Render" r JOIN ranked k ON k.id = r.id
      WHERE (k.budget IS NULL OR k.spend_if_taken <= k.budget)
        AND r.state = 'queued'
      ORDER BY k.shop_rank, r."createdAt"
      LIMIT ${limit}
      FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE "Render" r
    SET "leaseOwner" = ${workerId}, "leaseToken" = r."leaseToken" + 1, "leaseExpiresAt" = ${dbNowPlus(leaseMs)},
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
  // Every tick of every worker sends it: prepared once per connection (app/db/prepared-query.ts, ADR 079).
  return preparedQuery<Render>(db, "claim_due_work", claimDueWorkSql(options));
}

/** The statement claimDueWork sends (also read by benchmark 15's EXPLAIN). */
export function claimDueWorkSql(options: ClaimOptions): Prisma.Sql {
  const { workerId, now, leaseMs, limit } = options;
  const workStates = WORKER_STATES.filter((state) => state !== "queued");
  return Prisma.sql`
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
    SET "leaseOwner" = ${workerId}, "leaseToken" = r."leaseToken" + 1, "leaseExpiresAt" = ${dbNowPlus(leaseMs)},
        "updatedAt" = ${now}
    FROM picked WHERE r.id = picked.id
    RETURNING r.*`;
}
