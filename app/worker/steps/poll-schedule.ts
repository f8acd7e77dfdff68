import type { WorkerConfig } from "../worker-config";

/**
 * A shop's history of render durations, as stored in `ShopSettings.durationSamplesMs`. What a poll learns about a
 * duration depends on whether the job had already been seen running:
 * - seen running, then found done: it finished within one poll interval before it was found (stored positive);
 * - done at its first poll: it finished at some unknown time before (stored negative, as an upper bound).
 * Storing the second kind as a plain duration made the learned first poll creep later and later: every render
 * it caught already done recorded the first-poll time itself, so the low percentile could only move up.
 */
export function durationSample(observedMs: number, doneAtFirstPoll: boolean): number {
  const ms = Math.max(1, Math.round(observedMs));
  return doneAtFirstPoll ? -ms : ms;
}

/** The share of renders a shop's first poll may find already done (their added latency can exceed a poll interval). */
export const FIRST_POLL_QUANTILE = 0.05;

/**
 * When to poll a job for the first time. Polling from second zero wastes requests: a render takes 1.5 to 4
 * minutes. Until a shop has history, wait `firstPollDefaultMs`; after that, aim at the shop's 5th percentile of
 * durations, so most jobs are first polled shortly before they complete and few are found long done.
 */
export function firstPollDelayMs(
  ctx: { config: Pick<WorkerConfig, "firstPollDefaultMs" | "pollIntervalMs" | "pollJitterMs">; random(): number },
  durationSamplesMs: readonly number[],
): number {
  const jitter = Math.round(ctx.random() * ctx.config.pollJitterMs);
  if (durationSamplesMs.length < 5) return ctx.config.firstPollDefaultMs + jitter;
  const sorted = durationSamplesMs
    .map((sample) => ({ ms: Math.abs(sample), doneAtFirstPoll: sample < 0 }))
    .sort((a, b) => a.ms - b.ms);
  const rank = Math.max(0, Math.floor(sorted.length * FIRST_POLL_QUANTILE) - 1);
  const pick = sorted[rank];
  if (!pick) return ctx.config.firstPollDefaultMs + jitter;
  // A render seen running finished on average half an interval before it was found. When the percentile falls
  // on a render found already done, the first poll is too late by an unknown amount: step a whole interval back.
  const estimate = pick.doneAtFirstPoll ? pick.ms - ctx.config.pollIntervalMs : pick.ms - ctx.config.pollIntervalMs / 2;
  return Math.max(ctx.config.pollIntervalMs, Math.round(estimate)) + jitter;
}

/** Every later poll: the spec's interval, never faster, plus jitter so jobs do not poll in lockstep. */
export function nextPollDelayMs(ctx: {
  config: Pick<WorkerConfig, "pollIntervalMs" | "pollJitterMs">;
  random(): number;
}): number {
  return ctx.config.pollIntervalMs + Math.round(ctx.random() * ctx.config.pollJitterMs);
}
