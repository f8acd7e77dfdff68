/** Nearest-rank percentile of unsorted samples (p in 0..100); NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function summarize(samples: readonly number[]) {
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const value of samples) {
    if (value > max) max = value;
    sum += value;
  }
  return {
    count: samples.length,
    mean: samples.length ? sum / samples.length : Number.NaN,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length ? max : Number.NaN,
  };
}

export const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
export const seconds = (ms: number, digits = 2) => `${fixed(ms / 1000, digits)} s`;
export const millis = (ms: number, digits = 1) => `${fixed(ms, digits)} ms`;
export const mib = (bytes: number, digits = 1) => `${fixed(bytes / 1024 / 1024, digits)} MB`;
export const ratio = (value: number, base: number, digits = 2) => `${fixed(value / base, digits)}×`;

/** Runs `task` over `items` with at most `limit` at once. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The distribution of a + b for independent a and b, from their samples: every sample of `a` paired with every
 * sample of `b` (the convolution of the two empirical distributions). With more than `maxB` samples of `b`, `b`
 * is represented by `maxB` evenly spaced quantiles of it, so the result stays exact to that resolution and the
 * same for the same samples.
 */
export function summarizeSums(a: readonly number[], b: readonly number[], maxB = 2_000) {
  if (a.length === 0 || b.length === 0) return summarize([]);
  const sortedB = [...b].sort((x, y) => x - y);
  const points =
    sortedB.length <= maxB
      ? sortedB
      : Array.from(
          { length: maxB },
          (_, i) => sortedB[Math.min(sortedB.length - 1, Math.floor(((i + 0.5) * sortedB.length) / maxB))] as number,
        );
  const sums = new Float64Array(a.length * points.length);
  let k = 0;
  for (const x of a) for (const y of points) sums[k++] = x + y;
  sums.sort();
  const at = (p: number) => sums[Math.min(sums.length, Math.max(1, Math.ceil((p / 100) * sums.length))) - 1] as number;
  let sum = 0;
  for (const value of sums) sum += value;
  return {
    count: sums.length,
    mean: sum / sums.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sums[sums.length - 1] as number,
  };
}
