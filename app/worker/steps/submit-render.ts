import type { Render } from "@prisma/client";
import { sourceImagesSchema } from "~/looks/render-options";
import { servicePhotoUrl } from "~/catalog/photo-rule";
import {
  commitSubmitIntent,
  isUniqueViolation,
  markSubmitUnknown,
  recordSubmitted,
  releaseUnchargedSubmit,
  transitionHeldRender,
  type HeldRender,
} from "~/renders/lifecycle/render-store.server";
import { pauseShop } from "~/shops/pause.server";
import {
  TryOnError,
  TryOnInvalidRequestError,
  TryOnRateLimitedError,
  tryOnJobInputSchema,
  type TryOnJobInput,
} from "~/tryon";
import { messageKey } from "~/lib/staff-message";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";
import { firstPollDelayMs } from "./poll-schedule";

/** What happens to a render when nothing was sent or charged. */
type Settle =
  | { to: "queued"; afterMs: number; errorCode?: string | null; errorMessage?: string | null }
  | { to: "failed"; errorCode: string; errorMessage: string };

/**
 * Sends one claimed render to the try-on service, at most once:
 * 1. checks (images, enums, catalog ids) while the render is still `queued` under this worker's lease: a crash
 *    here sent nothing, and the render is simply claimed again;
 * 2. commits the intent (`submitting`, credits reserved) in one statement;
 * 3. sends the request once and records the job id the moment it returns.
 * Every error after step 2 either proves nothing was charged (back to the queue, credits released) or leaves
 * the render `submit_unknown` for a person.
 */
