import type { PrismaClient, Render, RenderState } from "@prisma/client";
import { z } from "zod";
import { renderForRequestKey } from "~/renders/lifecycle/queue-renders.server";
import { listRenders, listRendersByColourChange, type Page } from "~/renders/listings/render-listings.server";
import { COLOUR_VERDICTS, colourDetailSchema, type StoredColourVerdict } from "~/colour/colour-verdict";
import {
  approveRender,
  regenerateRender,
  rejectOtherCandidates,
  rejectRender,
  revertRender,
  ReviewError,
} from "~/renders/review/review-actions.server";
import {
  candidateGroupCounts,
  candidateLabelOf,
  type CandidateGroupCounts,
} from "~/renders/review/candidate-counts.server";
import { groupCandidates } from "./candidate-cards";
import type { FileState, ResultImage } from "~/renders/review/media-port";
import { optionFieldsOf, sourceImagesSchema } from "~/looks/render-options";
import { renderSummaryOf, type RenderSummary } from "~/renders/listings/render-summary";
import { describeShopifyFailure, type AdminRequest } from "~/web/admin-request.server";
import { checkbox, parseForm, requestKeySchema } from "~/web/forms";
import { failure, type FormFailure, type FieldErrors } from "~/lib/validation";
import { gidPattern } from "~/lib/gid";
import { formValuesOf, renderOptionsFormSchema, type RenderOptionsFormValues } from "~/web/render-options-form";
import { tryOnClientFor } from "~/settings/tryon-client.server";
import { catalogProblems, loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { whatIsSent, whatIsSentLine } from "~/looks/what-is-sent";
import { cdnRendition } from "~/catalog/cdn-rendition";

/** Wide enough for a grid image up to 240 CSS px on a 2× screen. */
const GRID_IMAGE_WIDTH = 480;

/**
 * Review: renders waiting for a person, each beside the photo it was made from. Approving only queues the
 * publish (the worker attaches the image), so every decision here is one quick conditional update.
 */

type Db = PrismaClient;

export const REVIEW_STATES = [
  "in_review",
  "publishing",
  "published",
  "rejected",
] as const satisfies readonly RenderState[];
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_PAGE_SIZE = 24;
export const MAX_BULK_DECISIONS = 100;

export interface ReviewItem extends RenderSummary {
  runId: string | null;
  sourceUrl: string | null;
  /** The source photo at grid size (the grid shows it beside the render; the full photo is for the zoom). */
  sourcePreviewUrl: string | null;
  backUrl: string | null;
  result: ResultImage | null;
  /** The colour score, or null for a render imported before scoring existed. */
  colour: ReviewColour | null;
  creditsCost: number;
  createdAt: string;
  renderedAt: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  optionsSummary: string;
  options: RenderOptionsFormValues;
  /** Why a render came back to review (Shopify refused the publish, or it kept failing), in words for staff. */
  staffNote: string | null;
  /** One of several candidates of its product, or null for a render made on its own. */
  candidate: ReviewCandidate | null;
}

export interface ReviewCandidate {
  group: string;
  index: number;
  /** "Candidate 2 of 3": of the group's renders that were not cancelled. */
  label: string;
  /** Its siblings still waiting in review: approving this one offers to reject them. */
  othersInReview: number;
}

export interface ReviewFilters {
  state: ReviewState;
  runId: string | null;
  productId: string | null;
  colour: StoredColourVerdict | null;
  sort: ReviewSort;
}

export const REVIEW_SORTS = ["newest", "colour"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** What the colour score said, as a card and the side-by-side view show it. */
export interface ReviewColour {
  verdict: StoredColourVerdict;
  deltaE: number | null;
  /** The photo's colours, largest first, each with the render's and their ΔE. */
  matched: Array<{ source: string; render: string; deltaE: number }>;
  /** Why it was not scored, in words. */
  reason: string | null;
}

export function reviewColourOf(
  render: Pick<Render, "colourVerdict" | "colourDeltaE" | "colourDetail">,
): ReviewColour | null {
  const verdict = z.enum(COLOUR_VERDICTS).safeParse(render.colourVerdict);
  if (!verdict.success) return null;
  const detail = colourDetailSchema.safeParse(render.colourDetail);
  return {
    verdict: verdict.data,
    deltaE: render.colourDeltaE,
    matched: detail.success && detail.data.status === "scored" ? detail.data.matched : [],
    reason: detail.success && detail.data.status === "not_scored" ? detail.data.reason : null,
  };
}

export interface ReviewPageView {
  filters: ReviewFilters;
  items: ReviewItem[];
  nextCursor: string | null;
  previousCursor: string | null;
  runs: Array<{ id: string; label: string }>;
}

/** The image the worker recorded when the file became READY, if it did. */
export function storedResultOf(render: Render): ReviewItem["result"] {
  if (!render.resultUrl || !render.resultPreviewUrl) return null;
  return {
    url: render.resultUrl,
    previewUrl: render.resultPreviewUrl,
    width: render.resultWidth,
    height: render.resultHeight,
  };
}

export function reviewItemOf(render: Render, result: ReviewItem["result"], catalog: CatalogResult): ReviewItem {
  const images = sourceImagesSchema.safeParse(render.sourceImages);
  const options = formValuesOf(optionFieldsOf(render.params));
  return {
    ...renderSummaryOf(render),
    runId: render.runId,
    sourceUrl: images.success ? (images.data.front[0] ?? null) : null,
    sourcePreviewUrl:
      images.success && images.data.front[0] ? cdnRendition(images.data.front[0], GRID_IMAGE_WIDTH) : null,
    backUrl: images.success ? (images.data.back ?? null) : null,
    result,
    creditsCost: render.creditsCost,
    createdAt: render.createdAt.toISOString(),
    renderedAt: render.renderedAt?.toISOString() ?? null,
    reviewedBy: render.reviewedBy,
    reviewedAt: render.reviewedAt?.toISOString() ?? null,
    // By name ("Dress · Amara · Front, relaxed · Studio white · 2K · 3:4"), never catalog ids.
    optionsSummary: [whatIsSentLine(whatIsSent(options, catalog)), options.resolution, options.aspectRatio].join(" · "),
    options,
    staffNote: render.state === "in_review" ? render.errorMessage : null,
    colour: reviewColourOf(render),
    candidate: null,
  };
}

function withCandidate(item: ReviewItem, render: Render, counts: CandidateGroupCounts): ReviewItem {
  if (!render.candidateGroup || render.candidateIndex === null) return item;
  const group = counts.get(render.candidateGroup) ?? { size: 1, inReview: 0 };
  return {
    ...item,
    candidate: {
      group: render.candidateGroup,
      index: render.candidateIndex,
      label: candidateLabelOf(render, counts) ?? "",
      othersInReview: Math.max(0, group.inReview - (render.state === "in_review" ? 1 : 0)),
    },
  };
}

const filtersSchema = z.object({
  state: z.enum(REVIEW_STATES).catch("in_review"),
  runId: z.string().max(64).nullable().catch(null),
  productId: z.string().regex(gidPattern("Product")).nullable().catch(null),
  colour: z.enum(COLOUR_VERDICTS).nullable().catch(null),
  sort: z.enum(REVIEW_SORTS).catch("newest"),
});

export function reviewFiltersOf(url: URL): ReviewFilters {
  return filtersSchema.parse({
    state: url.searchParams.get("state") ?? "in_review",
    runId: url.searchParams.get("runId") || null,
    productId: url.searchParams.get("productId") || null,
    colour: url.searchParams.get("colour") || null,
    sort: url.searchParams.get("sort") ?? "newest",
  });
}

export async function loadReviewPage(db: Db, admin: AdminRequest, url: URL): Promise<ReviewPageView> {
  const filters = reviewFiltersOf(url);
  const [page, runs, catalog] = await Promise.all([
    (filters.sort === "colour" ? listRendersByColourChange : listRenders)(
      db,
      admin.shop,
      {
        states: [filters.state],
        runId: filters.runId ?? undefined,
        productId: filters.productId ?? undefined,
        colourVerdict: filters.colour ?? undefined,
      },
      {
        after: url.searchParams.get("after") ?? undefined,
        before: url.searchParams.get("before") ?? undefined,
        pageSize: REVIEW_PAGE_SIZE,
      },
    ) as Promise<Page<Render>>,
    db.run.findMany({ where: { shop: admin.shop }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 20 }),
    // Names for what each render was asked for (cached by the try-on client; a failure leaves plain phrases).
    db.shopSettings
      .findUnique({ where: { shop: admin.shop } })
      .then((settings) => loadCatalog(tryOnClientFor(settings))),
  ]);
  // A product's candidates stand side by side: siblings in the same state that fell on another page join them.
  const groups = [...new Set(page.rows.flatMap((render) => (render.candidateGroup ? [render.candidateGroup] : [])))];
  const [siblings, groupCounts] = await Promise.all([
    groups.length === 0
      ? Promise.resolve([])
      : db.render.findMany({
          where: {
            shop: admin.shop,
            candidateGroup: { in: groups },
            state: filters.state,
            id: { notIn: page.rows.map((render) => render.id) },
          },
        }),
    candidateGroupCounts(db, admin.shop, page.rows),
  ]);
  const rows = [...page.rows, ...siblings];
  // The worker stores each image's CDN URLs when Shopify has processed it; only renders imported before that
  // (or whose file had no image yet) are looked up, in one request.
  const fileIds = rows.flatMap((render) => (render.fileId && !storedResultOf(render) ? [render.fileId] : []));
  // Without previews the page still works (source photos, titles, decisions); Shopify being slow should not block review.
  const files = await admin.renderMedia.fileStates(fileIds).catch(() => new Map<string, FileState>());
  return {
    filters,
    items: groupCandidates(
      rows.map((render) =>
        withCandidate(
          reviewItemOf(
            render,
            storedResultOf(render) ?? (render.fileId ? (files.get(render.fileId)?.image ?? null) : null),
            catalog,
          ),
          render,
          groupCounts,
        ),
      ),
    ),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    runs: runs.map((run) => {
      const scope = run.scope as { title?: unknown } | null;
      const title = typeof scope?.title === "string" ? scope.title : "Bulk run";
      return { id: run.id, label: `${title} (${run.createdAt.toISOString().slice(0, 10)})` };
    }),
  };
}

const renderIdField = z.string({ error: "Choose a render." }).min(1, "Choose a render.").max(64);

const actionSchemas = {
  approve: z.object({
    renderId: renderIdField,
    variantIds: z
      .array(z.string().regex(gidPattern("ProductVariant"), "One of the variants is not valid."))
      .max(100, "Choose at most 100 variants."),
    makeFirst: checkbox,
    /** Reject the render's sibling candidates still in review, deleting their files. */
    rejectSiblings: checkbox,
  }),
  reject: z.object({ renderId: renderIdField }),
  revert: z.object({ renderId: renderIdField }),
  "approve-many": z.object({
    renderIds: z
      .array(renderIdField)
      .min(1, "Select at least one render.")
      .max(MAX_BULK_DECISIONS, `Select at most ${MAX_BULK_DECISIONS} renders at once.`),
    /** Renders whose colours drifted stay in review (the box is ticked by default). */
    leaveOutDrift: checkbox,
  }),
  "reject-many": z.object({
    renderIds: z
      .array(renderIdField)
      .min(1, "Select at least one render.")
      .max(MAX_BULK_DECISIONS, `Select at most ${MAX_BULK_DECISIONS} renders at once.`),
  }),
  regenerate: z.object({ renderId: renderIdField, requestKey: requestKeySchema }),
};
type ReviewIntent = keyof typeof actionSchemas;

export type ReviewActionResult =
  | {
      ok: true;
      intent: ReviewIntent;
      message: string;
      renderIds: string[];
      failed: Array<{ renderId: string; message: string }>;
      newRenderId?: string;
    }
  | (FormFailure & { intent: string });

/** A decision that did not apply, said for staff: a ReviewError's own words, or Shopify's failure. */
function decisionFailure(error: unknown): string {
  if (error instanceof ReviewError) return error.message;
  const shopify = describeShopifyFailure(error);
  if (shopify) return shopify;
  throw error;
}

export async function reviewAction(db: Db, admin: AdminRequest, formData: FormData): Promise<ReviewActionResult> {
  const intent = String(formData.get("intent") ?? "");
  const fail = (fieldErrors: FieldErrors, formError?: string) => ({ ...failure(fieldErrors, formError), intent });
  if (!(intent in actionSchemas)) return fail({}, "That action is not available.");
  const reviewIntent = intent as ReviewIntent;
  const decided = (
    renderIds: string[],
    failed: Array<{ renderId: string; message: string }>,
    message: string,
    extra: { newRenderId?: string } = {},
  ) => ({
    ok: true as const,
    intent: reviewIntent,
    renderIds,
    failed,
    message,
    ...extra,
  });

  switch (reviewIntent) {
    case "approve": {
      const parsed = parseForm(actionSchemas.approve, formData, ["variantIds"]);
      if (!parsed.ok) return fail(parsed.fieldErrors);
      try {
        await approveRender(db, {
          shop: admin.shop,
          renderId: parsed.data.renderId,
          reviewer: admin.staff,
          options: { variantIds: parsed.data.variantIds, makeFirst: parsed.data.makeFirst },
        });
      } catch (error) {
        return fail({}, decisionFailure(error));
      }
      if (!parsed.data.rejectSiblings)
        return decided([parsed.data.renderId], [], "Approved. The image is being added to the product.");
      const siblings = await rejectOtherCandidates(db, admin.renderMedia, {
        shop: admin.shop,
        renderId: parsed.data.renderId,
        reviewer: admin.staff,
      });
      const rejected = siblings.rejected.length;
      return decided(
        [parsed.data.renderId, ...siblings.rejected],
        siblings.failed.map((renderId) => ({
          renderId,
          message: "Another candidate changed since the page was loaded, so it was left as it is.",
        })),
        rejected === 0
          ? "Approved. The image is being added to the product."
          : `Approved. The image is being added to the product; the other ${rejected === 1 ? "candidate was" : `${rejected} candidates were`} rejected and ${rejected === 1 ? "its file" : "their files"} deleted from Shopify.`,
      );
    }
    case "reject":
    case "revert": {
      const parsed = parseForm(actionSchemas[reviewIntent], formData);
      if (!parsed.ok) return fail(parsed.fieldErrors);
      const input = { shop: admin.shop, renderId: parsed.data.renderId, reviewer: admin.staff };
      try {
        if (reviewIntent === "reject") await rejectRender(db, admin.renderMedia, input);
        else await revertRender(db, admin.renderMedia, input);
      } catch (error) {
        return fail({}, decisionFailure(error));
      }
      return decided(
        [parsed.data.renderId],
        [],
        reviewIntent === "reject"
          ? "Rejected. The image was not added to the product."
          : "Removed from the product and put back in review.",
      );
    }
    case "approve-many":
    case "reject-many": {
      const parsed = parseForm(actionSchemas[reviewIntent], formData, ["renderIds"]);
      if (!parsed.ok) return fail(parsed.fieldErrors);
      let renderIds = [...new Set(parsed.data.renderIds)];
      let leftOut = 0;
      if (reviewIntent === "approve-many" && "leaveOutDrift" in parsed.data && parsed.data.leaveOutDrift) {
        const drifted = await db.render.findMany({
          where: { shop: admin.shop, id: { in: renderIds }, colourVerdict: "drift" },
          select: { id: true },
        });
        const driftedIds = new Set(drifted.map((render) => render.id));
        leftOut = driftedIds.size;
        renderIds = renderIds.filter((id) => !driftedIds.has(id));
      }
      const failed: Array<{ renderId: string; message: string }> = [];
      const done: string[] = [];
      for (const renderId of renderIds) {
        try {
          const input = { shop: admin.shop, renderId, reviewer: admin.staff };
          if (reviewIntent === "approve-many") await approveRender(db, input);
          else await rejectRender(db, admin.renderMedia, input);
          done.push(renderId);
        } catch (error) {
          failed.push({ renderId, message: decisionFailure(error) });
        }
      }
      const verb = reviewIntent === "approve-many" ? "Approved" : "Rejected";
      const message =
        (failed.length === 0
          ? `${verb} ${done.length} ${done.length === 1 ? "render" : "renders"}.`
          : `${verb} ${done.length}; ${failed.length} could not be changed (they changed since the page was loaded).`) +
        (leftOut > 0
          ? ` ${leftOut} with colour drift ${leftOut === 1 ? "was" : "were"} left in review for a closer look.`
          : "");
      return decided(done, failed, message);
    }
    case "regenerate": {
      const fields = parseForm(actionSchemas.regenerate, formData);
      const options = parseForm(renderOptionsFormSchema, formData);
      if (!fields.ok || !options.ok) {
        return fail({ ...(fields.ok ? {} : fields.fieldErrors), ...(options.ok ? {} : options.fieldErrors) });
      }
      const existing = await renderForRequestKey(db, admin.shop, fields.data.requestKey);
      if (existing)
        return decided([fields.data.renderId], [], "This new render was already queued.", { newRenderId: existing.id });
      const settings = await db.shopSettings.findUnique({ where: { shop: admin.shop } });
      const problems = catalogProblems(await loadCatalog(tryOnClientFor(settings)), options.data);
      if (Object.keys(problems).length > 0) return fail(problems);
      try {
        // Every option is sent, so an option staff cleared is cleared (not kept from the original).
        const render = await regenerateRender(db, admin.productSource, {
          shop: admin.shop,
          renderId: fields.data.renderId,
          changes: fullOptionChanges(options.data),
          requestKey: fields.data.requestKey,
        });
        return decided([fields.data.renderId], [], "A new render with the changed options was queued.", {
          newRenderId: render.id,
        });
      } catch (error) {
        return fail({}, decisionFailure(error));
      }
    }
  }
}

/**
 * regenerateRender merges changes over the original options; an optional option the form left empty must
 * replace the original's value, so it is passed as undefined explicitly and then dropped by the schema.
 */
function fullOptionChanges(options: z.output<typeof renderOptionsFormSchema>) {
  const cleared = Object.fromEntries(
    ["productCategory", "background", "lockBackground", "bodySize", "expression", "userInstruction"].map((key) => [
      key,
      undefined,
    ]),
  );
  return { ...cleared, ...options };
}
