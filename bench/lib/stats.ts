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
