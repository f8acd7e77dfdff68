import type { RenderState } from "@prisma/client";
import { Badge } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";

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

/** A render's state in the staff member's language (states.json). */
export function RenderStateBadge({ state }: { state: RenderState }) {
  const { t } = useTranslation("states");
  const tone = TONES[state];
  return <Badge {...(tone ? { tone } : {})}>{t(`render.${state}`)}</Badge>;
}
