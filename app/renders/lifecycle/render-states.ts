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
  // Past its maximum age a stalled render waits for a person, like an unconfirmed submit (ADR 044).
  stalled: ["rendered", "failed", "submit_unknown"],
  rendered: ["importing", "import_failed", "failed"],
  importing: ["in_review", "publishing", "import_failed", "failed"],
  import_failed: ["importing", "failed"],
  in_review: ["publishing", "rejected"],
  publishing: ["published", "in_review", "cancelled"],
  published: ["in_review"],
  // A person decides: mark it failed (not charged, or "stop waiting" on a job that started: charged) or running
  // with the job id they found.
  submit_unknown: ["running", "failed", "cancelled"],
  failed: [],
  rejected: [],
  cancelled: [],
} as const satisfies Record<RenderState, readonly RenderState[]>;

export const RENDER_STATES = Object.keys(RENDER_TRANSITIONS) as RenderState[];

export function canTransition(from: RenderState, to: RenderState): boolean {
  return (RENDER_TRANSITIONS[from] as readonly RenderState[]).includes(to);
}

/**
 * The groups of states the screens, the claims and the runs count by: each defined once, here. Groups overlap
 * where a state is two things at once (a stalled render is still in progress, and a person should look at it).
 */

/** Not sent to the service yet. */
export const WAITING_STATES: readonly RenderState[] = ["queued"];
/** At the service (or maybe: a submit whose answer is awaited), or its image on the way into Shopify Files. */
export const RENDERING_STATES: readonly RenderState[] = [
  "submitting",
  "running",
  "stalled",
  "rendered",
  "importing",
  "import_failed",
];
/** Work the pipeline is still doing: not waiting on a person and not finished (Home's "In progress"). */
export const IN_PROGRESS_STATES: readonly RenderState[] = [...WAITING_STATES, ...RENDERING_STATES, "publishing"];
/** States a person must act on: review a render, settle a submit that may have started, look at a stalled job. */
export const NEEDS_PERSON_STATES = ["in_review", "submit_unknown", "stalled"] as const satisfies readonly RenderState[];
export type NeedsPersonState = (typeof NEEDS_PERSON_STATES)[number];
/** Nothing more will happen to these without a person (or ever). */
export const FINAL_STATES: readonly RenderState[] = ["published", "failed", "rejected", "cancelled"];
/** Rendering is over, whatever the outcome (review may still be to come): a run is complete when all are here. */
export const SETTLED_STATES: readonly RenderState[] = [...FINAL_STATES, "in_review", "publishing"];
/** A job exists at the service (or may): these count against the shop's concurrency cap. */
export const IN_FLIGHT_STATES: readonly RenderState[] = ["submitting", "running", "stalled"];
/** States the worker picks up when due: all work in progress but a submit in flight, whose lease ends it instead. */
export const WORKER_STATES: readonly RenderState[] = IN_PROGRESS_STATES.filter((state) => state !== "submitting");
/** States whose worker step calls the try-on service (and so respect its rate-limit gate and circuit). */
export const SERVICE_STATES: readonly RenderState[] = ["queued", "running", "stalled", "rendered"];
