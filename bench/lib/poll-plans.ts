/**
 * PostgreSQL's side of a poll, for benchmark 15: how many of the Render table's row updates were HOT (no index
 * entry written), and the plans of the two statements every poll goes through, the claim and the poll results,
 * run with EXPLAIN ANALYZE on the benchmark's own data inside a transaction that is rolled back.
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import { claimDueWorkSql } from "~/worker/sql/claim-renders";
import { pollResultsSql, type PollOutcome } from "~/worker/sql/record-poll-results";

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
