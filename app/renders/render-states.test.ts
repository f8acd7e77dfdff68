import { describe, expect, it } from "vitest";
import { canTransition, FINAL_STATES, RENDER_STATES, RENDER_TRANSITIONS } from "./render-states";

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
});
