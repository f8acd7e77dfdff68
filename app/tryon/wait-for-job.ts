/** Waiting for a job to finish by polling its status (spec part 8: every 3 seconds). */
import type { TryOnConnection } from "./connection";
import { TryOnRateLimitedError, TryOnUnavailableError } from "./errors";
import type { GetJobStatus, TryOnJobStatus } from "./job-status";

export interface WaitOptions {
  signal?: AbortSignal;
  /** Spec part 8: every 3 seconds. */
  intervalMs?: number;
  /** Returns the last (running) status when this has passed; default 10 minutes. */
  maxWaitMs?: number;
}

/** waitForTryOnJob for this connection, polling with `getJobStatus`. */
export function makeJobWaiter(connection: TryOnConnection, getJobStatus: GetJobStatus) {
  const { now, sleep } = connection;

  return async function waitForTryOnJob(jobId: string, wait: WaitOptions = {}): Promise<TryOnJobStatus> {
    const intervalMs = wait.intervalMs ?? 3_000;
    const deadline = now() + (wait.maxWaitMs ?? 10 * 60_000);
    let last: TryOnJobStatus | undefined;
    for (;;) {
      let pauseMs = intervalMs;
      try {
        last = await getJobStatus(jobId, wait.signal ? { signal: wait.signal } : undefined);
        if (last.status !== "running") return last;
      } catch (error) {
        // Transient read failures do not end the wait; anything else (auth, unknown job) does.
        if (!(error instanceof TryOnUnavailableError || error instanceof TryOnRateLimitedError)) throw error;
        pauseMs = Math.max(intervalMs, error.retryAfterMs ?? 0);
      }
      if (now() + pauseMs > deadline) {
        if (last) return last;
        return { jobId, status: "running", rawStatus: "unknown" };
      }
      await sleep(pauseMs, wait.signal);
    }
  };
}
