import { Badge } from "@shopify/polaris";
import type { RunSummary } from "~/renders/runs/run-summary";

/** Running, paused, cancelled or finished, in the tone the run's progress gives it. */
export function RunStatusBadge({ run }: { run: RunSummary }) {
  const tone = run.progress.statusTone;
  return <Badge {...(tone ? { tone } : {})}>{run.progress.statusLabel}</Badge>;
}
