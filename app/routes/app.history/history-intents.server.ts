import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { appQueueLimits, QueueFullError, renderForRequestKey } from "~/renders/lifecycle/queue-renders.server";
import { regenerateRender, revertRender, ReviewError } from "~/renders/review/review-actions.server";
import { describeShopifyFailure, type AdminRequest } from "~/web/admin-request.server";
import { parseForm, requestKeySchema } from "~/web/forms";
import { failure, type FieldErrors, type FormFailure } from "~/lib/validation";
import { messageKey } from "~/lib/staff-message";

/**
 * History's two decisions that act on a finished render: try a render that ended without an image again (a new
 * render with the same options, charged when it starts) and take a published image off its product (back to
 * Review). Both come after a confirmation that says what happens and what it costs.
 */

const renderIdField = z
  .string({ error: messageKey("history:errors.chooseRender") })
  .min(1, messageKey("history:errors.chooseRender"))
  .max(64);

export const historyRenderSchemas = {
  retry: z.object({ intent: z.literal("retry"), renderId: renderIdField, requestKey: requestKeySchema }),
  revert: z.object({ intent: z.literal("revert"), renderId: renderIdField }),
};

export type HistoryDecisionResult = { ok: true; message: string; newRenderId?: string } | FormFailure;

function decisionFailure(error: unknown): string {
  if (error instanceof ReviewError || error instanceof QueueFullError) return error.message;
  const shopify = describeShopifyFailure(error);
  if (shopify) return shopify;
  throw error;
}

/** Queues the same product, photos and options again, once per request key; only a render that ended without an image. */
export async function retryFromHistory(
  db: PrismaClient,
  admin: AdminRequest,
  formData: FormData,
): Promise<HistoryDecisionResult> {
  const parsed = parseForm(historyRenderSchemas.retry, formData);
  if (!parsed.ok) return failure(parsed.fieldErrors as FieldErrors);
  const { renderId, requestKey } = parsed.data;
  const existing = await renderForRequestKey(db, admin.shop, requestKey);
  if (existing) return { ok: true, message: messageKey("history:done.retryAlreadyQueued"), newRenderId: existing.id };
  const original = await db.render.findFirst({ where: { id: renderId, shop: admin.shop } });
  if (!original) return failure({}, messageKey("history:errors.renderNotFound"));
  if (!RETRYABLE_STATES.includes(original.state)) return failure({}, messageKey("history:errors.notRetryable"));
  try {
    const render = await regenerateRender(db, admin.productSource, {
      shop: admin.shop,
      renderId,
      changes: {},
      requestKey,
      limits: appQueueLimits(),
    });
    return { ok: true, message: messageKey("history:done.retryQueued"), newRenderId: render.id };
  } catch (error) {
    return failure({}, decisionFailure(error));
  }
}

/** Detaches a published image from its product and puts the render back in review. */
export async function revertFromHistory(
  db: PrismaClient,
  admin: AdminRequest,
  formData: FormData,
): Promise<HistoryDecisionResult> {
  const parsed = parseForm(historyRenderSchemas.revert, formData);
  if (!parsed.ok) return failure(parsed.fieldErrors as FieldErrors);
  try {
    await revertRender(db, admin.renderMedia, {
      shop: admin.shop,
      renderId: parsed.data.renderId,
      reviewer: admin.staff,
    });
  } catch (error) {
    return failure({}, decisionFailure(error));
  }
  return { ok: true, message: messageKey("history:done.reverted") };
}

/** A render that ended without an image on the product can be tried again; one in progress or published cannot. */
export const RETRYABLE_STATES: readonly string[] = ["failed", "rejected", "cancelled"];
