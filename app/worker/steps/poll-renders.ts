import type { Render } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import pLimit from "p-limit";
import { TryOnError, TryOnRateLimitedError, TryOnUnavailableError, type TryOnJobStatus } from "~/tryon";
import { recordPollResults, type PollOutcome } from "../sql/record-poll-results";
import { backoffMs, describeError, later, type TickContext } from "../tick-context";
import { durationSample, nextPollDelayMs } from "./poll-schedule";

/**
 * Polls every claimed `running`/`stalled` render once and writes all their outcomes in one statement (plus one
 * for the shops' duration samples), so a tick's database cost does not grow with the number of jobs in flight.
 */
export async function pollRenders(ctx: TickContext, renders: Render[]): Promise<void> {
  if (renders.length === 0) return;
  const outcomes: PollOutcome[] = [];
  const durations = new Map<string, number[]>();

  const failed: Render[] = [];

  await pLimit(ctx.config.httpConcurrency).map(renders, async (render) => {
    const outcome = giveUpWhenOverdue(ctx, render, await pollOne(ctx, render, () => failed.push(render)));
    outcomes.push(outcome);
    if (outcome.state === "rendered" && render.submittedAt) {
      const list = durations.get(render.shop) ?? [];
      list.push(durationSample(ctx.now().getTime() - render.submittedAt.getTime(), render.pollCount === 0));
      durations.set(render.shop, list);
    }
  });

  await countPollFailures(ctx, failed);
  await recordPollResults(ctx.db, outcomes, ctx.now());
  await recordDurationSamples(ctx, durations);
  await updateCircuits(ctx);
}

function base(render: Render): Omit<PollOutcome, "state" | "nextAttemptAt"> {
  return {
    id: render.id,
    leaseToken: render.leaseToken,
    expected: render.state,
    serviceStatus: null,
    outputUrl: null,
    errorCode: null,
    errorMessage: null,
    refund: 0,
    renderedAt: null,
    finishedAt: null,
  };
}

/**
 * Adds this tick's failed status checks to each render's `attempts`, in one statement, while the leases are
 * still held (fenced by each lease token): pollMaxFailures reads it on the next failure.
 */
async function countPollFailures(ctx: TickContext, failed: Render[]): Promise<void> {
  if (failed.length === 0) return;
  await ctx.db.render.updateMany({
    where: { OR: failed.map((render) => ({ id: render.id, leaseToken: render.leaseToken, state: render.state })) },
    data: { attempts: { increment: 1 } },
  });
}

async function pollOne(ctx: TickContext, render: Render, countFailure: () => void): Promise<PollOutcome> {
  const runtime = ctx.runtimes.get(render.shop);
  const keepState = (ms: number, changes: Partial<PollOutcome> = {}): PollOutcome => ({
    ...base(render),
    state: render.state,
    nextAttemptAt: later(ctx, ms),
    ...changes,
  });
  if (!runtime?.tryOn || !runtime.keyHash || !render.externalJobId) {
    return keepState(ctx.config.stalledPollIntervalMs, {
      errorCode: "cannot_poll",
      errorMessage: messageKey("messages:render.keyMissing"),
    });
  }
  if (!(await ctx.tickGates.mayCall(runtime.keyHash, ctx.now().getTime())) || ctx.signal.aborted) {
    return keepState(nextPollDelayMs(ctx));
  }

  let status: TryOnJobStatus;
  try {
    status = await runtime.tryOn.getJobStatus(render.externalJobId, { signal: ctx.signal });
  } catch (error) {
    return await pollFailed(ctx, render, runtime.keyHash, error, keepState, countFailure);
  }
  ctx.tickGates.recordSuccess(runtime.keyHash);

  if (status.status === "completed") {
    return {
      ...base(render),
      state: "rendered",
      serviceStatus: status.rawStatus,
      outputUrl: status.outputUrl ?? null,
      renderedAt: ctx.now(),
      // Import at once: the service's result URLs expire.
      nextAttemptAt: ctx.now(),
    };
  }
  if (status.status === "failed") {
    return {
      ...base(render),
      state: "failed",
      serviceStatus: status.rawStatus,
      nextAttemptAt: null,
      errorCode: "failed_by_service",
      errorMessage: status.errorMessage
        ? messageKey("messages:render.failedByService", {
            detail: status.errorMessage.trim().replace(/\.+$/, ""),
            count: render.creditsCharged,
          })
        : messageKey("messages:render.failedByServiceNoDetail", { count: render.creditsCharged }),
      // The service refunds a failed job automatically (spec part 3).
      refund: render.creditsCharged - render.creditsRefunded,
      finishedAt: ctx.now(),
    };
  }
  const runningFor = render.submittedAt ? ctx.now().getTime() - render.submittedAt.getTime() : 0;
  if (render.state === "running" && runningFor > ctx.config.stallAfterMs) {
    return {
      ...base(render),
      state: "stalled",
      serviceStatus: status.rawStatus,
      nextAttemptAt: later(ctx, ctx.config.stalledPollIntervalMs),
      errorCode: "stalled",
      errorMessage: messageKey("messages:render.stalled", { count: Math.round(runningFor / 60_000) }),
    };
  }
  const interval = render.state === "stalled" ? ctx.config.stalledPollIntervalMs : nextPollDelayMs(ctx);
  return keepState(interval, {
    serviceStatus: status.rawStatus,
    errorCode: render.state === "stalled" ? render.errorCode : null,
    errorMessage: render.state === "stalled" ? render.errorMessage : null,
  });
}

