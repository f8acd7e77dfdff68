/**
 * Collects garbage after large transfers (ADR 058). Every socket read of an imported image or a bulk export is a
 * new buffer that V8 frees only when it next collects, and glibc keeps the space freed late in its heap: measured,
 * 20 imports of 4.5 MB images left a worker 60-110 MB above idle, and 48 MB when it collected every 500 ms. The
 * worker's heap is small (a few MB), so a full collection after every few megabytes moved costs milliseconds.
 */

/** The transfers' side: told how many bytes just went through. */
export interface TransferGc {
  moved(bytes: number): void;
}

export interface TransferGcOptions {
  /** A full collection; absent (the process did not start with --expose-gc): nothing is ever collected. */
  collect: (() => void) | undefined;
  /** Collect once this many bytes went through since the last collection. */
  everyBytes?: number;
  /** But not more often than this (many small transfers finishing together). */
  minIntervalMs?: number;
  now?: () => number;
}

export const TRANSFER_GC_EVERY_BYTES = 2 * 1024 * 1024;
const TRANSFER_GC_MIN_INTERVAL_MS = 250;

export function makeTransferGc(options: TransferGcOptions): TransferGc {
  const { collect } = options;
  if (!collect) return { moved() {} };
  const everyBytes = options.everyBytes ?? TRANSFER_GC_EVERY_BYTES;
  const minIntervalMs = options.minIntervalMs ?? TRANSFER_GC_MIN_INTERVAL_MS;
  const now = options.now ?? (() => performance.now());
  let since = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    moved(bytes) {
      since += Math.max(0, bytes);
      if (since < everyBytes || now() - lastAt < minIntervalMs) return;
      since = 0;
      lastAt = now();
      collect();
    },
  };
}

/** V8's collector when the process runs with --expose-gc (npm run start:worker does), else undefined. */
export function exposedGc(): (() => void) | undefined {
  const gc: unknown = (globalThis as { gc?: unknown }).gc;
  return typeof gc === "function" ? () => (gc as () => void)() : undefined;
}
