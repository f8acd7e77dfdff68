import type { PrismaClient } from "@prisma/client";
import { activeRuleOf, deleteRule, saveRule, setRuleEnabled } from "~/automation/automation-rules.server";
import { budgetMonthOf } from "~/automation/automation-budget.server";
import { previewRule, type RulePreview } from "~/automation/rule-preview.server";
import type { RuleMatch } from "~/automation/rule-match";
import { messageKey } from "~/lib/staff-message";
import type { FieldErrors } from "~/lib/validation";
import { listLooks, type LookView } from "~/looks/looks.server";
import type { RenderOptions } from "~/looks/render-options";
import { parseStoredDefaults } from "~/settings/settings.server";
import { loadShopCatalog } from "~/settings/tryon-client.server";
import type { AdminRequest } from "~/web/admin-request.server";
import { parseForm } from "~/web/forms";
import {
  deleteFormSchema,
  intentSchema,
  ruleNameFormSchema,
  rulePreviewFormSchema,
  shopBudgetFormSchema,
  toggleFormSchema,
  type RuleForm,
} from "./automation-form";

export interface RuleView {
  id: string;
  name: string;
  enabled: boolean;
  match: RuleMatch;
  lookId: string;
  /** The saved look the rule renders with, by name; null for the shop's defaults. */
  lookName: string | null;
  resolution: string;
  candidates: number;
  monthlyBudgetCredits: number | null;
  spentThisMonth: number;
  recentRuns: Array<{ id: string; createdAt: string; estimateCredits: number }>;
}

export interface AutomationPageView {
  rules: RuleView[];
  /** Rules stored in a form this version cannot read (an older app's, or written by hand): they do nothing. */
  unreadableRules: Array<{ id: string; name: string }>;
  looks: Array<Pick<LookView, "id" | "name">>;
  hasDefaults: boolean;
  shopBudgetCredits: number | null;
  shopSpentThisMonth: number;
}

/** The look a rule was saved with, by name: a saved look whose options are the rule's, else the shop's defaults. */
const lookNameOf = (options: RenderOptions, looks: LookView[]) =>
  looks.find((look) => JSON.stringify(look.options) === JSON.stringify(options)) ?? null;

