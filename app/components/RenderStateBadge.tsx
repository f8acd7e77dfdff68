import type { RenderState } from "@prisma/client";
import { Badge } from "@shopify/polaris";
import { RENDER_STATE_LABELS } from "~/renders/lifecycle/render-states";

type Tone = "info" | "success" | "warning" | "critical" | "attention" | undefined;

const TONES: Record<RenderState, Tone> = {
  queued: undefined,
  submitting: "info",
  running: "info",
  stalled: "warning",
  rendered: "info",
  importing: "info",
  import_failed: "warning",
  in_review: "attention",
  publishing: "info",
  published: "success",
  failed: "critical",
  submit_unknown: "warning",
  rejected: undefined,
  cancelled: undefined,
};

export function RenderStateBadge({ state }: { state: RenderState }) {
  const tone = TONES[state];
  return <Badge {...(tone ? { tone } : {})}>{RENDER_STATE_LABELS[state]}</Badge>;
}
