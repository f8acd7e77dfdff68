import type { Resolution } from "./wire";

/**
 * Credits one apparel try-on job costs, by resolution (spec, parts 1 and 8). The one table used by estimates, the
 * credits ledger and the simulator: change it here and everything follows.
 */
export const TRYON_CREDIT_COST = { "2K": 5, "4K": 6 } as const satisfies Record<Resolution, number>;

export function creditsForJob(resolution: Resolution): number {
  return TRYON_CREDIT_COST[resolution];
}

/** Credits a batch of jobs would cost if every one of them were charged. */
export function estimateCredits(jobs: ReadonlyArray<{ resolution: Resolution }>): number {
  return jobs.reduce((total, job) => total + creditsForJob(job.resolution), 0);
}
