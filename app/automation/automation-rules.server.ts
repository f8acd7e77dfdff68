import type { AutomationRule, PrismaClient } from "@prisma/client";
import { z } from "zod";
import { renderOptionsSchema, type RenderOptions } from "~/looks/render-options";
import { MAX_CANDIDATES } from "~/renders/review/candidates";
import { ruleMatchSchema, type RuleMatch } from "./rule-match";

/** A rule as the app uses it: its stored JSON parsed, or null when it no longer parses (it is then left alone). */
export interface ActiveRule {
  id: string;
  shop: string;
  name: string;
  enabled: boolean;
  match: RuleMatch;
  options: RenderOptions;
  candidates: number;
  monthlyBudgetCredits: number | null;
}

export function activeRuleOf(row: AutomationRule): ActiveRule | null {
  const match = ruleMatchSchema.safeParse(row.match);
  const options = renderOptionsSchema.safeParse(row.options);
  if (!match.success || !options.success) return null;
  return {
    id: row.id,
    shop: row.shop,
    name: row.name,
    enabled: row.enabled,
    match: match.data,
    options: options.data,
    candidates: Math.min(Math.max(row.candidates, 1), MAX_CANDIDATES),
    monthlyBudgetCredits: row.monthlyBudgetCredits,
  };
}

export async function enabledRules(db: Pick<PrismaClient, "automationRule">, shop: string): Promise<ActiveRule[]> {
  const rows = await db.automationRule.findMany({ where: { shop, enabled: true }, orderBy: { createdAt: "asc" } });
  return rows.flatMap((row) => activeRuleOf(row) ?? []);
}

/** What staff send to save a rule: checked here whatever the form did. */
export const ruleInputSchema = z.object({
  name: z.string().trim().min(1, "Give the rule a name.").max(80, "At most 80 characters."),
  enabled: z.boolean(),
  match: ruleMatchSchema,
  options: renderOptionsSchema,
  candidates: z.number().int().min(1).max(MAX_CANDIDATES),
  monthlyBudgetCredits: z.number().int().min(0).max(10_000_000).nullable(),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;

export async function saveRule(
  db: Pick<PrismaClient, "automationRule">,
  shop: string,
  ruleId: string | null,
  input: RuleInput,
): Promise<AutomationRule | null> {
  const data = {
    name: input.name,
    enabled: input.enabled,
    match: input.match,
    options: input.options,
    candidates: input.candidates,
    monthlyBudgetCredits: input.monthlyBudgetCredits,
  };
  if (ruleId === null) return db.automationRule.create({ data: { shop, ...data } });
  // Scoped by shop: another shop's rule id changes nothing.
  const updated = await db.automationRule.updateMany({ where: { id: ruleId, shop }, data });
  return updated.count === 1 ? db.automationRule.findUnique({ where: { id: ruleId } }) : null;
}

export async function setRuleEnabled(
  db: Pick<PrismaClient, "automationRule">,
  shop: string,
  ruleId: string,
  enabled: boolean,
): Promise<boolean> {
  return (await db.automationRule.updateMany({ where: { id: ruleId, shop }, data: { enabled } })).count === 1;
}

/**
 * Deletes one of the shop's rules. Its automatic runs stay (without their rule), and what it committed this month
 * stays in AutomationSpend, so it still counts against the shop's monthly budget: deleting a rule frees no credits.
 */
export async function deleteRule(
  db: Pick<PrismaClient, "automationRule">,
  shop: string,
  ruleId: string,
): Promise<boolean> {
  return (await db.automationRule.deleteMany({ where: { id: ruleId, shop } })).count === 1;
}
