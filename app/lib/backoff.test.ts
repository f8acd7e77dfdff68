import { describe, expect, it } from "vitest";
import { backoffCeilingMs, backoffDelayMs } from "./backoff";

describe("back-off", () => {
  it("grows exponentially with jitter in its upper half, up to the cap", () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 4000 };
    expect(backoffDelayMs(0, policy, () => 0)).toBe(250);
    expect(backoffDelayMs(0, policy, () => 0.999999)).toBe(500);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(1500);
    expect(backoffDelayMs(10, policy, () => 1)).toBe(4000);
  });

  it("has an exponential ceiling that starts at the base and stops at the cap", () => {
    const policy = { baseDelayMs: 500, maxDelayMs: 4000 };
    expect([0, 1, 2, 3, 4].map((retry) => backoffCeilingMs(retry, policy))).toEqual([500, 1000, 2000, 4000, 4000]);
  });
});
