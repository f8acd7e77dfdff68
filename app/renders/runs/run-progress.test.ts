import { describe, expect, it } from "vitest";
import { runProgressOf } from "./run-progress";

describe("a run's progress", () => {
  it("counts renders whose rendering is over as done, whatever the outcome", () => {
    const progress = runProgressOf({ queued: 4, running: 2, in_review: 2, published: 1, failed: 1 }, "active");
    expect(progress).toMatchObject({
      total: 10,
      waiting: 4,
      rendering: 2,
      done: 4,
      percent: 40,
      finished: false,
      live: true,
      status: "running",
      statusLabel: "Running",
    });
  });

  it("is finished when nothing waits or renders, even with renders still in review", () => {
    const progress = runProgressOf({ in_review: 3, rejected: 1 }, "active");
    expect(progress).toMatchObject({
      done: 4,
      percent: 100,
      finished: true,
      live: false,
      status: "finished",
      statusLabel: "Finished",
      statusTone: "success",
    });
  });

  it("keeps polling a cancelled or paused run while renders are still at the service", () => {
    expect(runProgressOf({ cancelled: 5, running: 1 }, "cancelled")).toMatchObject({
      live: true,
      status: "cancelled",
      statusLabel: "Cancelled",
    });
    expect(runProgressOf({ queued: 5 }, "paused")).toMatchObject({
      live: false,
      status: "paused",
      statusLabel: "Paused",
    });
    expect(runProgressOf({ queued: 5 }, "active").live).toBe(true);
  });

  it("does not count a render that may or may not have started as done", () => {
    expect(runProgressOf({ submit_unknown: 1, published: 1 }, "active")).toMatchObject({
      needsDecision: 1,
      done: 1,
      percent: 50,
      finished: false,
    });
  });

  it("shows an empty run as complete", () => {
    expect(runProgressOf({}, "completed")).toMatchObject({ total: 0, percent: 100, finished: true });
  });
});
