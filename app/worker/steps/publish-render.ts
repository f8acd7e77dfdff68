import type { Render } from "@prisma/client";
import { variantsToPublishOn } from "~/renders/colour-variants/colour-variants";
import { publishOptionsSchema, targetMediaIndex } from "~/renders/review/publish-options";
import { MediaChangeRefused, type RenderMedia } from "~/renders/review/media-port";
import { renewLease, transitionHeldRender, type HeldRender } from "~/renders/lifecycle/render-store.server";
import { messageKey } from "~/lib/staff-message";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";

/**
 * Makes an approved render product media. It reads the product's media first, so running it twice (a crash
 * between attaching and recording) attaches once. A product deleted meanwhile cancels the publish and
 * removes the file. Shopify's refusals (userErrors) are final: the render goes back to review with Shopify's
 * words for staff; other failures are retried with back-off, at most `publishMaxAttempts` times.
 */
export async function publishRender(ctx: TickContext, render: Render): Promise<void> {
  const held = { id: render.id, state: render.state, leaseToken: render.leaseToken };
  if (!render.fileId) {
    await transitionHeldRender(ctx.db, held, "in_review", {
      nextAttemptAt: null,
      errorMessage: messageKey("messages:render.fileMissing"),
    });
    return;
  }
  const fileId = render.fileId;
  const options = publishOptionsSchema.parse(render.publishOptions ?? {});
  let media: RenderMedia | undefined;
  try {
    media = await ctx.renderMediaFor(render.shop);
    const product = await media.productMedia(render.productId);
    if (!product.exists) {
      await media.deleteFile(fileId).catch(() => undefined);
      await transitionHeldRender(ctx.db, held, "cancelled", {
        nextAttemptAt: null,
        errorCode: "product_deleted",
        errorMessage: messageKey("messages:render.productDeleted"),
        finishedAt: ctx.now(),
      });
      return;
    }
    if (!(await renewLease(ctx.db, held, ctx.config.workLeaseMs))) return;
    if (!product.mediaIds.includes(fileId)) await media.attachToProduct(fileId, render.productId, options.alt);
    const variantIds = variantsToPublishOn(render.variantColour, options.variantIds);
    if (variantIds.length > 0) await media.setVariantImage(render.productId, fileId, variantIds);
    // The place staff chose, within the images the product has once this one is attached.
    const wanted = targetMediaIndex(options);
    const attachedBefore = product.mediaIds.includes(fileId);
    const count = attachedBefore ? product.mediaIds.length : product.mediaIds.length + 1;
    const index = wanted === null ? null : Math.min(wanted, count - 1);
    const current = attachedBefore ? product.mediaIds.indexOf(fileId) : count - 1;
    if (index !== null && current !== index) await media.moveToPosition(render.productId, fileId, index);
    await transitionHeldRender(ctx.db, held, "published", {
      publishedAt: ctx.now(),
      finishedAt: ctx.now(),
      nextAttemptAt: null,
      errorCode: null,
      errorMessage: null,
    });
  } catch (error) {
    const attempt = render.attempts + 1;
    if (error instanceof MediaChangeRefused) {
      await backToReview(ctx, held, { media, fileId, productId: render.productId }, attempt, {
        errorCode: "publish_refused",
        errorMessage: messageKey("messages:render.publishRefused", {
          action: error.action,
          reasons: error.reasons.join("; "),
        }),
      });
    } else if (attempt >= ctx.config.publishMaxAttempts) {
      await backToReview(ctx, held, { media, fileId, productId: render.productId }, attempt, {
        errorCode: "publish_failed",
        errorMessage: messageKey("messages:render.publishGaveUp", { count: attempt, detail: describeError(error) }),
      });
    } else {
      await transitionHeldRender(ctx.db, held, "publishing", {
        attempts: attempt,
        nextAttemptAt: later(ctx, backoffMs(ctx, attempt)),
        errorCode: "publish_failed",
        errorMessage: messageKey("messages:render.publishRetrying", { detail: describeError(error) }),
      });
    }
  }
}

/**
 * A publish that will not go through returns to review, where staff see why. In review means "not on the
 * product", so an image already attached by this or an earlier attempt is taken off again (best effort: a
 * failure here leaves it attached, and approving again simply finishes the job).
 */
async function backToReview(
  ctx: TickContext,
  held: HeldRender,
  target: { media: RenderMedia | undefined; fileId: string; productId: string },
  attempts: number,
  note: { errorCode: string; errorMessage: string },
): Promise<void> {
  if (target.media && (await renewLease(ctx.db, held, ctx.config.workLeaseMs)))
    await target.media.detachFromProduct(target.fileId, target.productId).catch(() => undefined);
  await transitionHeldRender(ctx.db, held, "in_review", { attempts, nextAttemptAt: null, ...note });
}
