import { describe, expect, it } from "vitest";
import { seededRandom } from "~/lib/seeded-random";
import { makeWorkerConfig } from "../worker-config";
import { durationSample, firstPollDelayMs, nextPollDelayMs } from "./poll-schedule";

const config = makeWorkerConfig();

describe("the learned first poll", () => {
  it("steps a whole interval back when its percentile is a render found already done", () => {
    const seenRunning = Array.from({ length: 100 }, (_, i) => 100_000 + i * 1_000);
    const ctx = { config, random: () => 0 };
    expect(firstPollDelayMs(ctx, seenRunning)).toBe(104_000 - 1_500);
    const foundDone = [...seenRunning.slice(5), ...[96, 97, 98, 99, 100].map((s) => durationSample(s * 1_000, true))];
    expect(firstPollDelayMs(ctx, foundDone)).toBe(100_000 - 3_000);
  });

  it("never aims earlier than one poll interval", () => {
    const samples = Array.from({ length: 20 }, () => durationSample(2_000, true));
    expect(firstPollDelayMs({ config, random: () => 0 }, samples)).toBe(config.pollIntervalMs);
  });

  it("settles near the 5th percentile of the durations instead of drifting later", () => {
    // 3,000 renders of 90-240 s, one after another, each first polled where the shop's history says, then every
    // 3-3.5 s, found a little after a poll lands (the worker's tick); the history keeps the newest 100.
    const random = seededRandom(7); // the same simulation on every run
    const ctx = { config, random };
    let history: number[] = [];
    const firstPolls: number[] = [];
    let foundAtFirstPoll = 0;
    let lateBeyondInterval = 0;
    for (let i = 0; i < 3_000; i += 1) {
      const duration = 90_000 + random() * 150_000;
      const firstPoll = firstPollDelayMs(ctx, history);
      let pollAt = firstPoll;
      while (pollAt < duration) pollAt += nextPollDelayMs(ctx);
      const foundAt = pollAt + random() * 250;
      const atFirst = pollAt === firstPoll;
      history = [...history, durationSample(foundAt, atFirst)].slice(-config.durationSamples);
      if (i >= 1_000) {
        firstPolls.push(firstPoll);
        if (atFirst) foundAtFirstPoll += 1;
        if (foundAt - duration > 3_500) lateBeyondInterval += 1;
      }
    }
    const mean = firstPolls.reduce((sum, ms) => sum + ms, 0) / firstPolls.length;
    // The true 5th percentile is 97.5 s; the old rule (10th percentile of found-at times) ended near 200 s.
    expect(mean).toBeGreaterThan(90_000);
    expect(mean).toBeLessThan(105_000);
    expect(foundAtFirstPoll / firstPolls.length).toBeLessThan(0.1);
    expect(lateBeyondInterval / firstPolls.length).toBeLessThan(0.05);
  });
});

describe("the later polls", () => {
  it("wait the poll interval plus the random share of the jitter", () => {
    expect([0, 0.5, 1].map((draw) => nextPollDelayMs({ config, random: () => draw }))).toEqual([3_000, 3_250, 3_500]);
  });
});
