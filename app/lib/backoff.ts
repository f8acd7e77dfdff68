/**
 * Exponential back-off with jitter, for every retry the app schedules: the try-on client's reads, the Admin API
 * client's 5xx and network retries, and the worker's render steps.
 */

export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The exponential part: the base for the first retry (0), doubling with each one after, up to the cap. */
export function backoffCeilingMs(retry: number, policy: BackoffPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
}

/** "Equal jitter": half the exponential delay is fixed, half random, so retries spread out but never bunch at 0. */
export function backoffDelayMs(retry: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = backoffCeilingMs(retry, policy);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
