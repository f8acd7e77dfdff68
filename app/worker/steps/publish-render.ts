import type { Render } from "@prisma/client";
import { publishOptionsSchema } from "../../renders/publish-options";
import { renewLease, transitionHeldRender } from "../../renders/render-store.server";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";

/**
 * Makes an approved render product media. It reads the product's media first, so running it twice (a crash
 * between attaching and recording) attaches once. A product deleted meanwhile cancels the publish and
 * removes the file.
 */
export async function publishRender(ctx: TickContext, render: Render): Promise<void> {
  const held = { id: render.id, state: render.state, leaseToken: render.leaseToken };
  if (!render.fileId) {
    await transitionHeldRender(ctx.db, held, "in_review", {
      nextAttemptAt: null,
      errorMessage: "The image file is missing; approve again.",
    });
    return;
  }
  const options = publishOptionsSchema.parse(render.publishOptions ?? {});
  try {
    const media = await ctx.renderMediaFor(render.shop);
    const product = await media.productMedia(render.productId);
    if (!product.exists) {
      await media.deleteFile(render.fileId).catch(() => undefined);
      await transitionHeldRender(ctx.db, held, "cancelled", {
        nextAttemptAt: null,
        errorCode: "product_deleted",
        errorMessage: "The product was deleted before the render could be added to it.",
        finishedAt: ctx.now(),
      });
      return;
    }
    if (!(await renewLease(ctx.db, held, ctx.config.workLeaseMs))) return;
    if (!product.mediaIds.includes(render.fileId)) await media.attachToProduct(render.fileId, render.productId);
    if (options.variantIds.length > 0)
      await media.appendToVariants(render.productId, render.fileId, options.variantIds);
    if (options.makeFirst && product.mediaIds[0] !== render.fileId)
      await media.moveToFirst(render.productId, render.fileId);
    await transitionHeldRender(ctx.db, held, "published", {
      publishedAt: ctx.now(),
      finishedAt: ctx.now(),
      nextAttemptAt: null,
      errorCode: null,
      errorMessage: null,
    });
  } catch (error) {
    const attempt = render.attempts + 1;
    await transitionHeldRender(ctx.db, held, "publishing", {
      attempts: attempt,
      nextAttemptAt: later(ctx, backoffMs(ctx, attempt)),
      errorCode: "publish_failed",
      errorMessage: `Adding the image to the product failed: ${describeError(error)}. Retrying.`,
    });
  }
}
