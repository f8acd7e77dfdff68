import { Prisma, type PrismaClient, type RenderState } from "@prisma/client";
import { z } from "zod";
import { countRendersByState, findRun, runCredits } from "~/renders/listings/render-listings.server";
import { ReviewError, setRunStatus } from "~/renders/review/review-actions.server";
import { RENDER_STATES } from "~/renders/lifecycle/render-states";
import { parseForm } from "~/web/forms";
import { failure, type FormFailure } from "~/lib/validation";
import { messageKey } from "~/lib/staff-message";
import { runScopeRecordSchema, runSummaryOf, type RunSummary } from "~/renders/runs/run-summary";
import { renderSummaryOf, type RenderSummary } from "~/renders/listings/render-summary";

type Db = PrismaClient;

export interface RunView extends RunSummary {
  scope: { kind: "collection"; collectionId: string } | { kind: "products"; count: number } | null;
  counts: Array<{ state: RenderState; count: number }>;
  credits: { charged: number; refunded: number };
  pausedAt: string | null;
  cancelledAt: string | null;
  /** A run of one shot per colour: its renders with their colour (the first COLOUR_ROWS), else null. */
  colourRenders: RenderSummary[] | null;
}

const COLOUR_ROWS = 50;
const perColourScope = z.object({ perColour: z.literal(true) });

/** One run with its live counts; null when the run does not exist for this shop (another shop's id included). */
export async function loadRun(db: Db, shop: string, runId: string): Promise<RunView | null> {
  const run = await findRun(db, shop, runId);
  if (!run) return null;
  const perColour = perColourScope.safeParse(run.scope).success;
  const [counts, credits, colourRenders] = await Promise.all([
    countRendersByState(db, { shop, runId }),
    runCredits(db, shop, runId),
    perColour
      ? db.render.findMany({
          where: { shop, runId, variantColour: { not: Prisma.DbNull } },
          orderBy: [{ productTitle: "asc" }, { createdAt: "asc" }],
          take: COLOUR_ROWS,
          select: { id: true, productId: true, productTitle: true, state: true, variantColour: true },
        })
      : null,
  ]);
  const scope = runScopeRecordSchema.safeParse(run.scope);
  return {
    ...runSummaryOf(run, counts),
    scope: scope.success
      ? scope.data.kind === "collection"
        ? { kind: "collection", collectionId: scope.data.collectionId }
        : { kind: "products", count: scope.data.productIds.length }
      : null,
    counts: RENDER_STATES.filter((state) => (counts[state] ?? 0) > 0).map((state) => ({
      state,
      count: counts[state] ?? 0,
    })),
    credits,
    pausedAt: run.pausedAt?.toISOString() ?? null,
    cancelledAt: run.cancelledAt?.toISOString() ?? null,
    colourRenders: colourRenders?.map(renderSummaryOf) ?? null,
  };
}

const runActionSchema = z.object({
  intent: z.enum(["pause", "resume", "cancel"], { error: messageKey("common:errors.unavailable") }),
});

/** `message` is an encoded message (runDetail.json), worded by the page in the staff member's language. */
export type RunActionResult = { ok: true; message: string } | FormFailure;

export async function runAction(db: Db, shop: string, runId: string, formData: FormData): Promise<RunActionResult> {
  const parsed = parseForm(runActionSchema, formData);
  if (!parsed.ok) return failure(parsed.fieldErrors, messageKey("common:errors.unavailable"));
  // Checked first so another shop's run id reads as "not found", the same as an id that never existed.
  if (!(await findRun(db, shop, runId))) return failure({}, messageKey("runDetail:errors.notFound"));
  try {
    await setRunStatus(db, { shop, runId, action: parsed.data.intent });
  } catch (error) {
    if (error instanceof ReviewError) return failure({}, error.message);
    throw error;
  }
  return { ok: true, message: messageKey(`runDetail:done.${parsed.data.intent}`) };
}
