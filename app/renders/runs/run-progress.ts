import type { RenderState, RunStatus } from "@prisma/client";
import { RENDERING_STATES, SETTLED_STATES, WAITING_STATES } from "../lifecycle/render-states";

/**
 * A run's progress as staff read it, from its renders' counts by state. Pure, so the run page and the runs list
 * agree and tests can check the arithmetic without a browser.
 */
export interface RunProgress {
  total: number;
  /** Not sent to the service yet. */
  waiting: number;
  /** At the service or being saved to Shopify. */
  rendering: number;
  /** The service may or may not have started these: a person decides (see Home). */
  needsDecision: number;
  awaitingReview: number;
  published: number;
  rejected: number;
  failed: number;
  cancelled: number;
  /** Renders whose rendering is over, whatever the outcome. */
  done: number;
  /** 0–100, whole numbers. */
  percent: number;
  /** Nothing of this run is still being rendered or waiting to be. */
  finished: boolean;
  /** Counts still change on their own: the page keeps polling. */
  live: boolean;
  /** The run's status for the screens' words (states.json `run.<status>`); statusLabel is its English. */
  status: "running" | "paused" | "finished" | "cancelled";
  statusLabel: string;
  statusTone: "info" | "success" | "warning" | "critical" | null;
}

const sum = (counts: Partial<Record<RenderState, number>>, states: readonly RenderState[]) =>
  states.reduce((total, state) => total + (counts[state] ?? 0), 0);

export function runProgressOf(counts: Partial<Record<RenderState, number>>, status: RunStatus): RunProgress {
  const waiting = sum(counts, WAITING_STATES);
  const rendering = sum(counts, RENDERING_STATES);
  const needsDecision = sum(counts, ["submit_unknown"]);
  const awaitingReview = sum(counts, ["in_review"]);
  const published = sum(counts, ["publishing", "published"]);
  const rejected = sum(counts, ["rejected"]);
  const failed = sum(counts, ["failed"]);
  const cancelled = sum(counts, ["cancelled"]);
  const total = waiting + rendering + needsDecision + awaitingReview + published + rejected + failed + cancelled;
  const done = sum(counts, SETTLED_STATES);
  const finished = done === total;
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  // A cancelled or paused run still has renders at the service finishing: their counts keep moving.
  const live = rendering > 0 || (status === "active" && waiting > 0);
  const [runStatus, statusLabel, statusTone]: [RunProgress["status"], string, RunProgress["statusTone"]] =
    status === "cancelled"
      ? ["cancelled", "Cancelled", "critical"]
      : status === "paused"
        ? ["paused", "Paused", "warning"]
        : finished
          ? ["finished", "Finished", "success"]
          : ["running", "Running", "info"];
  return {
    total,
    waiting,
    rendering,
    needsDecision,
    awaitingReview,
    published,
    rejected,
    failed,
    cancelled,
    done,
    percent,
    finished,
    live,
    status: runStatus,
    statusLabel,
    statusTone,
  };
}
