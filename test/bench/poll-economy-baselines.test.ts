import { describe, expect, it } from "vitest";
import type { TryOnClient } from "~/tryon";
import { summarizeSums } from "../../bench/lib/stats";
import { runNaivePoller } from "../../bench/naive-poller";

type StatusOf = TryOnClient["getJobStatus"];

/** Jobs that end at fixed simulated times; every status request is logged with the clock's time. */
function scriptedJobs(endsAt: Record<string, number>, clock: { now: number }) {
  const polls: Array<{ jobId: string; at: number }> = [];
  const getJobStatus = (async (jobId: string) => {
    polls.push({ jobId, at: clock.now });
    const done = clock.now >= (endsAt[jobId] ?? Number.POSITIVE_INFINITY);
    return { status: done ? "completed" : "running" };
  }) as unknown as StatusOf;
  return { client: { getJobStatus }, polls };
}

describe("benchmark 1's naive pollers", () => {
  it("poll at submit and then every 3 s, seeing a job done at the first poll after its end", async () => {
    const clock = { now: 0 };
    const { client, polls } = scriptedJobs({ a: 7_000 }, clock);
    const result = await runNaivePoller({ client, clock, jobs: [{ jobId: "a", submittedAt: 1_000 }] });
    expect(polls.map((poll) => poll.at)).toEqual([1_000, 4_000, 7_000]);
    expect(result.requests.get("a")).toBe(3);
    expect(result.detectedAt.get("a")).toBe(7_000);
  });

  it("with a first delay, send nothing before it and find jobs that ended earlier at that first poll", async () => {
    const clock = { now: 0 };
    const { client, polls } = scriptedJobs({ early: 20_000, late: 65_500 }, clock);
    const result = await runNaivePoller({
      client,
      clock,
      firstPollAfterMs: 60_000,
      jobs: [
        { jobId: "early", submittedAt: 0 },
        { jobId: "late", submittedAt: 0 },
      ],
    });
    expect(Math.min(...polls.map((poll) => poll.at))).toBe(60_000);
    expect(result.requests.get("early")).toBe(1);
    expect(result.detectedAt.get("early")).toBe(60_000);
    expect(polls.filter((poll) => poll.jobId === "late").map((poll) => poll.at)).toEqual([60_000, 63_000, 66_000]);
    expect(result.detectedAt.get("late")).toBe(66_000);
  });
});

describe("the distribution of a sum (simulated latency plus real lateness)", () => {
  it("pairs every sample of one with every sample of the other", () => {
    const sums = summarizeSums([0, 1], [0, 10]);
    expect(sums.count).toBe(4);
    expect([sums.p50, sums.p95, sums.max, sums.mean]).toEqual([1, 11, 11, 5.5]);
  });

  it("is not the sum of the two 95th percentiles", () => {
    // One sample in 20 is 10 s late on each side: each 95th percentile is 0, but 39 of the 400 pairs hold a 10.
    const rare = [...Array.from({ length: 19 }, () => 0), 10];
    const sums = summarizeSums(rare, rare);
    expect(sums.p95).toBe(10);
    expect(sums.max).toBe(20);
  });

  it("keeps a long second sample as evenly spaced quantiles, so the result does not depend on its order", () => {
    const lateness = Array.from({ length: 10_000 }, (_, i) => ((i * 7_919) % 10_000) / 1_000);
    const sums = summarizeSums([1, 2, 3], lateness, 100);
    expect(sums.count).toBe(300);
    // The quantile points of 0.000-9.999 are 0.05, 0.15, … 9.95: their 95th percentile (plus 1-3) lands near 11.5.
    expect(sums.p95).toBeGreaterThan(11);
    expect(sums.p95).toBeLessThan(12);
    expect(summarizeSums([1, 2, 3], [...lateness].reverse(), 100)).toEqual(sums);
  });
});
