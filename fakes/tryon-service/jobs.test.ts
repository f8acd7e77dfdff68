import { describe, expect, it } from "vitest";
import { JobStore, type SimJob, viewJob } from "./jobs";

function job(
  id: string,
  createdAt: number,
  durationMs: number,
  fate: SimJob["fate"] = "complete",
  apiKey = "k",
): SimJob {
  return {
    id,
    apiKey,
    createdAt,
    durationMs,
    endsAt: fate === "never" ? Number.POSITIVE_INFINITY : createdAt + durationMs,
    fate,
    failureMessage: fate === "fail" ? "boom" : undefined,
    request: {
      product_type: "top",
      product_images: ["https://example.com/a.jpg"],
      mannequin_id: "m",
      pose_id: "p",
      resolution: "2K",
      aspect_ratio: "3:4",
    },
    credits: 5,
    settled: false,
  };
}

describe("job state", () => {
  it("is computed from timestamps: queued, processing, finalizing, then the job's fate", () => {
    const running = job("a", 1000, 1000);
    expect(viewJob(running, 1000)).toEqual({ state: "queued", progress: 0 });
    expect(viewJob(running, 1500)).toEqual({ state: "processing", progress: 50 });
    expect(viewJob(running, 1950).state).toBe("finalizing");
    expect(viewJob(running, 2000)).toEqual({ state: "completed", progress: 100 });
    expect(viewJob(job("b", 1000, 1000, "fail"), 2000).state).toBe("failed");
  });

  it("stays processing forever for a job that never finishes", () => {
    expect(viewJob(job("c", 0, 1000, "never"), 10_000_000)).toEqual({ state: "processing", progress: 50 });
  });
});

describe("settlement", () => {
  it("settles jobs in end-time order, once each, and counts running jobs per key", () => {
    const settled: string[] = [];
    const store = new JobStore((done) => settled.push(done.id));
    store.add(job("late", 0, 300));
    store.add(job("early", 0, 100, "fail"));
    store.add(job("never", 0, 100, "never"));
    store.add(job("other-key", 0, 200, "complete", "k2"));
    expect(store.running("k")).toBe(3);
    store.settle(150);
    expect(settled).toEqual(["early"]);
    store.settle(1000);
    store.settle(2000);
    expect(settled).toEqual(["early", "other-key", "late"]);
    expect([store.running("k"), store.running("k2")]).toEqual([1, 0]);
  });

  it("handles 2,000 jobs in flight without timers, settling them all in a few milliseconds", () => {
    let settledCount = 0;
    const store = new JobStore(() => {
      settledCount += 1;
    });
    for (let i = 0; i < 2000; i += 1) store.add(job(`j${i}`, i, 90_000 + ((i * 7919) % 150_000)));
    const started = performance.now();
    for (let now = 0; now <= 250_000; now += 3000) store.settle(now);
    expect(settledCount).toBe(2000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
