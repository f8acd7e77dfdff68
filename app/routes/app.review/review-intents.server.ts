import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { appQueueLimits, QueueFullError, renderForRequestKey } from "~/renders/lifecycle/queue-renders.server";
import {
  approveRender,
  regenerateRender,
  rejectOtherCandidates,
  rejectRender,
  revertRender,
  ReviewError,
} from "~/renders/review/review-actions.server";
import { describeShopifyFailure, type AdminRequest } from "~/web/admin-request.server";
import { checkbox, parseForm, requestKeySchema } from "~/web/forms";
import { failure, type FieldErrors } from "~/lib/validation";
import { encodeStaffMessage, messageKey, staffMessage, type StaffMessageParams } from "~/lib/staff-message";
import { gidPattern } from "~/lib/gid";
import { renderOptionsFormSchema } from "~/web/render-options-form";
import { tryOnClientFor } from "~/settings/tryon-client.server";
import { catalogProblems, loadCatalog } from "~/tryon/catalog-view";
import type { ReviewActionResult } from "./review.server";

/** Review's decisions, one handler per intent; reviewAction (review.server.ts) picks the handler. */

export const MAX_BULK_DECISIONS = 100;

/** An answer or refusal as a message key of the review namespace, put in words by the page (`say`). */
const said = (key: string, params?: StaffMessageParams) => encodeStaffMessage(staffMessage(`review:${key}`, params));

const chooseRender = messageKey("review:errors.chooseRender");
const renderIdField = z.string({ error: chooseRender }).min(1, chooseRender).max(64);
const renderIdsField = z
  .array(renderIdField)
  .min(1, messageKey("review:errors.selectAtLeastOne"))
  .max(MAX_BULK_DECISIONS, messageKey("review:errors.selectAtMost", { count: MAX_BULK_DECISIONS }));
const choosePlace = messageKey("review:errors.choosePlace");

const intentSchemas = {
  approve: z.object({
    renderId: renderIdField,
    variantIds: z
      .array(z.string().regex(gidPattern("ProductVariant"), messageKey("review:errors.variantNotValid")))
      .max(100, messageKey("review:errors.tooManyVariants", { count: 100 })),
    makeFirst: checkbox,
    /** Where the image goes among the product's images, 1 = first; empty = after them. */
    position: z.preprocess(
      (value) => (value === "" || value === null || value === undefined ? null : Number(value)),
      z.number().int(choosePlace).min(1, choosePlace).max(250).nullable(),
    ),
    /** What shoppers' screen readers read; empty = the text the file has. */
    alt: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      z
        .string()
        .trim()
        .max(512, messageKey("review:errors.altTooLong", { count: 512 }))
        .nullable()
        .default(null),
    ),
    /** Reject the render's sibling candidates still in review, deleting their files. */
    rejectSiblings: checkbox,
  }),
  reject: z.object({ renderId: renderIdField }),
  revert: z.object({ renderId: renderIdField }),
  "approve-many": z.object({
    renderIds: renderIdsField,
    /** Renders whose colours drifted stay in review (the box is ticked by default). */
    leaveOutDrift: checkbox,
  }),
  "reject-many": z.object({ renderIds: renderIdsField }),
  regenerate: z.object({ renderId: renderIdField, requestKey: requestKeySchema }),
};
export type ReviewIntent = keyof typeof intentSchemas;

export const isReviewIntent = (intent: string): intent is ReviewIntent => intent in intentSchemas;

interface IntentRequest {
  db: PrismaClient;
  admin: AdminRequest;
  formData: FormData;
  intent: ReviewIntent;
}

type Failed = Array<{ renderId: string; message: string }>;

const refused = (request: IntentRequest, fieldErrors: FieldErrors, formError?: string): ReviewActionResult => ({
  ...failure(fieldErrors, formError),
  intent: request.intent,
});

const decided = (
  request: IntentRequest,
  renderIds: string[],
  failed: Failed,
  message: string,
  extra: { newRenderId?: string; note?: string } = {},
): ReviewActionResult => ({ ok: true, intent: request.intent, renderIds, failed, message, ...extra });

/** A decision that did not apply, said for staff: a ReviewError's own words, or Shopify's failure. */
function decisionFailure(error: unknown): string {
  if (error instanceof ReviewError || error instanceof QueueFullError) return error.message;
  const shopify = describeShopifyFailure(error);
  if (shopify) return shopify;
  throw error;
}

const APPROVED = said("answers.approved");

async function approve(request: IntentRequest): Promise<ReviewActionResult> {
  const { db, admin } = request;
  const parsed = parseForm(intentSchemas.approve, request.formData, ["variantIds"]);
  if (!parsed.ok) return refused(request, parsed.fieldErrors);
  const { renderId, variantIds, makeFirst, position, alt, rejectSiblings } = parsed.data;
  try {
    await approveRender(db, {
      shop: admin.shop,
      renderId,
      reviewer: admin.staff,
      options: { variantIds, makeFirst, position: position ?? (makeFirst ? 1 : null), alt },
    });
  } catch (error) {
    return refused(request, {}, decisionFailure(error));
  }
  if (!rejectSiblings) return decided(request, [renderId], [], APPROVED);
  const siblings = await rejectOtherCandidates(db, admin.renderMedia, {
    shop: admin.shop,
    renderId,
    reviewer: admin.staff,
  });
  const rejected = siblings.rejected.length;
  return decided(
    request,
    [renderId, ...siblings.rejected],
    siblings.failed.map((sibling) => ({
      renderId: sibling,
      message: said("errors.candidateChanged"),
    })),
    rejected === 0 ? APPROVED : said("answers.approvedRejectingOthers", { count: rejected }),
  );
}