/**
 * A stalled render that is still not finished `stalledGiveUpAfterMs` after its submit stops being polled: it
 * becomes `submit_unknown` (ADR 044), which a person settles, which is never resubmitted, and which no longer
 * counts under the shop's concurrency cap. A final answer in the same poll wins.
 */
function giveUpWhenOverdue(ctx: TickContext, render: Render, outcome: PollOutcome): PollOutcome {
  if (render.state !== "stalled" || outcome.state !== "stalled" || !render.submittedAt) return outcome;
  const waitedMs = ctx.now().getTime() - render.submittedAt.getTime();
  if (waitedMs <= ctx.config.stalledGiveUpAfterMs) return outcome;
  const hours = (waitedMs / 3_600_000).toFixed(1);
  return {
    ...outcome,
    state: "submit_unknown",
    nextAttemptAt: null,
    errorCode: "stalled_too_long",
    errorMessage: messageKey("messages:render.overdue", {
      jobId: render.externalJobId ?? "",
      hours,
      credits: render.creditsCharged,
    }),
  };
}

async function pollFailed(
  ctx: TickContext,
  render: Render,
  keyHash: string,
  error: unknown,
  keepState: (ms: number, changes?: Partial<PollOutcome>) => PollOutcome,
  countFailure: () => void,
): Promise<PollOutcome> {
  const note = { errorCode: render.errorCode, errorMessage: render.errorMessage };
  if (error instanceof TryOnRateLimitedError || (error instanceof TryOnUnavailableError && error.retryAfterMs)) {
    const waitMs = error.retryAfterMs ?? backoffMs(ctx, 1);
    const until = later(ctx, waitMs);
    // Written once per key and tick: every worker then leaves this key alone until Retry-After has passed.
    if (ctx.tickGates.pause(keyHash, until.getTime())) await ctx.gates.pauseUntil(keyHash, until);
    return keepState(Math.max(waitMs, ctx.config.pollIntervalMs), note);
  }
  if (error instanceof TryOnError && error.kind === "job_not_found") {
    // Never resubmit: keep checking slowly and let a person look.
    return {
      ...keepState(ctx.config.stalledPollIntervalMs),
      state: "stalled",
      errorCode: "job_not_found",
      errorMessage: messageKey("messages:render.jobNotFound"),
    };
  }
  if (ctx.signal.aborted) return keepState(nextPollDelayMs(ctx), note);
  const failures = ctx.tickGates.recordFailure(keyHash);
  ctx.logger.warn("status poll failed", { renderId: render.id, reason: describeError(error), failures });
  countFailure();
  if (render.state === "running" && render.attempts + 1 >= ctx.config.pollMaxFailures) {
    // Checked often enough: a person looks now, while the app keeps checking slowly (never resubmitting).
    return {
      ...keepState(ctx.config.stalledPollIntervalMs),
      state: "stalled",
      errorCode: "poll_failed",
      errorMessage: messageKey("messages:render.checksFailed", {
        count: render.attempts + 1,
        detail: describeError(error),
      }),
    };
  }
  return keepState(Math.max(backoffMs(ctx, Math.min(failures, 6)), ctx.config.pollIntervalMs), note);
}

async function recordDurationSamples(ctx: TickContext, durations: Map<string, number[]>): Promise<void> {
  if (durations.size === 0) return;
  const shops = [...durations.keys()];
  const added = shops.map((shop) => JSON.stringify(durations.get(shop)));
  // One statement for every shop: append the tick's durations and keep the newest N.
  await ctx.db.$executeRaw`
    INSERT INTO "ShopSettings" (shop, "durationSamplesMs", "updatedAt")
    SELECT v.shop, ARRAY(SELECT jsonb_array_elements_text(v.added::jsonb)::int), now()
    FROM unnest(${shops}::text[], ${added}::text[]) AS v(shop, added)
    ON CONFLICT (shop) DO UPDATE SET
      "durationSamplesMs" = (
        SELECT coalesce(array_agg(x ORDER BY i), '{}') FROM (
          SELECT x, i FROM unnest("ShopSettings"."durationSamplesMs" || EXCLUDED."durationSamplesMs") WITH ORDINALITY AS t(x, i)
          ORDER BY i DESC LIMIT ${ctx.config.durationSamples}
        ) newest
      ),
      "updatedAt" = now()`;
}

/**
 * A key that only failed this tick adds its failures to the count every worker shares; past the threshold its
 * circuit opens and nobody calls the service with it until `circuitOpenMs` has passed. Any success closes it.
 */
async function updateCircuits(ctx: TickContext): Promise<void> {
  for (const keyHash of ctx.tickGates.keysWithFailuresOnly()) {
    const open = await ctx.gates.recordFailures(keyHash, ctx.tickGates.failureCount(keyHash), {
      now: ctx.now(),
      threshold: ctx.config.circuitFailureThreshold,
      openUntil: later(ctx, ctx.config.circuitOpenMs),
    });
    if (open)
      ctx.logger.warn("circuit open for a try-on service key", { failures: ctx.tickGates.failureCount(keyHash) });
  }
  await ctx.gates.closeCircuits([...ctx.tickGates.keysWithSuccess()]);
}
