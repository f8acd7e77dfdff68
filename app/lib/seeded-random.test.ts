import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random";

const draw = (random: () => number, count: number) => Array.from({ length: count }, () => random());

describe("seededRandom", () => {
  it("gives the same sequence for the same seed, and another for another seed", () => {
    expect(draw(seededRandom(7), 5)).toEqual(draw(seededRandom(7), 5));
    expect(draw(seededRandom(7), 5)).not.toEqual(draw(seededRandom(8), 5));
  });

  it("keeps mulberry32's sequence, which seeded benchmarks and simulator runs depend on", () => {
    expect(draw(seededRandom(1), 3)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it("stays in [0, 1) and spreads evenly", () => {
    const values = draw(seededRandom(42), 10_000);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
  });
});
