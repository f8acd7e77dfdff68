import type { WorkerConfig } from "../worker-config";

/**
 * When to poll a job for the first time. Polling from second zero wastes requests: a render takes 1.5 to 4
 * minutes. Until a shop has history, wait `firstPollDefaultMs`; after that, wait until the fastest tenth of its
 * recent renders had finished, so most jobs are first polled shortly before they complete.
 */
export function firstPollDelayMs(
  ctx: { config: Pick<WorkerConfig, "firstPollDefaultMs" | "pollIntervalMs" | "pollJitterMs">; random(): number },
  durationSamplesMs: readonly number[],
): number {
  const jitter = Math.round(ctx.random() * ctx.config.pollJitterMs);
  if (durationSamplesMs.length < 5) return ctx.config.firstPollDefaultMs + jitter;
  const sorted = [...durationSamplesMs].sort((a, b) => a - b);
  const tenth = sorted[Math.floor((sorted.length - 1) * 0.1)] ?? ctx.config.firstPollDefaultMs;
  return Math.max(ctx.config.pollIntervalMs, tenth) + jitter;
}

/** Every later poll: the spec's interval, never faster, plus jitter so jobs do not poll in lockstep. */
export function nextPollDelayMs(
  ctx: { config: Pick<WorkerConfig, "pollIntervalMs" | "pollJitterMs">; random(): number },
): number {
  return ctx.config.pollIntervalMs + Math.round(ctx.random() * ctx.config.pollJitterMs);
}

/** Appends new samples and keeps the newest `keep`. */
export function appendDurationSamples(existing: readonly number[], added: readonly number[], keep: number): number[] {
  return [...existing, ...added].slice(-keep);
}
