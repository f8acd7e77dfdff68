import type { PrismaClient } from "@prisma/client";
import { runStateCounts } from "~/renders/listings/render-listings.server";
import { budgetMonthOf } from "./automation-budget.server";

/** What automation did in the last seven days, for Home: its runs, their renders, and credits committed this month. */
export interface AutomationWeek {
  rulesOn: number;
  runs: number;
  products: number;
  inReview: number;
  creditsThisWeek: number;
  creditsThisMonth: number;
}

export async function loadAutomationWeek(db: PrismaClient, shop: string, now: Date): Promise<AutomationWeek> {
  const since = new Date(now.getTime() - 7 * 24 * 3600_000);
  const [rulesOn, runs, spend] = await Promise.all([
    db.automationRule.count({ where: { shop, enabled: true } }),
    db.run.findMany({
      where: { shop, ruleId: { not: null }, createdAt: { gte: since } },
      select: { id: true, estimateCredits: true },
    }),
    db.automationSpend.findMany({ where: { shop, month: budgetMonthOf(now) }, select: { credits: true } }),
  ]);
  const counts = await runStateCounts(
    db,
    shop,
    runs.map((run) => run.id),
  );
  let products = 0;
  let inReview = 0;
  for (const run of runs) {
    const states = counts.get(run.id) ?? {};
    products += Object.values(states).reduce((sum: number, n) => sum + (n ?? 0), 0);
    inReview += states.in_review ?? 0;
  }
  return {
    rulesOn,
    runs: runs.length,
    products,
    inReview,
    creditsThisWeek: runs.reduce((sum, run) => sum + run.estimateCredits, 0),
    creditsThisMonth: spend.reduce((sum, row) => sum + row.credits, 0),
  };
}
