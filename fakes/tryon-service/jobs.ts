import type { SubmitTryOnWireBody } from "~/tryon/wire";
/**
 * Jobs of the simulator. A job's state is computed from its timestamps when asked, never driven by a timer, so
 * thousands of jobs in flight cost nothing while nobody looks. The only eager work is settlement (the refund of a
 * failed job, the count of running jobs), done from a min-heap of end times whenever the simulator handles anything.
 *
 * State names (the simulator's choice; the spec shows only completed and failed):
 *   queued (first 10% of the duration) -> processing (to 90%) -> finalizing -> completed | failed
 */

export type SimJobFate = "complete" | "fail" | "never";
export type SimJobState = "queued" | "processing" | "finalizing" | "completed" | "failed";

/** A submit body as the simulator stores it: the wire format the spec defines. */
export type SimJobRequest = SubmitTryOnWireBody;

export interface SimJob {
  id: string;
  apiKey: string;
  createdAt: number;
  durationMs: number;
  /** Infinity for a job that never finishes. */
  endsAt: number;
  fate: SimJobFate;
  failureMessage: string | undefined;
  request: SimJobRequest;
  credits: number;
  settled: boolean;
  /** The colour fault it was submitted under: its result's garment is recoloured (colour-shift.ts). */
  colourShift?: { deltaE: number; mode: "shift" | "fade" } | undefined;
}

export interface SimJobView {
  state: SimJobState;
  /** 0-100. */
  progress: number;
}

export function viewJob(job: SimJob, now: number): SimJobView {
  const elapsed = Math.max(0, now - job.createdAt);
  if (job.fate !== "never" && elapsed >= job.durationMs) {
    return { state: job.fate === "complete" ? "completed" : "failed", progress: 100 };
  }
  const fraction = job.fate === "never" ? Math.min(0.5, elapsed / job.durationMs) : elapsed / job.durationMs;
  const progress = Math.floor(fraction * 100);
  if (fraction < 0.1) return { state: "queued", progress };
  if (fraction < 0.9) return { state: "processing", progress };
  return { state: "finalizing", progress };
}

/** Binary min-heap of jobs by end time. */
class EndTimeHeap {
  private readonly items: SimJob[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): SimJob | undefined {
    return this.items[0];
  }

  push(job: SimJob): void {
    const items = this.items;
    items.push(job);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentJob = items[parent];
      if (!parentJob || parentJob.endsAt <= job.endsAt) break;
      items[index] = parentJob;
      index = parent;
    }
    items[index] = job;
  }

  pop(): SimJob | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      let smallestEnd = last.endsAt;
      const leftJob = items[left];
      const rightJob = items[right];
      if (leftJob && leftJob.endsAt < smallestEnd) {
        smallest = left;
        smallestEnd = leftJob.endsAt;
      }
      if (rightJob && rightJob.endsAt < smallestEnd) smallest = right;
      if (smallest === index) break;
      items[index] = items[smallest] as SimJob;
      index = smallest;
    }
    items[index] = last;
    return top;
  }
}

export class JobStore {
  private readonly jobs = new Map<string, SimJob>();
  private readonly pending = new EndTimeHeap();
  private readonly runningByKey = new Map<string, number>();

  constructor(private readonly onSettled: (job: SimJob, at: number) => void) {}

  add(job: SimJob): void {
    this.jobs.set(job.id, job);
    this.runningByKey.set(job.apiKey, (this.runningByKey.get(job.apiKey) ?? 0) + 1);
    if (Number.isFinite(job.endsAt)) this.pending.push(job);
  }

  get(id: string): SimJob | undefined {
    return this.jobs.get(id);
  }

  all(): IterableIterator<SimJob> {
    return this.jobs.values();
  }

  get count(): number {
    return this.jobs.size;
  }

  /** Jobs of this key not yet completed or failed (never-finishing ones included). Call settle first. */
  running(apiKey: string): number {
    return this.runningByKey.get(apiKey) ?? 0;
  }

  /** Settles every job whose end time has passed, in end-time order. O(log n) per job, once per job. */
  settle(now: number): void {
    for (let next = this.pending.peek(); next && next.endsAt <= now; next = this.pending.peek()) {
      this.pending.pop();
      next.settled = true;
      this.runningByKey.set(next.apiKey, (this.runningByKey.get(next.apiKey) ?? 1) - 1);
      this.onSettled(next, next.endsAt);
    }
  }
}
