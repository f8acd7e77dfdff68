import { RESOLUTIONS, type Resolution } from "./wire";

/**
 * Credits one apparel try-on job costs, by resolution (spec, parts 1 and 8). The one table used by estimates, the
 * credits ledger and the simulator: change it here and everything follows.
 */
export const TRYON_CREDIT_COST = { "2K": 5, "4K": 6 } as const satisfies Record<Resolution, number>;

/**
 * The cost of one job: every credit figure the app shows or records comes from here. A resolution that is not one
 * (a form still being filled in) is priced as 2K, the cheapest, until it is.
 */
export function creditsForJob(resolution: string | undefined): number {
  return TRYON_CREDIT_COST[
    (RESOLUTIONS as readonly string[]).includes(resolution ?? "") ? (resolution as Resolution) : "2K"
  ];
}

/** Credits a batch of jobs would cost if every one of them were charged. */
export function estimateCredits(jobs: ReadonlyArray<{ resolution: Resolution }>): number {
  return jobs.reduce((total, job) => total + creditsForJob(job.resolution), 0);
}
