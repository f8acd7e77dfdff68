import { Prisma, type PrismaClient, type RenderState } from "@prisma/client";
import { canTransition } from "./render-states";
import { logRenderTransition } from "./transition-log";

type Db = Pick<PrismaClient, "$queryRaw" | "render">;

/** The lease a worker holds on a render: its state when claimed and the fencing token. */
export interface HeldRender {
  id: string;
  state: RenderState;
  leaseToken: number;
}

/** What the database returns of a render that changed state, for its log line (lastStateMs is set by a trigger). */
const TRANSITION_FIELDS = { id: true, shop: true, runId: true, lastStateMs: true } as const;
type Changed = { id: string; shop: string; runId: string | null; lastStateMs: number | null };

function logChanged(rows: Changed[], from: RenderState | readonly RenderState[], to: RenderState) {
  for (const row of rows) {
    logRenderTransition({
      renderId: row.id,
      shop: row.shop,
      runId: row.runId,
      from,
      to,
      durationMs: row.lastStateMs ?? undefined,
    });
  }
}

export type RenderChanges = Omit<
  Prisma.RenderUncheckedUpdateManyInput,
  "id" | "state" | "leaseToken" | "leaseOwner" | "leaseExpiresAt" | "shop"
>;

/**
 * The database's clock, as the UTC `timestamp(3)` the columns hold. Every lease is written and compared with it,
 * never with a worker's own clock: a worker whose clock runs fast would otherwise see live leases as expired and
 * take them (issue 14). Statement time, so a claim that waited for the advisory lock uses the time it ran.
 */
export const DB_NOW = Prisma.sql`(statement_timestamp() AT TIME ZONE 'UTC')`;
/** A lease end `ms` from now on the database's clock. */
export const dbNowPlus = (ms: number) => Prisma.sql`(${DB_NOW} + ${Math.round(ms)}::int * interval '1 millisecond')`;

/** A write refused by a unique index (a request key, or a job id already recorded for another render). */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Moves a held render from the state it was claimed in to `to`, releasing the lease. One conditional UPDATE:
 * if the state or the lease token changed since the claim (another worker, a person, a reaped lease), it
 * changes nothing and returns false.
 */
export async function transitionHeldRender(
  db: Db,
  held: HeldRender,
  to: RenderState,
  changes: RenderChanges = {},
): Promise<boolean> {
  if (!canTransition(held.state, to) && held.state !== to) {
    throw new Error(`Render ${held.id}: ${held.state} → ${to} is not a transition of the state machine`);
  }
  const rows = await db.render.updateManyAndReturn({
    where: { id: held.id, state: held.state, leaseToken: held.leaseToken },
    data: { ...changes, state: to, leaseOwner: null, leaseExpiresAt: null },
    select: TRANSITION_FIELDS,
  });
  if (to !== held.state) logChanged(rows, held.state, to);
  return rows.length === 1;
}

/**
 * A transition made by a person (approve, reject, revert, resolve): no lease is held, so it names the states it
 * accepts and bumps the lease token, fencing off any worker that still holds an older token. It waits for a
 * worker's lease to end, unless `overWorkerLease`: then it goes through and ends the lease, and the worker's own
 * write, fenced by the old token, changes nothing (stopping the wait for a job a worker is checking, ADR 107).
 */
export async function transitionRenderForPerson(
  db: Db,
  where: { id: string; shop: string; from: readonly RenderState[] },
  to: RenderState,
  changes: RenderChanges = {},
  { overWorkerLease = false }: { overWorkerLease?: boolean } = {},
): Promise<boolean> {
  for (const from of where.from) {
    if (!canTransition(from, to)) throw new Error(`${from} → ${to} is not a transition of the state machine`);
  }
  const rows = await db.render.updateManyAndReturn({
    where: {
      id: where.id,
      shop: where.shop,
      state: { in: [...where.from] },
      ...(overWorkerLease ? {} : { leaseExpiresAt: null }),
    },
    data: {
      ...changes,
      state: to,
      leaseToken: { increment: 1 },
      ...(overWorkerLease ? { leaseOwner: null, leaseExpiresAt: null } : {}),
    },
    select: TRANSITION_FIELDS,
  });
  logChanged(rows, where.from, to);
  return rows.length === 1;
}

/**
 * Commits the intent to submit, in one statement, just before the request leaves: the claimed `queued` render
 * becomes `submitting` with its credits reserved in the ledger. From here on a crash leaves it `submitting`,
 * which becomes `submit_unknown` when the lease expires, never a second submit.
 */