function rejectOrRevert(kind: "reject" | "revert") {
  return async (request: IntentRequest): Promise<ReviewActionResult> => {
    const { db, admin } = request;
    const parsed = parseForm(intentSchemas[kind], request.formData);
    if (!parsed.ok) return refused(request, parsed.fieldErrors);
    const input = { shop: admin.shop, renderId: parsed.data.renderId, reviewer: admin.staff };
    try {
      if (kind === "reject") await rejectRender(db, admin.renderMedia, input);
      else await revertRender(db, admin.renderMedia, input);
    } catch (error) {
      return refused(request, {}, decisionFailure(error));
    }
    return decided(
      request,
      [parsed.data.renderId],
      [],
      said(kind === "reject" ? "answers.rejected" : "answers.reverted"),
    );
  };
}

/** The renders of `renderIds` whose colours drifted, which "approve many" leaves in review when asked. */
async function driftedAmong(db: PrismaClient, shop: string, renderIds: string[]): Promise<Set<string>> {
  const drifted = await db.render.findMany({
    where: { shop, id: { in: renderIds }, colourVerdict: "drift" },
    select: { id: true },
  });
  return new Set(drifted.map((render) => render.id));
}

function decideMany(kind: "approve-many" | "reject-many") {
  return async (request: IntentRequest): Promise<ReviewActionResult> => {
    const { db, admin } = request;
    const parsed = parseForm(intentSchemas[kind], request.formData, ["renderIds"]);
    if (!parsed.ok) return refused(request, parsed.fieldErrors);
    let renderIds = [...new Set(parsed.data.renderIds)];
    let leftOut = 0;
    if (kind === "approve-many" && "leaveOutDrift" in parsed.data && parsed.data.leaveOutDrift) {
      const drifted = await driftedAmong(db, admin.shop, renderIds);
      leftOut = drifted.size;
      renderIds = renderIds.filter((id) => !drifted.has(id));
    }
    const failed: Failed = [];
    const done: string[] = [];
    for (const renderId of renderIds) {
      try {
        const input = { shop: admin.shop, renderId, reviewer: admin.staff };
        if (kind === "approve-many") await approveRender(db, input);
        else await rejectRender(db, admin.renderMedia, input);
        done.push(renderId);
      } catch (error) {
        failed.push({ renderId, message: decisionFailure(error) });
      }
    }
    const verb = kind === "approve-many" ? "approved" : "rejected";
    const message =
      failed.length === 0
        ? said(`answers.${verb}Many`, { count: done.length })
        : said(`answers.${verb}ManyPartly`, { done: done.length, count: failed.length });
    // Renders left out are a second sentence, so each count picks its own plural.
    const note = leftOut > 0 ? said("answers.driftLeftOut", { count: leftOut }) : undefined;
    return decided(request, done, failed, message, note ? { note } : {});
  };
}

async function regenerate(request: IntentRequest): Promise<ReviewActionResult> {
  const { db, admin } = request;
  const fields = parseForm(intentSchemas.regenerate, request.formData);
  const options = parseForm(renderOptionsFormSchema, request.formData);
  if (!fields.ok || !options.ok) {
    return refused(request, { ...(fields.ok ? {} : fields.fieldErrors), ...(options.ok ? {} : options.fieldErrors) });
  }
  const { renderId, requestKey } = fields.data;
  const existing = await renderForRequestKey(db, admin.shop, requestKey);
  if (existing) return decided(request, [renderId], [], said("answers.alreadyQueued"), { newRenderId: existing.id });
  const settings = await db.shopSettings.findUnique({ where: { shop: admin.shop } });
  const problems = catalogProblems(await loadCatalog(tryOnClientFor(settings)), options.data);
  if (Object.keys(problems).length > 0) return refused(request, problems);
  try {
    // Every option is sent, so an option staff cleared is cleared (not kept from the original).
    const render = await regenerateRender(db, admin.productSource, {
      shop: admin.shop,
      renderId,
      changes: fullOptionChanges(options.data),
      requestKey,
      limits: appQueueLimits(),
    });
    return decided(request, [renderId], [], said("answers.regenerated"), {
      newRenderId: render.id,
    });
  } catch (error) {
    return refused(request, {}, decisionFailure(error));
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

export const REVIEW_INTENTS: Record<ReviewIntent, (request: IntentRequest) => Promise<ReviewActionResult>> = {
  approve,
  reject: rejectOrRevert("reject"),
  revert: rejectOrRevert("revert"),
  "approve-many": decideMany("approve-many"),
  "reject-many": decideMany("reject-many"),
  regenerate,
};
