/**
 * PostgreSQL's side of a poll, for benchmark 15: how many of the Render table's row updates were HOT (no index
 * entry written), and the plans of the two statements every poll goes through, the claim and the poll results,
 * run with EXPLAIN ANALYZE on the benchmark's own data inside a transaction that is rolled back.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { claimDueWorkSql } from "~/worker/sql/claim-renders";
import { pollResultsSql, type PollOutcome } from "~/worker/sql/record-poll-results";
import { processCpuMs } from "./cpu";

export interface RenderUpdates {
  updates: number;
  hot: number;
}

/** The Render table's row updates so far, and how many were HOT (statistics lag by up to a second). */
export async function renderUpdates(db: Pick<PrismaClient, "$queryRaw">): Promise<RenderUpdates> {
  const [row] = await db.$queryRaw<Array<{ updates: number; hot: number }>>`
    SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'Render'`;
  return { updates: row?.updates ?? 0, hot: row?.hot ?? 0 };
}

export const updatesSince = (before: RenderUpdates, after: RenderUpdates): RenderUpdates => ({
  updates: after.updates - before.updates,
  hot: after.hot - before.hot,
});

class RolledBack extends Error {}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a claim of `limit` due renders and of the poll results that say each is still
 * running, as a worker's tick sends them; everything is rolled back afterwards.
 */
