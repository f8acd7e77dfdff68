import { describe, expect, it } from "vitest";
import {
  canTransition,
  FINAL_STATES,
  IN_PROGRESS_STATES,
  RENDER_STATES,
  RENDER_TRANSITIONS,
  RENDERING_STATES,
  SETTLED_STATES,
  WAITING_STATES,
  WORKER_STATES,
} from "./render-states";

describe("the render state machine", () => {
  it("lets nothing leave a final state except a published render being reverted to review", () => {
    for (const state of FINAL_STATES) {
      const exits = RENDER_TRANSITIONS[state];
      expect(exits, state).toEqual(state === "published" ? ["in_review"] : []);
    }
  });

  it("never publishes without passing through review or the shop's explicit publish-without-review step", () => {
    const into = RENDER_STATES.filter((from) => canTransition(from, "publishing"));
    // importing → publishing is only taken when the shop turned on publish-without-review (renders/import).
    expect(into.sort()).toEqual(["importing", "in_review"]);
    expect(RENDER_STATES.filter((from) => canTransition(from, "published"))).toEqual(["publishing"]);
  });

  it("never returns a render whose submit may have been sent to the queue", () => {
    for (const state of ["running", "stalled", "submit_unknown"] as const) {
      expect(canTransition(state, "queued"), state).toBe(false);
      expect(canTransition(state, "submitting"), state).toBe(false);
    }
  });

  it("reaches every state from queued", () => {
    const seen = new Set(["queued"]);
    const frontier = ["queued"] as (keyof typeof RENDER_TRANSITIONS)[];
    while (frontier.length) {
      const state = frontier.pop()!;
      for (const next of RENDER_TRANSITIONS[state]) {
        if (!seen.has(next)) {
          seen.add(next);
          frontier.push(next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...RENDER_STATES].sort());
  });

  it("puts every state of a run's render in exactly one of waiting, rendering, needing a decision or settled", () => {
    for (const state of RENDER_STATES) {
      const groups = [WAITING_STATES, RENDERING_STATES, ["submit_unknown"], SETTLED_STATES].filter((group) =>
        group.includes(state),
      );
      expect(groups, state).toHaveLength(1);
    }
  });

  it("gives the worker every state in progress but a submit in flight", () => {
    expect([...WORKER_STATES, "submitting"].sort()).toEqual([...IN_PROGRESS_STATES].sort());
  });
});
