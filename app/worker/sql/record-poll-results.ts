import { Prisma, type PrismaClient, type RenderState } from "@prisma/client";
import { preparedQuery } from "~/db/prepared-query";
import { logRenderTransition } from "~/renders/lifecycle/transition-log";

/** What one status poll decided for one render. */
export interface PollOutcome {
  id: string;
  leaseToken: number;
  expected: RenderState;
  state: RenderState;
  nextAttemptAt: Date | null;
  serviceStatus: string | null;
  outputUrl: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** Credits the service gave back (a failed job): recorded on the render and in the ledger. */
  refund: number;
  renderedAt: Date | null;
  finishedAt: Date | null;
}

/**
 * Writes the outcome of every poll of a tick in ONE statement, whatever their number: a fenced update (the
 * state and lease token each render was claimed with) plus the ledger refunds of the renders that failed.
 * Returns the ids actually updated; a render whose lease was lost in the meantime is left as it is.
 */
export async function recordPollResults(
  db: Pick<PrismaClient, "$queryRaw">,
  outcomes: PollOutcome[],
  now: Date,
): Promise<string[]> {
  if (outcomes.length === 0) return [];
  // Prepared once per connection, like the claim (app/db/prepared-query.ts, ADR 079).
  const rows = await preparedQuery<RecordedPoll>(db, "record_poll_results", pollResultsSql(outcomes, now));
  for (const row of rows) {
    if (row.state === row.expected) continue;
    logRenderTransition({
      renderId: row.id,
      shop: row.shop,
      runId: row.runId,
      from: row.expected,
      to: row.state,
      durationMs: row.lastStateMs ?? undefined,
    });
  }
  return rows.map((row) => row.id);
}

/** A row the poll results' update changed. */
export interface RecordedPoll {
  id: string;
  shop: string;
  runId: string | null;
  lastStateMs: number | null;
  expected: RenderState;
  state: RenderState;
}

/** The statement recordPollResults sends (also read by benchmark 15's EXPLAIN). */
export function pollResultsSql(outcomes: PollOutcome[], now: Date): Prisma.Sql {
  const column = <K extends keyof PollOutcome>(key: K) => outcomes.map((outcome) => outcome[key]);
  const times = (key: "nextAttemptAt" | "renderedAt" | "finishedAt") =>
    outcomes.map((outcome) => outcome[key]?.toISOString() ?? null);
  return Prisma.sql`
    WITH v AS (
      SELECT * FROM unnest(
        ${column("id")}::text[], ${column("leaseToken")}::int[],
        ${column("expected")}::text[]::"RenderState"[], ${column("state")}::text[]::"RenderState"[],
        ${times("nextAttemptAt")}::timestamp(3)[], ${column("serviceStatus")}::text[], ${column("outputUrl")}::text[],
        ${column("errorCode")}::text[], ${column("errorMessage")}::text[], ${column("refund")}::int[],
        ${times("renderedAt")}::timestamp(3)[], ${times("finishedAt")}::timestamp(3)[]
      ) AS v(id, token, expected, state, next_at, service_status, output_url, error_code, error_message, refund,
             rendered_at, finished_at)
    ),
    updated AS (
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
      WHERE r.id = v.id AND r."leaseToken" = v.token AND r.state = v.expected
      RETURNING r.id, r.shop, r."runId", r."lastStateMs", v.refund, v.expected, v.state
    ),
    refunds AS (
      INSERT INTO "CreditLedgerEntry" (id, shop, "renderId", kind, credits, "createdAt")
      SELECT 'refund_' || u.id, u.shop, u.id, 'refund', u.refund, ${now} FROM updated u WHERE u.refund > 0
      ON CONFLICT ("renderId", kind) DO NOTHING
    )
    SELECT id, shop, "runId", "lastStateMs", expected, state FROM updated`;
}