export async function explainPollStatements(
  db: PrismaClient,
  limit: number,
): Promise<{ claim: string; results: string }> {
  const plans = { claim: "", results: "" };
  const explain = (sql: Prisma.Sql) => Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
  const text = (rows: Array<{ "QUERY PLAN": string }>) => rows.map((row) => row["QUERY PLAN"]).join("\n");
  try {
    await db.$transaction(
      async (tx) => {
        const workerId = "bench-explain";
        const now = new Date();
        plans.claim = text(await tx.$queryRaw(explain(claimDueWorkSql({ workerId, now, leaseMs: 60_000, limit }))));
        const claimed = await tx.render.findMany({
          where: { leaseOwner: workerId },
          select: { id: true, leaseToken: true, state: true },
        });
        const outcomes: PollOutcome[] = claimed.map((render) => ({
          id: render.id,
          leaseToken: render.leaseToken,
          expected: render.state,
          state: render.state,
          nextAttemptAt: new Date(now.getTime() + 3_250),
          serviceStatus: "running",
          outputUrl: null,
          errorCode: null,
          errorMessage: null,
          refund: 0,
          renderedAt: null,
          finishedAt: null,
        }));
        plans.results = text(await tx.$queryRaw(explain(pollResultsSql(outcomes, now))));
        throw new RolledBack();
      },
      { timeout: 120_000, maxWait: 60_000 },
    );
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return plans;
}

/**
 * The variant of the poll results measured against the worker's (ADR 079, item 8): renders whose poll changed
 * nothing final (same state, no refund, no result) get a narrower update without `state`, so the state trigger
 * (`BEFORE UPDATE OF state`) does not run for them; the rest get the worker's full update. Kept here, not in the
 * worker, until it is shown to pay.
 */
function narrowResultsSql(outcomes: PollOutcome[], now: Date): Prisma.Sql {
  const column = <K extends keyof PollOutcome>(key: K) => outcomes.map((outcome) => outcome[key]);
  const times = (key: "nextAttemptAt" | "renderedAt" | "finishedAt") =>
    outcomes.map((outcome) => outcome[key]?.toISOString() ?? null);
  return Prisma.sql`
    WITH v AS (
      SELECT *, (v.state = v.expected AND v.refund = 0 AND v.output_url IS NULL AND v.rendered_at IS NULL
                 AND v.finished_at IS NULL) AS unchanged
      FROM unnest(
        ${column("id")}::text[], ${column("leaseToken")}::int[],
        ${column("expected")}::text[]::"RenderState"[], ${column("state")}::text[]::"RenderState"[],
        ${times("nextAttemptAt")}::timestamp(3)[], ${column("serviceStatus")}::text[], ${column("outputUrl")}::text[],
        ${column("errorCode")}::text[], ${column("errorMessage")}::text[], ${column("refund")}::int[],
        ${times("renderedAt")}::timestamp(3)[], ${times("finishedAt")}::timestamp(3)[]
      ) AS v(id, token, expected, state, next_at, service_status, output_url, error_code, error_message, refund,
             rendered_at, finished_at)
    ),
    kept AS (
      UPDATE "Render" r
      SET "nextAttemptAt" = v.next_at, "serviceStatus" = coalesce(v.service_status, r."serviceStatus"),
          "errorCode" = v.error_code, "errorMessage" = v.error_message,
          "pollCount" = r."pollCount" + 1, "lastPolledAt" = ${now},
          "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
      FROM v
      WHERE v.unchanged AND r.id = v.id AND r."leaseToken" = v.token AND r.state = v.expected
      RETURNING r.id, r.shop, r."runId", r."lastStateMs", v.refund, v.expected, v.state
    ),
    changed AS (
      UPDATE "Render" r
      SET state = v.state, "nextAttemptAt" = v.next_at,
          "serviceStatus" = coalesce(v.service_status, r."serviceStatus"),
          "outputUrl" = coalesce(v.output_url, r."outputUrl"),
          "errorCode" = v.error_code, "errorMessage" = v.error_message,
          "creditsRefunded" = r."creditsRefunded" + v.refund,
          "renderedAt" = coalesce(v.rendered_at, r."renderedAt"),
          "finishedAt" = coalesce(v.finished_at, r."finishedAt"),
          "pollCount" = r."pollCount" + 1, "lastPolledAt" = ${now},
          "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = ${now}
      FROM v
      WHERE NOT v.unchanged AND r.id = v.id AND r."leaseToken" = v.token AND r.state = v.expected
      RETURNING r.id, r.shop, r."runId", r."lastStateMs", v.refund, v.expected, v.state
    ),
    updated AS (SELECT * FROM kept UNION ALL SELECT * FROM changed),
    refunds AS (
      INSERT INTO "CreditLedgerEntry" (id, shop, "renderId", kind, credits, "createdAt")
      SELECT 'refund_' || u.id, u.shop, u.id, 'refund', u.refund, ${now} FROM updated u WHERE u.refund > 0
      ON CONFLICT ("renderId", kind) DO NOTHING
    )
    SELECT id, shop, "runId", "lastStateMs", expected, state FROM updated`;
}

/**
 * The backend's CPU for the worker's poll results and for the narrow variant, on the same 500 claimed renders
 * ("still running"), alternating which goes first, each in a transaction rolled back: CPU time read from the
 * backend's /proc entry around the statement (10 ms ticks, so several rounds).
 */
export async function compareResultStatements(
  db: PrismaClient,
  rounds: number,
): Promise<{ fullMs: number; narrowMs: number; rows: number }> {
  const totals = { fullMs: 0, narrowMs: 0, rows: 0 };
  for (let round = 0; round < rounds * 2; round++) {
    const narrow = round % 2 === 1;
    try {
      await db.$transaction(
        async (tx) => {
          const now = new Date();
          const [{ pid } = { pid: 0 }] = await tx.$queryRaw<Array<{ pid: number }>>`SELECT pg_backend_pid() AS pid`;
          await tx.$queryRaw(claimDueWorkSql({ workerId: "bench-compare", now, leaseMs: 60_000, limit: 500 }));
          const claimed = await tx.render.findMany({
            where: { leaseOwner: "bench-compare" },
            select: { id: true, leaseToken: true, state: true },
          });
          const outcomes: PollOutcome[] = claimed.map((render) => ({
            id: render.id,
            leaseToken: render.leaseToken,
            expected: render.state,
            state: render.state,
            nextAttemptAt: new Date(now.getTime() + 3_250),
            serviceStatus: "running",
            outputUrl: null,
            errorCode: null,
            errorMessage: null,
            refund: 0,
            renderedAt: null,
            finishedAt: null,
          }));
          const before = processCpuMs(pid);
          const rows = await tx.$queryRaw<unknown[]>(
            narrow ? narrowResultsSql(outcomes, now) : pollResultsSql(outcomes, now),
          );
          const spent = processCpuMs(pid) - before;
          if (narrow) totals.narrowMs += spent;
          else totals.fullMs += spent;
          totals.rows += rows.length;
          throw new RolledBack();
        },
        { timeout: 120_000, maxWait: 60_000 },
      );
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
  }
  return totals;
}