export async function commitSubmitIntent(db: Db, held: HeldRender, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db.$queryRaw<Changed[]>`
    WITH u AS (
      UPDATE "Render"
      SET state = 'submitting', "submittingAt" = ${now}, "creditsCharged" = "creditsCost",
          "leaseExpiresAt" = ${dbNowPlus(leaseMs)}, "updatedAt" = ${now}
      WHERE id = ${held.id} AND state = 'queued' AND "leaseToken" = ${held.leaseToken}
      RETURNING id, shop, "runId", "lastStateMs", "creditsCost"
    ),
    reserved AS (
      INSERT INTO "CreditLedgerEntry" (id, shop, "renderId", kind, credits, "createdAt")
      SELECT 'charge_' || u.id, u.shop, u.id, 'charge', u."creditsCost", ${now} FROM u
      ON CONFLICT ("renderId", kind) DO NOTHING
    )
    SELECT id, shop, "runId", "lastStateMs" FROM u`;
  logChanged(rows, "queued", "submitting");
  return rows.length === 1;
}

/**
 * The submit went out and the service answered with a job id: record it at once. Accepts `submit_unknown`
 * with the same token too: a slow worker whose lease was reaped mid-submit still knows the job id, and
 * recording it turns an unknown outcome into a known one. A job id already recorded for another render of the
 * shop is refused by the unique index (throws; see isUniqueViolation): it is never followed twice.
 */
export async function recordSubmitted(
  db: Db,
  held: HeldRender,
  job: { jobId: string; status: string; submittedAt: Date; firstPollAt: Date },
): Promise<boolean> {
  const rows = await db.render.updateManyAndReturn({
    where: { id: held.id, state: { in: ["submitting", "submit_unknown"] }, leaseToken: held.leaseToken },
    data: {
      state: "running",
      externalJobId: job.jobId,
      serviceStatus: job.status,
      submittedAt: job.submittedAt,
      nextAttemptAt: job.firstPollAt,
      errorCode: null,
      errorMessage: null,
      leaseOwner: null,
      leaseExpiresAt: null,
    },
    select: TRANSITION_FIELDS,
  });
  logChanged(rows, held.state, "running");
  return rows.length === 1;
}

/**
 * The submit was never charged (not sent, refused, rejected): leave `submitting` for `to` and remove the
 * credits reserved by the intent, in one statement.
 */
export async function releaseUnchargedSubmit(
  db: Db,
  held: HeldRender,
  to: "queued" | "failed" | "cancelled",
  changes: {
    nextAttemptAt: Date | null;
    errorCode: string | null;
    errorMessage: string | null;
    finishedAt?: Date | null;
  },
): Promise<boolean> {
  const rows = await db.$queryRaw<Changed[]>`
    WITH u AS (
      UPDATE "Render"
      SET state = ${to}::"RenderState", "creditsCharged" = 0, "nextAttemptAt" = ${changes.nextAttemptAt},
          "errorCode" = ${changes.errorCode}, "errorMessage" = ${changes.errorMessage},
          "finishedAt" = ${changes.finishedAt ?? null}, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
          "updatedAt" = now()
      WHERE id = ${held.id} AND state = 'submitting' AND "leaseToken" = ${held.leaseToken}
      RETURNING id, shop, "runId", "lastStateMs"
    ),
    d AS (DELETE FROM "CreditLedgerEntry" WHERE "renderId" IN (SELECT id FROM u) AND kind = 'charge')
    SELECT id, shop, "runId", "lastStateMs" FROM u`;
  logChanged(rows, "submitting", to);
  return rows.length === 1;
}

/** The submit's outcome is unknown: it may have been charged. Never resubmitted automatically. */
export function markSubmitUnknown(db: Db, held: HeldRender, reason: string): Promise<boolean> {
  return transitionHeldRender(db, held, "submit_unknown", {
    nextAttemptAt: null,
    errorCode: "submit_outcome_unknown",
    errorMessage: reason,
  });
}

/**
 * Extends a held lease right before a side effect outside the database (a file upload, attaching media): if it
 * returns true, no other worker can claim the render for `leaseMs`, so the side effect cannot be doubled by a
 * worker that took over an expired lease. False means the lease is lost: stop without acting.
 */
export async function renewLease(db: Db, held: HeldRender, leaseMs: number): Promise<boolean> {
  const renewed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Render" SET "leaseExpiresAt" = ${dbNowPlus(leaseMs)}
    WHERE id = ${held.id} AND state = ${held.state}::"RenderState" AND "leaseToken" = ${held.leaseToken}
      AND "leaseExpiresAt" IS NOT NULL
    RETURNING id`;
  return renewed.length === 1;
}
