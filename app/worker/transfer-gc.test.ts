import { describe, expect, it } from "vitest";
import { exposedGc, makeTransferGc } from "./transfer-gc";

describe("collecting garbage after large transfers", () => {
  const setup = (options: { everyBytes?: number; minIntervalMs?: number } = {}) => {
    let clock = 0;
    let collections = 0;
    const gc = makeTransferGc({ collect: () => collections++, now: () => clock, ...options });
    return {
      gc,
      collections: () => collections,
      advance: (ms: number) => (clock += ms),
    };
  };

  it("collects once the bytes moved since the last collection reach the threshold, then counts afresh", () => {
    const { gc, collections, advance } = setup({ everyBytes: 1_000, minIntervalMs: 0 });
    gc.moved(600);
    expect(collections()).toBe(0);
    gc.moved(400);
    expect(collections()).toBe(1);
    advance(1);
    gc.moved(999);
    expect(collections()).toBe(1);
    gc.moved(1);
    expect(collections()).toBe(2);
  });

  it("collects at most once per interval, carrying the bytes over to the next chance", () => {
    const { gc, collections, advance } = setup({ everyBytes: 1_000, minIntervalMs: 250 });
    gc.moved(5_000);
    gc.moved(5_000);
    expect(collections()).toBe(1);
    advance(249);
    gc.moved(5_000);
    expect(collections()).toBe(1);
    advance(1);
    gc.moved(1);
    expect(collections()).toBe(2);
  });

  it("ignores negative counts and does nothing without a collector", () => {
    const { gc, collections } = setup({ everyBytes: 1_000, minIntervalMs: 0 });
    gc.moved(-5_000);
    gc.moved(999);
    expect(collections()).toBe(0);
    expect(() => makeTransferGc({ collect: undefined }).moved(1e9)).not.toThrow();
  });

  it("by default collects after every 2 MiB moved, at most once per 250 ms of the process clock", () => {
    let clock = 0;
    let collections = 0;
    const gc = makeTransferGc({ collect: () => collections++, now: () => clock });
    gc.moved(2 * 1024 * 1024 - 1);
    expect(collections).toBe(0);
    gc.moved(1);
    expect(collections).toBe(1);
    clock = 249;
    gc.moved(2 * 1024 * 1024);
    expect(collections).toBe(1);
    clock = 250;
    gc.moved(0);
    expect(collections).toBe(2);

    let onProcessClock = 0;
    const real = makeTransferGc({ collect: () => onProcessClock++, everyBytes: 1, minIntervalMs: 60_000 });
    real.moved(1);
    real.moved(1);
    expect(onProcessClock).toBe(1);
  });

  it("finds V8's collector only when the process exposes it", () => {
    const holder = globalThis as { gc?: unknown };
    const before = holder.gc;
    try {
      delete holder.gc;
      expect(exposedGc()).toBeUndefined();
      let called = 0;
      holder.gc = () => called++;
      exposedGc()?.();
      expect(called).toBe(1);
    } finally {
      if (before === undefined) delete holder.gc;
      else holder.gc = before;
    }
  });
});
