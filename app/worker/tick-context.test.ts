import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { abortableSleep } from "./tick-context";

describe("the worker's sleep", () => {
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
});
