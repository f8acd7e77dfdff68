/**
 * Shopify's leaky bucket for GraphQL Admin API cost, one per shop and app: it holds up to maximumAvailable
 * points and refills at restoreRate points per second. A query whose requested cost exceeds what is available
 * is THROTTLED and takes nothing; otherwise the requested cost is taken up front and the unused part (requested −
 * actual) is given back afterwards.
 */

export interface BucketPlan {
  maximumAvailable: number;
  restoreRate: number;
}

export interface ThrottleStatus extends BucketPlan {
  currentlyAvailable: number;
}

/** Standard plans; Advanced is 4000/200, Plus 20000/1000. */
export const STANDARD_PLAN: BucketPlan = { maximumAvailable: 2000, restoreRate: 100 };

export class LeakyBucket {
  private available: number;
  private updatedAt: number;

  constructor(
    private readonly plan: BucketPlan,
    private readonly now: () => number,
  ) {
    this.available = plan.maximumAvailable;
    this.updatedAt = now();
  }

  status(): ThrottleStatus {
    this.refill();
    return { ...this.plan, currentlyAvailable: this.available };
  }

  /** Takes `cost` points if the bucket holds them; false (and nothing taken) otherwise. */
  tryTake(cost: number): boolean {
    this.refill();
    if (cost > this.available) return false;
    this.available -= cost;
    return true;
  }

  giveBack(points: number): void {
    this.refill();
    this.available = Math.min(this.plan.maximumAvailable, this.available + Math.max(0, points));
  }

  /** For tests: set the level directly, e.g. to start a scenario with an almost empty bucket. */
  setAvailable(points: number): void {
    this.refill();
    this.available = Math.max(0, Math.min(this.plan.maximumAvailable, points));
  }

  private refill(): void {
    const at = this.now();
    const elapsedSeconds = Math.max(0, at - this.updatedAt) / 1000;
    this.available = Math.min(this.plan.maximumAvailable, this.available + elapsedSeconds * this.plan.restoreRate);
    this.updatedAt = at;
  }
}
