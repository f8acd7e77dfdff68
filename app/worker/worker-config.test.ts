import { describe, expect, it } from "vitest";
import { makeWorkerConfig } from "./worker-config";

describe("the worker's timings", () => {
  it("gives stalled jobs two hours, caps back-off at ten minutes, and gathers deliveries within ten minutes", () => {
    const config = makeWorkerConfig();
    expect(config.stalledGiveUpAfterMs).toBe(2 * 60 * 60 * 1000);
    expect(config.retryMaxMs).toBe(10 * 60 * 1000);
    expect(config.automationMaxWaitMs).toBe(10 * 60 * 1000);
    expect(config.pollJitterMs).toBe(500);
  });

  it("accepts any poll jitter from none upwards, and refuses a negative one", () => {
    expect(makeWorkerConfig({ pollJitterMs: 0 }).pollJitterMs).toBe(0);
    expect(makeWorkerConfig({ pollJitterMs: 200 }).pollJitterMs).toBe(200);
    expect(() => makeWorkerConfig({ pollJitterMs: -1 })).toThrow();
  });

  it("scales the schedule's durations with the time factor", () => {
    const config = makeWorkerConfig({ timeFactor: 0.01 });
    expect(config.stalledGiveUpAfterMs).toBe(72_000);
    expect(config.retryMaxMs).toBe(6_000);
    expect(config.pollJitterMs).toBe(5);
  });
});