export async function submitRender(ctx: TickContext, render: Render): Promise<void> {
  const claimed: HeldRender = { id: render.id, state: render.state, leaseToken: render.leaseToken };
  const runtime = ctx.runtimes.get(render.shop);
  const settleClaimed = (settle: Settle) =>
    settle.to === "queued"
      ? transitionHeldRender(ctx.db, claimed, "queued", {
          nextAttemptAt: later(ctx, settle.afterMs),
          errorCode: settle.errorCode ?? null,
          errorMessage: settle.errorMessage ?? null,
        })
      : transitionHeldRender(ctx.db, claimed, "failed", {
          nextAttemptAt: null,
          errorCode: settle.errorCode,
          errorMessage: settle.errorMessage,
          finishedAt: ctx.now(),
        });

  if (!runtime?.tryOn || !runtime.keyHash) {
    const reason = runtime?.keyUnreadable ? "key_unreadable" : "missing_key";
    await pauseShop(ctx.db, { shop: render.shop, reason, at: ctx.now() });
    await settleClaimed({ to: "queued", afterMs: ctx.config.retryBaseMs });
    return;
  }
  if (!(await ctx.tickGates.mayCall(runtime.keyHash, ctx.now().getTime())) || ctx.signal.aborted) {
    await settleClaimed({ to: "queued", afterMs: ctx.config.retryBaseMs });
    return;
  }

  const parsed = tryOnJobInputSchema.safeParse(render.params);
  if (!parsed.success) {
    await settleClaimed({
      to: "failed",
      errorCode: "invalid_parameters",
      errorMessage: messageKey("messages:render.invalidOptions", {
        problems: parsed.error.issues.map((issue) => issue.message).join("; "),
      }),
    });
    return;
  }

  let input: TryOnJobInput = parsed.data;
  try {
    // Image sizes and formats, enums and catalog ids, checked before any credit is spent. A Shopify photo the
    // service would refuse (too large, GIF...) is swapped for a JPEG rendition from Shopify's CDN.
    const check = await runtime.tryOn.checkTryOnInput(input, {
      signal: ctx.signal,
      requestTransformedUrl: (url) => shopifyRendition(ctx, render, url),
    });
    if (!check.ok) {
      await settleClaimed({
        to: "failed",
        errorCode: "input_rejected_before_submit",
        errorMessage: inputRejectedMessage(check.problems.map((problem) => problem.message)),
      });
      return;
    }
    input = check.input;
  } catch (error) {
    await settleClaimed(await settleUnsent(ctx, render, runtime.keyHash, error));
    return;
  }

  // The input check took a while (catalog, image checks): another worker may have paused the key meanwhile.
  if (!(await ctx.tickGates.mayCall(runtime.keyHash, ctx.now().getTime())) || ctx.signal.aborted) {
    await settleClaimed({ to: "queued", afterMs: ctx.config.retryBaseMs });
    return;
  }
  const submittedAt = ctx.now();
  if (!(await commitSubmitIntent(ctx.db, claimed, submittedAt, ctx.config.submitLeaseMs))) return;
  const held: HeldRender = { ...claimed, state: "submitting" };

  let job: { jobId: string; rawStatus: string };
  try {
    job = await runtime.tryOn.submitTryOnJob(input);
  } catch (error) {
    if (error instanceof TryOnError && !error.mayHaveBeenCharged) {
      const settle = await settleUnsent(ctx, render, runtime.keyHash, error);
      await releaseUnchargedSubmit(ctx.db, held, settle.to, {
        nextAttemptAt: settle.to === "queued" ? later(ctx, settle.afterMs) : null,
        errorCode: settle.errorCode ?? null,
        errorMessage: settle.errorMessage ?? null,
        finishedAt: settle.to === "failed" ? ctx.now() : null,
      });
    } else {
      // Timeout after sending, reset, 5xx, unreadable answer, or a bug: the job may exist and be charged.
      await markSubmitUnknown(
        ctx.db,
        held,
        messageKey("messages:render.unconfirmed", { detail: describeError(error) }),
      );
      ctx.logger.warn("submit outcome unknown", { renderId: render.id, shop: render.shop });
    }
    return;
  }

  ctx.tickGates.recordSuccess(runtime.keyHash);
  const firstPollAt = later(ctx, firstPollDelayMs(ctx, runtime.settings?.durationSamplesMs ?? []));
  let recorded: boolean;
  try {
    recorded = await recordSubmitted(ctx.db, held, {
      jobId: job.jobId,
      status: job.rawStatus,
      submittedAt,
      firstPollAt,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await refuseDuplicateJobId(ctx, held, job.jobId);
    return;
  }
  if (!recorded) {
    // Only a person acting mid-submit gets here; the job id must not be lost, so it is kept on the row.
    await ctx.db.render
      .updateMany({ where: { id: render.id, externalJobId: null }, data: { externalJobId: job.jobId } })
      .catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
    ctx.logger.error("submitted job recorded after losing the lease", { renderId: render.id, jobId: job.jobId });
  }
}

/**
 * The service answered with a job id another render of the shop already has. Following it would import that
 * job's image twice and count its credits twice, so this render fails and its reserved credits are released:
 * the service created (and charged) one job, which the other render already counts.
 */
async function refuseDuplicateJobId(ctx: TickContext, held: HeldRender, jobId: string): Promise<void> {
  await releaseUnchargedSubmit(ctx.db, held, "failed", {
    nextAttemptAt: null,
    errorCode: "duplicate_job_id",
    errorMessage: messageKey("messages:render.duplicateJob", { jobId }),
    finishedAt: ctx.now(),
  });
  ctx.logger.error("the try-on service returned a job id already recorded", { renderId: held.id, jobId });
}

/** Asks Shopify's CDN for a JPEG rendition of one of the render's source photos. */
async function shopifyRendition(ctx: TickContext, render: Render, url: string): Promise<string> {
  const images = sourceImagesSchema.parse(render.sourceImages);
  // mediaIds lists the front images' ids, then the back image's.
  const urls = [...images.front, ...(images.back ? [images.back] : [])];
  // The input carries the renditions the photo rule made (catalog/photo-rule.ts); older renders the originals.
  const sent = urls.map((original) => servicePhotoUrl(original, render.resolution));
  const index = sent.includes(url) ? sent.indexOf(url) : urls.indexOf(url);
  const mediaId = images.mediaIds[index];
  if (!mediaId) throw new Error(messageKey("messages:photo.notShopifyImage"));
  const rendition = await (await ctx.renderMediaFor(render.shop)).imageRenditionUrl(mediaId);
  if (!rendition) throw new Error(messageKey("messages:photo.shopifyPhotoGone"));
  return rendition;
}

/** A failure that proves nothing was charged: decide between retry later, pause the shop, or fail. */
async function settleUnsent(ctx: TickContext, render: Render, keyHash: string, error: unknown): Promise<Settle> {
  if (error instanceof TryOnInvalidRequestError) {
    return {
      to: "failed",
      errorCode: "invalid_parameters",
      errorMessage: messageKey("messages:render.invalidOptions", { problems: error.problems.join("; ") }),
    };
  }
  if (!(error instanceof TryOnError)) {
    return {
      to: "queued",
      afterMs: backoffMs(ctx, render.attempts),
      errorCode: "check_failed",
      errorMessage: messageKey("messages:render.sendFailed", { detail: describeError(error) }),
    };
  }
  switch (error.kind) {
    case "rate_limited": {
      const waitMs = (error instanceof TryOnRateLimitedError && error.retryAfterMs) || backoffMs(ctx, render.attempts);
      const until = later(ctx, waitMs);
      // Written once per key and tick: every worker then leaves this key alone until Retry-After has passed.
      if (ctx.tickGates.pause(keyHash, until.getTime())) await ctx.gates.pauseUntil(keyHash, until);
      return { to: "queued", afterMs: waitMs };
    }
    case "auth":
    case "out_of_credits":
      await pauseShop(ctx.db, { shop: render.shop, reason: error.kind, at: ctx.now(), detail: error.serviceMessage });
      return {
        to: "queued",
        afterMs: ctx.config.retryBaseMs,
        errorCode: error.kind,
        errorMessage: messageKey("messages:render.sendFailed", { detail: describeError(error) }),
      };
    case "rejected_input":
      return {
        to: "failed",
        errorCode: "rejected_by_service",
        errorMessage: messageKey("messages:render.refusedByService", { detail: error.serviceMessage ?? error.message }),
      };
    default:
      ctx.tickGates.recordFailure(keyHash);
      return {
        to: "queued",
        afterMs: backoffMs(ctx, render.attempts),
        errorCode: error.kind,
        errorMessage: messageKey("messages:render.sendFailed", { detail: describeError(error) }),
      };
  }
}

/** The first problem in words (each is a message key), and how many more there were. */
function inputRejectedMessage(problems: string[]): string {
  const [first = "", ...others] = problems;
  return others.length === 0
    ? messageKey("messages:render.inputRejected", { problems: first })
    : messageKey("messages:render.inputRejectedAndMore", { problems: first, count: others.length });
}
