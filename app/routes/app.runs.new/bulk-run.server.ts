import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { env } from "~/env.server";
import { startRun, runForRequestKey } from "~/renders/runs/start-run.server";
import { appQueueLimits, QueueFullError } from "~/renders/lifecycle/queue-renders.server";
import { planScope, type PlanOutcome, type ListingProgress } from "~/renders/runs/plan-scope.server";
import { type PlanSummary } from "~/renders/runs/plan-summary";
import {
  budgetSchema,
  garmentChoicesFieldSchema,
  MAX_PICKED_PRODUCTS,
  runScopeSchema,
} from "~/renders/runs/run-request";
import { candidatesSchema } from "~/renders/review/candidates";
import { describeShopifyFailure, type AdminRequest } from "~/web/admin-request.server";
import { checkbox, formDataToObject, requestKeySchema } from "~/web/forms";
import { failure, type FormFailure, type FieldErrors } from "~/lib/validation";
import { toGid } from "~/lib/gid";
import { messageKey } from "~/lib/staff-message";
import {
  checkOptionsAgainstCatalog,
  loadRenderForm,
  parseWithOptions,
  type RenderFormContext,
} from "~/web/render-form-context.server";

/**
 * Bulk runs: a collection or a set of products rendered with one look. Preview first (who is eligible, who is
 * skipped and why, what it will cost), then start; planning is app/renders/runs/plan-run.server.ts.
 */

type Db = PrismaClient;

export interface BulkRunPageView extends RenderFormContext {
  initialScope:
    | { kind: "collection"; collectionId: string; title: string | null }
    | { kind: "products"; productIds: string[] }
    | null;
}

/** The page, optionally pre-filled from a link (`?collectionId=` or `?productIds=1,2,3`, e.g. from an admin action). */
export async function loadBulkRunPage(db: Db, admin: AdminRequest, url: URL): Promise<BulkRunPageView> {
  const collectionId = toGid("Collection", url.searchParams.get("collectionId") ?? "");
  const productIds = (url.searchParams.get("productIds") ?? "")
    .split(",")
    .map((id) => toGid("Product", id))
    .filter((id): id is string => id !== null)
    .slice(0, MAX_PICKED_PRODUCTS);
  const [form, collectionTitle] = await Promise.all([
    loadRenderForm(db, admin.shop, null),
    collectionId ? admin.productSource.collectionTitle(collectionId).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    initialScope: collectionId
      ? { kind: "collection", collectionId, title: collectionTitle }
      : productIds.length > 0
        ? { kind: "products", productIds }
        : null,
    ...form,
  };
}

const runFormSchema = z.object({
  regenerate: checkbox,
  garmentChoices: garmentChoicesFieldSchema,
  perColour: checkbox,
  budgetCredits: budgetSchema,
  candidates: candidatesSchema,
});
const startFormSchema = runFormSchema.extend({ requestKey: requestKeySchema });

/** The scope from the form's fields: `scopeKind` with `collectionId`, or `productIds` repeated. */
function scopeFromForm(formData: FormData) {
  const raw = formDataToObject(formData, ["productIds"]);
  const scope =
    raw.scopeKind === "collection"
      ? { kind: "collection", collectionId: raw.collectionId ?? "" }
      : raw.scopeKind === "products"
        ? { kind: "products", productIds: raw.productIds }
        : {};
  const parsed = runScopeSchema.safeParse(scope);
  if (parsed.success) return { ok: true as const, scope: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false as const, fieldErrors: { scope: issue?.message ?? messageKey("bulkRun:errors.chooseScope") } };
}

export type BulkRunActionResult =
  | { ok: true; intent: "preview"; summary: PlanSummary; budgetCredits: number | null }
  | { ok: true; intent: "listing"; listing: ListingProgress }
  | { ok: true; intent: "start"; runId: string; created: boolean }
  | (FormFailure & { intent: string });

export async function bulkRunAction(db: Db, admin: AdminRequest, formData: FormData): Promise<BulkRunActionResult> {
  const intent = String(formData.get("intent") ?? "preview");
  const fail = (fieldErrors: FieldErrors, formError?: string) => ({ ...failure(fieldErrors, formError), intent });
  if (intent !== "preview" && intent !== "start") return fail({}, messageKey("bulkRun:errors.notAvailable"));

  const scope = scopeFromForm(formData);
  const parsed = parseWithOptions(intent === "start" ? startFormSchema : runFormSchema, formData);
  if (!scope.ok || !parsed.ok)
    return fail({ ...(scope.ok ? {} : scope.fieldErrors), ...(parsed.ok ? {} : parsed.fieldErrors) });
  const { fields, options } = parsed;
  const requestKey = "requestKey" in fields ? (fields.requestKey as string) : undefined;
  if (intent === "start" && requestKey) {
    // Idempotent before any Shopify read: a retried start answers with the run the first one created.
    const existing = await runForRequestKey(db, admin.shop, requestKey);
    if (existing) return { ok: true, intent: "start", runId: existing.id, created: false };
  }

  const { catalog, problems } = await checkOptionsAgainstCatalog(db, admin.shop, options);
  if (Object.keys(problems).length > 0) return fail(problems);

  let outcome: PlanOutcome;
  try {
    outcome = await planScope(db, {
      shop: admin.shop,
      productSource: admin.productSource,
      scope: scope.scope,
      options: options,
      regenerate: fields.regenerate,
      candidates: fields.candidates,
      garmentChoices: new Map(Object.entries(fields.garmentChoices)),
      perColour: fields.perColour,
      catalog: async () => catalog,
      listInlineUpTo: env().BULK_RUN_LIST_INLINE_UP_TO,
      limits: appQueueLimits(),
      now: new Date(),
    });
  } catch (error) {
    const message = describeShopifyFailure(error);
    if (!message) throw error;
    return fail({}, message);
  }
  if (!outcome.ok && outcome.listing && intent === "preview")
    return { ok: true, intent: "listing", listing: outcome.listing };
  if (!outcome.ok) return fail(outcome.fieldErrors, outcome.formError);
  const budget = fields.budgetCredits ?? null;
  if (budget !== null && budget < outcome.plan.creditsPerRender) {
    return fail({
      budgetCredits: messageKey("bulkRun:errors.budgetBelowRender", { count: outcome.plan.creditsPerRender }),
    });
  }
  if (intent === "preview") return { ok: true, intent, summary: outcome.summary, budgetCredits: budget };
  if (outcome.plan.eligible.length === 0) {
    return fail({}, messageKey("bulkRun:errors.nothingToRender"));
  }
  try {
    const { run, created } = await startRun(db, {
      shop: admin.shop,
      plan: outcome.plan,
      options: options,
      scope: outcome.scopeRecord,
      budgetCredits: budget,
      ...(requestKey ? { requestKey } : {}),
      createdBy: admin.staff,
      limits: appQueueLimits(),
    });
    return { ok: true, intent: "start", runId: run.id, created };
  } catch (error) {
    // The plan had room; the queue filled up since (another tab, the product action): refused like the plan.
    if (error instanceof QueueFullError) return fail({}, error.message);
    throw error;
  }
}