export async function loadAutomationPage(db: PrismaClient, shop: string, now: Date): Promise<AutomationPageView> {
  const month = budgetMonthOf(now);
  const [rows, looks, settings, spend, runs] = await Promise.all([
    db.automationRule.findMany({ where: { shop }, orderBy: { createdAt: "asc" } }),
    listLooks(db, shop),
    db.shopSettings.findUnique({ where: { shop } }),
    db.automationSpend.findMany({ where: { shop, month } }),
    db.run.findMany({ where: { shop, ruleId: { not: null } }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  // Each stored rule is read once: the ones that parse are listed, the others are offered for deletion.
  const read = rows.map((row) => ({ row, rule: activeRuleOf(row) }));
  const rules = read.flatMap(({ rule }) => {
    if (!rule) return [];
    const look = lookNameOf(rule.options, looks);
    return [
      {
        id: rule.id,
        name: rule.name,
        enabled: rule.enabled,
        match: rule.match,
        lookId: look?.id ?? "",
        lookName: look?.name ?? null,
        resolution: rule.options.resolution,
        candidates: rule.candidates,
        monthlyBudgetCredits: rule.monthlyBudgetCredits,
        spentThisMonth: spend.find((entry) => entry.ruleId === rule.id)?.credits ?? 0,
        recentRuns: runs
          .filter((run) => run.ruleId === rule.id)
          .slice(0, 5)
          .map((run) => ({
            id: run.id,
            createdAt: run.createdAt.toISOString(),
            estimateCredits: run.estimateCredits,
          })),
      },
    ];
  });
  return {
    rules,
    unreadableRules: read.filter(({ rule }) => !rule).map(({ row }) => ({ id: row.id, name: row.name })),
    looks: looks.map(({ id, name }) => ({ id, name })),
    hasDefaults: parseStoredDefaults(settings?.defaultOptions) !== null,
    shopBudgetCredits: settings?.automationMonthlyBudgetCredits ?? null,
    shopSpentThisMonth: spend.reduce((sum, entry) => sum + entry.credits, 0),
  };
}

/** `message` and errors are encoded StaffMessages ("automation:messages.saved"): the page says them in words. */
export type AutomationActionResult =
  | { ok: true; message: string; preview?: RulePreview; savedRuleId?: string }
  | { ok: false; fieldErrors: FieldErrors; formError?: string };

const NOT_FOUND = messageKey("automation:messages.notFound");

/** The look's options: a saved look's, or the shop's defaults, at the form's resolution. */
async function optionsOfForm(
  db: PrismaClient,
  shop: string,
  form: Pick<RuleForm, "lookId" | "resolution">,
): Promise<RenderOptions | null> {
  const look = form.lookId ? (await listLooks(db, shop)).find((entry) => entry.id === form.lookId) : null;
  if (form.lookId && !look) return null;
  const base =
    look?.options ??
    parseStoredDefaults((await db.shopSettings.findUnique({ where: { shop } }))?.defaultOptions ?? null);
  return base ? { ...base, resolution: form.resolution } : null;
}

export async function automationAction(
  db: PrismaClient,
  admin: Pick<AdminRequest, "shop" | "recentProducts" | "collectionMembership">,
  formData: FormData,
  now: Date,
): Promise<AutomationActionResult> {
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return { ok: false, fieldErrors: {}, formError: NOT_FOUND };
  const { shop } = admin;
  if (intent.data === "toggle") {
    const form = parseForm(toggleFormSchema, formData);
    if (!form.ok) return { ok: false, fieldErrors: form.fieldErrors };
    const changed = await setRuleEnabled(db, shop, form.data.ruleId, form.data.enabled);
    return changed
      ? {
          ok: true,
          message: messageKey(form.data.enabled ? "automation:messages.switchedOn" : "automation:messages.switchedOff"),
        }
      : { ok: false, fieldErrors: {}, formError: NOT_FOUND };
  }
  if (intent.data === "delete") {
    const form = parseForm(deleteFormSchema, formData);
    if (!form.ok) return { ok: false, fieldErrors: form.fieldErrors };
    return (await deleteRule(db, shop, form.data.ruleId))
      ? { ok: true, message: messageKey("automation:messages.deleted") }
      : { ok: false, fieldErrors: {}, formError: NOT_FOUND };
  }
  if (intent.data === "shop-budget") {
    const form = parseForm(shopBudgetFormSchema, formData);
    if (!form.ok) return { ok: false, fieldErrors: form.fieldErrors };
    await db.shopSettings.upsert({
      where: { shop },
      create: { shop, automationMonthlyBudgetCredits: form.data.shopBudgetCredits },
      update: { automationMonthlyBudgetCredits: form.data.shopBudgetCredits },
    });
    return { ok: true, message: messageKey("automation:messages.budgetSaved") };
  }
  // Both read the rule's form; only a save needs its name (staff try a rule out before naming it).
  const form = parseForm(rulePreviewFormSchema, formData);
  const named = intent.data === "save" ? parseForm(ruleNameFormSchema, formData) : null;
  if (!form.ok || named?.ok === false) {
    return {
      ok: false,
      fieldErrors: { ...(form.ok ? {} : form.fieldErrors), ...(named?.ok === false ? named.fieldErrors : {}) },
    };
  }
  const options = await optionsOfForm(db, shop, form.data);
  if (!options) return { ok: false, fieldErrors: { lookId: messageKey("automation:messages.noDefaults") } };
  const match: RuleMatch = {
    collectionId: form.data.collectionId || null,
    collectionTitle: form.data.collectionId ? form.data.collectionTitle || null : null,
    categoryIds: form.data.categoryIds,
    productTypes: form.data.productTypes,
    tags: form.data.tags,
    vendors: form.data.vendors,
  };
  if (intent.data === "preview") {
    const settings = await db.shopSettings.findUnique({ where: { shop } });
    const preview = await previewRule(
      db,
      {
        shop,
        match,
        options,
        candidates: form.data.candidates,
        monthlyBudgetCredits: form.data.monthlyBudgetCredits,
        shopBudgetCredits: settings?.automationMonthlyBudgetCredits ?? null,
        now,
      },
      {
        recentProducts: admin.recentProducts,
        membership: admin.collectionMembership,
        catalog: () => loadShopCatalog(db, shop),
      },
    );
    return { ok: true, message: messageKey("automation:preview.heading"), preview };
  }
  const saved = await saveRule(db, shop, form.data.ruleId || null, {
    name: named?.data.name ?? "",
    enabled: form.data.enabled,
    match,
    options,
    candidates: form.data.candidates,
    monthlyBudgetCredits: form.data.monthlyBudgetCredits,
  });
  return saved
    ? { ok: true, message: messageKey("automation:messages.saved"), savedRuleId: saved.id }
    : { ok: false, fieldErrors: {}, formError: NOT_FOUND };
}
