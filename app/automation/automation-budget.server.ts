import type { Prisma } from "@prisma/client";

/**
 * Automation's monthly budgets (ADR 077). Credits are committed when renders are queued, in the same transaction,
 * under the shop's queue lock: every worker that gathers deliveries for a shop takes that lock first, so the sums
 * read here cannot change before the commit, and a rule's or the shop's budget is never passed by two workers at
 * once. Committed credits stay counted when a render later fails or is refunded; a render dropped before it
 * started (the product stopped matching) gives its credits back.
 */

/** The calendar month a budget counts, in UTC ("2026-11"). */
export const budgetMonthOf = (at: Date) => at.toISOString().slice(0, 7);

export interface BudgetRoom {
  /** Credits the rule may still commit this month; null: no limit of its own. */
  rule: number | null;
  /** Credits automation as a whole may still commit this month; null: no shop-wide limit. */
  shop: number | null;
}

export async function budgetRoom(
  tx: Prisma.TransactionClient,
  input: { shop: string; ruleId: string; month: string; ruleBudget: number | null; shopBudget: number | null },
): Promise<BudgetRoom> {
  const rows = await tx.automationSpend.findMany({
    where: { shop: input.shop, month: input.month },
    select: { ruleId: true, credits: true },
  });
  const shopSpent = rows.reduce((sum, row) => sum + row.credits, 0);
  const ruleSpent = rows.find((row) => row.ruleId === input.ruleId)?.credits ?? 0;
  return {
    rule: input.ruleBudget === null ? null : Math.max(0, input.ruleBudget - ruleSpent),
    shop: input.shopBudget === null ? null : Math.max(0, input.shopBudget - shopSpent),
  };
}

/** How many products of `cost` credits each fit the room left. */
export function productsWithinBudget(room: BudgetRoom, cost: number, wanted: number): number {
  const limits = [room.rule, room.shop].filter((value): value is number => value !== null);
  if (limits.length === 0 || cost <= 0) return wanted;
  return Math.min(wanted, Math.floor(Math.min(...limits) / cost));
}

/** Adds (or, negative, gives back) committed credits for a rule's month. */
export async function recordSpend(
  tx: Prisma.TransactionClient,
  input: { shop: string; ruleId: string; month: string; credits: number; renders: number },
): Promise<void> {
  await tx.automationSpend.upsert({
    where: { shop_ruleId_month: { shop: input.shop, ruleId: input.ruleId, month: input.month } },
    create: {
      shop: input.shop,
      ruleId: input.ruleId,
      month: input.month,
      credits: input.credits,
      renders: input.renders,
    },
    update: { credits: { increment: input.credits }, renders: { increment: input.renders } },
  });
}
