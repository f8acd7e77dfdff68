import type { RenderState } from "@prisma/client";

/**
 * The render state machine. docs/render-states.md gives the reason for each state; this table is what the
 * code enforces: every transition in the app names one of these edges.
 */
export const RENDER_TRANSITIONS = {
  queued: ["submitting", "cancelled", "failed"],
  // The submit intent is committed (credits reserved) before the request leaves.
  submitting: ["running", "submit_unknown", "queued", "failed", "cancelled"],
  running: ["rendered", "failed", "stalled"],
  stalled: ["rendered", "failed"],
  rendered: ["importing", "import_failed", "failed"],
  importing: ["in_review", "publishing", "import_failed", "failed"],
  import_failed: ["importing", "failed"],
  in_review: ["publishing", "rejected"],
  publishing: ["published", "in_review", "cancelled"],
  published: ["in_review"],
  // A person decides: mark it failed (not charged) or running with the job id they found.
  submit_unknown: ["running", "failed", "cancelled"],
  failed: [],
  rejected: [],
  cancelled: [],
} as const satisfies Record<RenderState, readonly RenderState[]>;

export const RENDER_STATES = Object.keys(RENDER_TRANSITIONS) as RenderState[];

export function canTransition(from: RenderState, to: RenderState): boolean {
  return (RENDER_TRANSITIONS[from] as readonly RenderState[]).includes(to);
}

/** Nothing more will happen to these without a person (or ever). */
export const FINAL_STATES: readonly RenderState[] = ["published", "failed", "rejected", "cancelled"];
/** States a person must act on. */
export const NEEDS_PERSON_STATES: readonly RenderState[] = ["in_review", "submit_unknown", "stalled"];
/** A job exists at the service (or may): these count against the shop's concurrency cap. */
export const IN_FLIGHT_STATES: readonly RenderState[] = ["submitting", "running", "stalled"];
/** States the worker picks up when due. */
export const WORKER_STATES: readonly RenderState[] = [
  "queued",
  "running",
  "stalled",
  "rendered",
  "importing",
  "import_failed",
  "publishing",
];
/** States whose worker step calls the try-on service (and so respect its rate-limit gate and circuit). */
export const SERVICE_STATES: readonly RenderState[] = ["queued", "running", "stalled", "rendered"];

/** Plain words for staff. */
export const RENDER_STATE_LABELS: Record<RenderState, string> = {
  queued: "Waiting to start",
  submitting: "Starting",
  running: "Rendering",
  stalled: "Taking longer than usual",
  rendered: "Rendered, saving to Shopify",
  importing: "Saving to Shopify",
  import_failed: "Saving to Shopify failed, retrying",
  in_review: "Ready for review",
  publishing: "Adding to product",
  published: "Published",
  failed: "Failed",
  submit_unknown: "Needs a decision",
  rejected: "Rejected",
  cancelled: "Cancelled",
};
