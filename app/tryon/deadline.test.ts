import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { makeDeadline } from "./deadline";

describe("a request's deadline", () => {
  it("aborts when the caller aborts, and is not a timeout", () => {
    const caller = new AbortController();
    const deadline = makeDeadline(60_000, caller.signal);
    caller.abort();
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut()).toBe(false);
    deadline.release();
  });

  it("aborts at once for a caller that has already aborted", () => {
    const caller = new AbortController();
    caller.abort();
    const deadline = makeDeadline(60_000, caller.signal);
    expect(deadline.signal.aborted).toBe(true);
    deadline.release();
  });

  it("times out on its own and says so", async () => {
    const deadline = makeDeadline(5);
    await new Promise((resolve) => deadline.signal.addEventListener("abort", resolve));
    expect(deadline.timedOut()).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe("TimeoutError");
  });

  it("leaves nothing on a long-lived caller once released, however many requests it served", () => {
    const shutdown = new AbortController();
    for (let i = 0; i < 10_000; i += 1) makeDeadline(60_000, shutdown.signal).release();
    expect(getEventListeners(shutdown.signal, "abort")).toHaveLength(0);
  });

  it("after release neither the caller nor the timer aborts it", async () => {
    const caller = new AbortController();
    const deadline = makeDeadline(5, caller.signal);
    deadline.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    caller.abort();
    expect(deadline.signal.aborted).toBe(false);
  });
});
