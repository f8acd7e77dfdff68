/**
 * The baselines of benchmark 1, deliberately outside the app: a fixed 3-second poller, as the spec's example and
 * the client's own `waitForTryOnJob` do it (poll at submit, then every 3 s until a final status), and the same
 * poller with its first poll delayed (benchmark 1 delays it by the app's own default first poll, 60 s, the fairer
 * comparison: it knows as little about durations as the app does for a shop without history). It runs on a
 * simulated clock with perfect timers, so it gets no tick or scheduling delay at all: the most favourable
 * version of the naive approach.
 */
import type { TryOnClient } from "~/tryon";
import { eachLimited } from "./lib/stats";

export interface NaivePollerResult {
  /** Status requests sent, per job id. */
  requests: Map<string, number>;
  /** Simulated time at which each job was seen completed or failed. */
  detectedAt: Map<string, number>;
}

export async function runNaivePoller(input: {
  client: Pick<TryOnClient, "getJobStatus">;
  clock: { now: number };
  /** Job ids and the simulated time each was submitted. */
  jobs: Array<{ jobId: string; submittedAt: number }>;
  intervalMs?: number;
  /** The first poll this long after submit; 0 (the default) polls at submit time, "from second zero". */
  firstPollAfterMs?: number;
  /** HTTP requests in flight at once while polling the jobs due at one instant. */
  concurrency?: number;
}): Promise<NaivePollerResult> {
  const intervalMs = input.intervalMs ?? 3_000;
  const firstPollAfterMs = input.firstPollAfterMs ?? 0;
  const requests = new Map<string, number>();
  const detectedAt = new Map<string, number>();
  let pending = input.jobs.map((job) => ({ jobId: job.jobId, nextPollAt: job.submittedAt + firstPollAfterMs }));
  while (pending.length > 0) {
    const now = Math.min(...pending.map((job) => job.nextPollAt));
    input.clock.now = now;
    const due = pending.filter((job) => job.nextPollAt === now);
    await eachLimited(due, input.concurrency ?? 32, async (job) => {
      requests.set(job.jobId, (requests.get(job.jobId) ?? 0) + 1);
      const status = await input.client.getJobStatus(job.jobId);
      if (status.status === "running") job.nextPollAt = now + intervalMs;
      else detectedAt.set(job.jobId, now);
    });
    pending = pending.filter((job) => !detectedAt.has(job.jobId));
  }
  return { requests, detectedAt };
}
