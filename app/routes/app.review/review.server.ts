import type { PrismaClient, Render, RenderState } from "@prisma/client";
import { z } from "zod";
import {
  countRendersByState,
  listRenders,
  listRendersByColourChange,
  sumCounts,
  type Page,
} from "~/renders/listings/render-listings.server";
import { IN_PROGRESS_STATES } from "~/renders/lifecycle/render-states";
import { COLOUR_VERDICTS, colourDetailSchema, type StoredColourVerdict } from "~/colour/colour-verdict";
import { candidateGroupCounts, type CandidateGroupCounts } from "~/renders/review/candidate-counts.server";
import { groupCandidates } from "./candidate-cards";
import type { FileState, ResultImage } from "~/renders/review/media-port";
import { optionFieldsOf, sourceImagesSchema } from "~/looks/render-options";
import { renderSummaryOf, type RenderSummary } from "~/renders/listings/render-summary";
import { type AdminRequest } from "~/web/admin-request.server";
import { failure, type FormFailure } from "~/lib/validation";
import { messageKey } from "~/lib/staff-message";
import { gidPattern } from "~/lib/gid";
import { formValuesOf, type RenderOptionsFormValues } from "~/web/render-options-form";
import { tryOnClientFor } from "~/settings/tryon-client.server";
import { loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { cdnRendition } from "~/catalog/cdn-rendition";
import { isReviewIntent, REVIEW_INTENTS, type ReviewIntent } from "./review-intents.server";
import { reviewAskedOf, type ReviewAsked } from "./review-asked";

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
  /** What was asked for, by name ("Dress · Amara · Front, relaxed · Studio white · 2K · 3:4" once in words). */
  asked: ReviewAsked;
  options: RenderOptionsFormValues;
  /** Why a render came back to review (Shopify refused the publish, or it kept failing): a message for `say`. */
  staffNote: string | null;
  /** One of several candidates of its product, or null for a render made on its own. */
  candidate: ReviewCandidate | null;
}

export interface ReviewCandidate {
  group: string;
  index: number;
  /** How many renders the group has that were not cancelled ("Candidate 2 of 3"); null past that count. */
  size: number | null;
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
  /** Why it was not scored: a message for `say` (older rows: English words). */
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
  /** The shop's latest bulk runs: the scope's title (data; null when it has none) and when it started. */
  runs: Array<{ id: string; title: string | null; createdAt: string }>;
  /** The shop's renders waiting for a decision and still in flight: the page refreshes itself while any are. */
  counts: { inReview: number; inProgress: number };
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
    asked: reviewAskedOf(options, catalog),
    options,
    staffNote: render.state === "in_review" ? render.errorMessage : null,
    colour: reviewColourOf(render),
    candidate: null,
  };
}

function withCandidate(item: ReviewItem, render: Render, counts: CandidateGroupCounts): ReviewItem {
  if (!render.candidateGroup || render.candidateIndex === null) return item;
  const counted = counts.get(render.candidateGroup);
  const group = counted ?? { size: 1, inReview: 0 };
  return {
    ...item,
    candidate: {
      group: render.candidateGroup,
      index: render.candidateIndex,
      // A regenerated candidate can be numbered past the group's count: it is then "Candidate 4".
      size: counted && render.candidateIndex <= counted.size ? counted.size : null,
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
  const [page, runs, catalog, stateCounts] = await Promise.all([
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
    countRendersByState(db, { shop: admin.shop }),
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
    counts: { inReview: stateCounts.in_review ?? 0, inProgress: sumCounts(stateCounts, IN_PROGRESS_STATES) },
    runs: runs.map((run) => {
      const scope = run.scope as { title?: unknown } | null;
      return {
        id: run.id,
        title: typeof scope?.title === "string" ? scope.title : null,
        createdAt: run.createdAt.toISOString(),
      };
    }),
  };
}

export type ReviewActionResult =
  | {
      ok: true;
      intent: ReviewIntent;
      /** An encoded message (review namespace): the page says it in the staff member's language. */
      message: string;
      /** A second sentence, also encoded: renders with colour drift left in review. */
      note?: string;
      renderIds: string[];
      failed: Array<{ renderId: string; message: string }>;
      newRenderId?: string;
    }
  | (FormFailure & { intent: string });

/** POST with `intent`: one handler per decision (review-intents.server.ts). */
export async function reviewAction(db: Db, admin: AdminRequest, formData: FormData): Promise<ReviewActionResult> {
  const intent = String(formData.get("intent") ?? "");
  if (!isReviewIntent(intent)) return { ...failure({}, messageKey("review:errors.unknownAction")), intent };
  return REVIEW_INTENTS[intent]({ db, admin, formData, intent });
}
