import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TryOnAuthError } from "~/tryon";
import { abortableSleep, describeError } from "./tick-context";

describe("the worker's sleep", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("leaves no listener on the lifetime signal once it ends, however often it sleeps", async () => {
    const shutdown = new AbortController();
    for (let i = 0; i < 50; i++) await abortableSleep(1, shutdown.signal);
    expect(getEventListeners(shutdown.signal, "abort")).toHaveLength(0);
  });

  it("ends early when the signal aborts, and at once when it already has", async () => {
    const shutdown = new AbortController();
    const started = performance.now();
    const sleeping = abortableSleep(10_000, shutdown.signal);
    shutdown.abort();
    await sleeping;
    await abortableSleep(10_000, shutdown.signal);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits the whole time asked while nothing aborts, with or without a signal", async () => {
    vi.useFakeTimers();
    for (const signal of [new AbortController().signal, undefined]) {
      let woke = false;
      const sleeping = abortableSleep(1_000, signal).then(() => (woke = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await sleeping;
      expect(woke).toBe(true);
    }
  });

  it("leaves no timer behind when woken early", async () => {
    vi.useFakeTimers();
    const shutdown = new AbortController();
    const sleeping = abortableSleep(60_000, shutdown.signal);
    expect(vi.getTimerCount()).toBe(1);
    shutdown.abort();
    await sleeping;
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the short text a failure leaves for logs and staff", () => {
  it("prefers the service's own words, then the error's message, then the value itself", () => {
    const withWords = new TryOnAuthError("401 from the service", {
      operation: "submit",
      serviceMessage: "Key revoked",
    });
    const withoutWords = new TryOnAuthError("401 from the service", { operation: "submit" });
    expect(describeError(withWords)).toBe("Key revoked");
    expect(describeError(withoutWords)).toBe("401 from the service");
    expect(describeError(new Error("socket hang up"))).toBe("socket hang up");
    expect(describeError("plain words")).toBe("plain words");
  });
});
