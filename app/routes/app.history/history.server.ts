import type { PrismaClient, Render, RenderState } from "@prisma/client";
import { z } from "zod";
import { listRenders } from "~/renders/listings/render-listings.server";
import { resolveSubmitUnknown, ReviewError } from "~/renders/review/review-actions.server";
import { RENDER_STATES } from "~/renders/lifecycle/render-states";
import { renderSummaryOf, type RenderSummary } from "~/renders/listings/render-summary";
import { parseForm } from "~/web/forms";
import { failure, type FormFailure, type FieldErrors } from "~/lib/validation";
import { gidPattern } from "~/lib/gid";
import { messageKey } from "~/lib/staff-message";
import { candidateGroupCounts, candidateLabelOf } from "~/renders/review/candidate-counts.server";
import { cdnRendition } from "~/catalog/cdn-rendition";
import { sourceImagesSchema } from "~/looks/render-options";
import type { AdminRequest } from "~/web/admin-request.server";
import { RETRYABLE_STATES, retryFromHistory, revertFromHistory } from "./history-intents.server";
import { problemTextOf } from "./history-problem";

/**
 * History: every render of the shop, newest first, with what it cost and, when it failed, why: the stored reason
 * (a message, or older rows' English) or the words history.json has for its error code.
 */

type Db = PrismaClient;

export interface HistoryRow extends RenderSummary {
  /** What it cost so far (the page words it: "5 credits charged, 5 refunded", "Not charged"). */
  creditsCharged: number;
  creditsRefunded: number;
  createdAt: string;
  submittedAt: string | null;
  renderedAt: string | null;
  finishedAt: string | null;
  /** From sending to the service until the image was back, when both happened. */
  renderMs: number | null;
  problem: string | null;
  externalJobId: string | null;
  runId: string | null;
  /** "Candidate 2 of 3" when the render is one of several of its product made together. */
  candidateLabel: string | null;
  /** A small picture of the row: the model shot once Shopify has it, else the product photo that was sent. */
  thumbnailUrl: string | null;
  thumbnailIsResult: boolean;
  creditsCost: number;
  /** Ended without an image on the product: can be tried again (a new render, charged when it starts). */
  canRetry: boolean;
  /** On the product: can be taken off it and put back in review. */
  canRevert: boolean;
}

const THUMBNAIL_WIDTH = 160;

function thumbnailOf(render: Render): { url: string | null; isResult: boolean } {
  if (render.resultPreviewUrl) return { url: cdnRendition(render.resultPreviewUrl, THUMBNAIL_WIDTH), isResult: true };
  const images = sourceImagesSchema.safeParse(render.sourceImages);
  const front = images.success ? images.data.front[0] : undefined;
  return { url: front ? cdnRendition(front, THUMBNAIL_WIDTH) : null, isResult: false };
}

export function historyRowOf(render: Render, candidateLabel: string | null = null): HistoryRow {
  const thumbnail = thumbnailOf(render);
  return {
    ...renderSummaryOf(render),
    creditsCharged: render.creditsCharged,
    creditsRefunded: render.creditsRefunded,
    createdAt: render.createdAt.toISOString(),
    submittedAt: render.submittedAt?.toISOString() ?? null,
    renderedAt: render.renderedAt?.toISOString() ?? null,
    finishedAt: render.finishedAt?.toISOString() ?? null,
    renderMs:
      render.submittedAt && render.renderedAt ? render.renderedAt.getTime() - render.submittedAt.getTime() : null,
    problem: problemTextOf(render),
    externalJobId: render.externalJobId,
    runId: render.runId,
    candidateLabel,
    thumbnailUrl: thumbnail.url,
    thumbnailIsResult: thumbnail.isResult,
    creditsCost: render.creditsCost,
    canRetry: RETRYABLE_STATES.includes(render.state),
    canRevert: render.state === "published" && render.fileId !== null,
  };
}

const historyFiltersSchema = z.object({
  state: z
    .enum(RENDER_STATES as [RenderState, ...RenderState[]])
    .nullable()
    .catch(null),
  productId: z.string().regex(gidPattern("Product")).nullable().catch(null),
  runId: z.string().max(64).nullable().catch(null),
});

export async function loadHistory(db: Db, shop: string, url: URL) {
  const filters = historyFiltersSchema.parse({
    state: url.searchParams.get("state") || null,
    productId: url.searchParams.get("productId") || null,
    runId: url.searchParams.get("runId") || null,
  });
  const page = await listRenders(
    db,
    shop,
    {
      states: filters.state ? [filters.state] : undefined,
      productId: filters.productId ?? undefined,
      runId: filters.runId ?? undefined,
    },
    { after: url.searchParams.get("after") ?? undefined, before: url.searchParams.get("before") ?? undefined },
  );
  const groups = await candidateGroupCounts(db, shop, page.rows);
  return {
    filters,
    rows: page.rows.map((render) => historyRowOf(render, candidateLabelOf(render, groups))),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    stateChoices: RENDER_STATES,
  };
}

const resolveSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("resolve-started"),
    renderId: z.string().min(1).max(64),
    externalJobId: z
      .string({ error: messageKey("history:errors.enterJobId") })
      .trim()
      .min(1, messageKey("history:errors.enterJobId"))
      .max(200, messageKey("history:errors.jobIdTooLong")),
  }),
  z.object({ intent: z.literal("resolve-not-started"), renderId: z.string().min(1).max(64) }),
]);

/** `message` and the failure's texts are encoded messages (or domain sentences): the page words them with say(). */
export type HistoryActionResult = { ok: true; message: string; newRenderId?: string } | FormFailure;

/**
 * History's actions by intent: settle a render whose submit was never confirmed (after checking the service's
 * dashboard), try a render again, or take a published one off its product.
 */
export async function historyAction(db: Db, admin: AdminRequest, formData: FormData): Promise<HistoryActionResult> {
  const intent = formData.get("intent");
  if (intent === "retry") return retryFromHistory(db, admin, formData);
  if (intent === "revert") return revertFromHistory(db, admin, formData);
  const shop = admin.shop;
  const parsed = parseForm(resolveSchema, formData);
  if (!parsed.ok) return failure(parsed.fieldErrors as FieldErrors);
  try {
    if (parsed.data.intent === "resolve-started") {
      await resolveSubmitUnknown(db, {
        shop,
        renderId: parsed.data.renderId,
        outcome: "started",
        externalJobId: parsed.data.externalJobId,
      });
      return { ok: true, message: messageKey("history:done.resolvedStarted") };
    }
    await resolveSubmitUnknown(db, { shop, renderId: parsed.data.renderId, outcome: "not_started" });
    return { ok: true, message: messageKey("history:done.resolvedNotStarted") };
  } catch (error) {
    if (error instanceof ReviewError) return failure({}, error.message);
    throw error;
  }
}
