import type { PrismaClient } from "@prisma/client";
import { listRuns, runStateCounts } from "~/renders/listings/render-listings.server";
import { runSummaryOf } from "~/renders/runs/run-summary";

type Db = PrismaClient;

/** The shop's bulk runs, newest first, a page at a time, each with its progress (counts in one query). */
export async function loadRunsList(db: Db, shop: string, url: URL) {
  const page = await listRuns(db, shop, {
    after: url.searchParams.get("after") ?? undefined,
    before: url.searchParams.get("before") ?? undefined,
  });
  const counts = await runStateCounts(
    db,
    shop,
    page.rows.map((run) => run.id),
  );
  return {
    runs: page.rows.map((run) => runSummaryOf(run, counts.get(run.id) ?? {})),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
  };
}
