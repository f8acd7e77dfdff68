import { Badge } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";
import type { RunSummary } from "~/renders/runs/run-summary";

/** Running, paused, cancelled or finished, in the tone the run's progress gives it. */
export function RunStatusBadge({ run }: { run: RunSummary }) {
  const { t } = useTranslation("states");
  const tone = run.progress.statusTone;
  return <Badge {...(tone ? { tone } : {})}>{t(`run.${run.progress.status}`)}</Badge>;
}
