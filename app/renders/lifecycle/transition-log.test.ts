import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureAppLogLines } from "../../../harness/app-log-lines";
import { logBulkTransition, logRenderTransition, timeInState } from "./transition-log";

/** The transition log's lines, read from the app's logger as an operator's log collector would. */
describe("the render transition log", () => {
  let lines: Array<Record<string, unknown>> = [];
  let restore: () => void;
  const at = new Date("2026-11-27T10:00:00.000Z");

  beforeAll(() => {
    ({ lines, restore } = captureAppLogLines());
  });
  afterAll(() => restore?.());
  beforeEach(() => {
    lines.length = 0;
  });

  it("writes one line per transition naming the render, shop, run, states and time in the previous state", () => {
    logRenderTransition(
      { renderId: "r1", shop: "s.myshopify.com", runId: "run1", from: "queued", to: "submitting", durationMs: 1500 },
      at,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "render transition",
      event: "render_transition",
      renderId: "r1",
      shop: "s.myshopify.com",
      runId: "run1",
      from: "queued",
      to: "submitting",
      durationMs: 1500,
      at: "2026-11-27T10:00:00.000Z",
    });
  });

  it("leaves out a run and a duration it does not know, rather than writing null", () => {
    logRenderTransition({ renderId: "r2", runId: null, from: ["in_review", "published"], to: "rejected" }, at);
    expect(lines[0]).toMatchObject({ renderId: "r2", from: ["in_review", "published"], to: "rejected" });
    expect(lines[0]).not.toHaveProperty("runId");
    expect(lines[0]).not.toHaveProperty("durationMs");
  });

  it("stamps a line with the time it is written when none is given", () => {
    const before = Date.now();
    logRenderTransition({ renderId: "r3", from: "running", to: "rendered" });
    const stamped = Date.parse(String(lines[0]?.at));
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });

  it("writes one line with the count for a bulk change, and none when nothing changed", () => {
    const entry = {
      shop: "s.myshopify.com",
      runId: "run1",
      from: "queued",
      to: "cancelled",
      reason: "run cancelled",
    } as const;
    logBulkTransition({ ...entry, count: 0 }, at);
    expect(lines).toEqual([]);
    logBulkTransition({ ...entry, count: 3 }, at);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "render transitions",
      event: "render_transition_bulk",
      ...entry,
      count: 3,
      at: "2026-11-27T10:00:00.000Z",
    });
    logBulkTransition({ ...entry, count: 1 });
    expect(Date.parse(String(lines[1]?.at))).toBeGreaterThan(at.getTime());
  });

  it("measures the time in a state from when the database recorded it, never below zero", () => {
    expect(timeInState({ stateChangedAt: new Date(at.getTime() - 2500) }, at)).toBe(2500);
    // A clock behind the database's.
    expect(timeInState({ stateChangedAt: new Date(at.getTime() + 2500) }, at)).toBe(0);
    expect(timeInState({}, at)).toBeUndefined();
    const changed = new Date(Date.now() - 60_000);
    expect(timeInState({ stateChangedAt: changed })).toBeGreaterThanOrEqual(60_000);
  });
});
