import type { Render } from "@prisma/client";
import { markSubmitUnknown, recordSubmitted, releaseUnchargedSubmit } from "../../renders/render-store.server";
import {
  TryOnError,
  TryOnInvalidRequestError,
  TryOnRateLimitedError,
  tryOnJobInputSchema,
  type TryOnJobInput,
} from "../../tryon";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";
import { firstPollDelayMs } from "./poll-schedule";

/** Words for staff when a shop's work is paused by the service. */
const PAUSE_MESSAGES = {
  auth: "The try-on service refused the API key. Check the key in Settings; renders will continue once it works.",
  out_of_credits: "The try-on service account has run out of credits. Add credits, then resume from the home page.",
  missing_key: "Add the try-on service API key in Settings to start rendering.",
} as const;

async function pauseShop(ctx: TickContext, shop: string, reason: keyof typeof PAUSE_MESSAGES, detail?: string) {
  const message = detail ? `${PAUSE_MESSAGES[reason]} (${detail})` : PAUSE_MESSAGES[reason];
  await ctx.db.shopSettings.upsert({
    where: { shop },
    create: { shop, pausedReason: reason, pausedMessage: message, pausedAt: ctx.now() },
    update: { pausedReason: reason, pausedMessage: message, pausedAt: ctx.now() },
  });
}

/**
 * Sends one claimed render to the try-on service. The claim already moved it to `submitting` and reserved its
 * credits; this sends the request once and records what came back. A render is never sent twice: every
 * error either proves nothing was charged (back to the queue, credits released) or leaves it `submit_unknown`.
 */
export async function submitRender(ctx: TickContext, render: Render): Promise<void> {
  const held = { id: render.id, state: render.state, leaseToken: render.leaseToken };
  const runtime = ctx.runtimes.get(render.shop);
  const retryAt = (ms: number) => ({ nextAttemptAt: later(ctx, ms), errorCode: null, errorMessage: null });

  if (!runtime?.tryOn || !runtime.keyHash) {
    await pauseShop(ctx, render.shop, "missing_key");
    await releaseUnchargedSubmit(ctx.db, held, "queued", retryAt(ctx.config.retryBaseMs));
    return;
  }
  if (ctx.tickGates.isPaused(runtime.keyHash, ctx.now().getTime())) {
    await releaseUnchargedSubmit(ctx.db, held, "queued", retryAt(ctx.config.retryBaseMs));
    return;
  }

  const parsed = tryOnJobInputSchema.safeParse(render.params);
  if (!parsed.success) {
    await releaseUnchargedSubmit(ctx.db, held, "failed", {
      nextAttemptAt: null,
      errorCode: "invalid_parameters",
      errorMessage: `This render's options are not valid: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`,
      finishedAt: ctx.now(),
    });
    return;
  }

  let input: TryOnJobInput = parsed.data;
  try {
    // Image sizes and formats, enums and catalog ids, checked before any credit is spent.
    const check = await runtime.tryOn.checkTryOnInput(input, { signal: ctx.signal });
    if (!check.ok) {
      await releaseUnchargedSubmit(ctx.db, held, "failed", {
        nextAttemptAt: null,
        errorCode: "input_rejected_before_submit",
        errorMessage: check.problems.map((problem) => problem.message).join(" "),
        finishedAt: ctx.now(),
      });
      return;
    }
    input = check.input;
  } catch (error) {
    // Nothing was sent to the submit endpoint: the check itself failed (catalog or image host unreachable).
    await handleUnsentFailure(ctx, held, render, runtime.keyHash, error);
    return;
  }

  const submittedAt = ctx.now();
  let jobId: string;
  let status: string;
  try {
    const job = await runtime.tryOn.submitTryOnJob(input);
    jobId = job.jobId;
    status = job.rawStatus;
  } catch (error) {
    if (error instanceof TryOnError && !error.mayHaveBeenCharged) {
      await handleUnsentFailure(ctx, held, render, runtime.keyHash, error);
    } else {
      // Timeout after sending, reset, 5xx, unreadable answer, or a bug: the job may exist and be charged.
      await markSubmitUnknown(
        ctx.db,
        held,
        `The try-on service did not confirm this render (${describeError(error)}). It may have started and been charged, so it was not sent again. Check the service's dashboard, then mark it as started or as not charged.`,
      );
      ctx.logger.warn("submit outcome unknown", { renderId: render.id, shop: render.shop });
    }
    return;
  }

  ctx.tickGates.recordSuccess(runtime.keyHash);
  const firstPollAt = later(ctx, firstPollDelayMs(ctx, runtime.settings?.durationSamplesMs ?? []));
  if (!(await recordSubmitted(ctx.db, held, { jobId, status, submittedAt, firstPollAt }))) {
    // Only a person cancelling mid-submit gets here; the job id must not be lost, so it is kept on the row.
    await ctx.db.render.updateMany({ where: { id: render.id, externalJobId: null }, data: { externalJobId: jobId } });
    ctx.logger.error("submitted job recorded after losing the lease", { renderId: render.id, jobId });
  }
}

/** A failure that proves nothing was charged: decide between retry later, pause the shop, or fail. */
async function handleUnsentFailure(
  ctx: TickContext,
  held: { id: string; state: Render["state"]; leaseToken: number },
  render: Render,
  keyHash: string,
  error: unknown,
): Promise<void> {
  const failed = (code: string, message: string) =>
    releaseUnchargedSubmit(ctx.db, held, "failed", {
      nextAttemptAt: null,
      errorCode: code,
      errorMessage: message,
      finishedAt: ctx.now(),
    });
  const requeue = (ms: number, code: string | null, message: string | null) =>
    releaseUnchargedSubmit(ctx.db, held, "queued", { nextAttemptAt: later(ctx, ms), errorCode: code, errorMessage: message });

  if (error instanceof TryOnInvalidRequestError) {
    await failed("invalid_parameters", `This render's options are not valid: ${error.problems.join("; ")}`);
    return;
  }
  if (!(error instanceof TryOnError)) {
    await requeue(backoffMs(ctx, render.attempts), "check_failed", describeError(error));
    return;
  }
  switch (error.kind) {
    case "rate_limited": {
      const waitMs = (error instanceof TryOnRateLimitedError && error.retryAfterMs) || backoffMs(ctx, render.attempts);
      const until = later(ctx, waitMs);
      if (ctx.tickGates.pause(keyHash, until.getTime())) await ctx.gates.pauseUntil(keyHash, until);
      await requeue(waitMs, null, null);
      return;
    }
    case "auth":
    case "out_of_credits":
      await pauseShop(ctx, render.shop, error.kind, error.serviceMessage);
      await requeue(ctx.config.retryBaseMs, error.kind, describeError(error));
      return;
    case "rejected_input":
      await failed(
        "rejected_by_service",
        `The try-on service refused this render: ${error.serviceMessage ?? error.message}. No credits were charged.`,
      );
      return;
    default:
      ctx.tickGates.recordFailure(keyHash);
      await requeue(backoffMs(ctx, render.attempts), error.kind, describeError(error));
  }
}
