import { Banner, BlockStack, Button, Card, InlineGrid, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useFormat, useTranslation } from "~/i18n/react";
import type { RunView } from "./run.server";

function Count({ label, value }: { label: string; value: number }) {
  const format = useFormat();
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span" variant="headingLg">
        {format.number(value)}
      </Text>
    </BlockStack>
  );
}

/** The counts shown under the bar, in this order (each a key of the progress and of runDetail.json's progress). */
const COUNTS = [
  "waiting",
  "rendering",
  "awaitingReview",
  "published",
  "rejected",
  "failed",
  "cancelled",
  "needsDecision",
] as const;

/**
 * The run's progress: renders done of all, a bar, the count in each state, a warning when some need a decision,
 * and while the run is open, pause or resume and cancel.
 */
export function RunProgressCard(props: {
  run: RunView;
  /** The intent being posted, if any. */
  pending: FormDataEntryValue | null | undefined;
  onAct: (intent: "pause" | "resume") => void;
  onCancel: () => void;
}) {
  const { run, pending } = props;
  const { progress } = run;
  const open = run.status === "active" || run.status === "paused";
  const { t } = useTranslation("runDetail");
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {t("progress.done", { done: format.number(progress.done), count: progress.total })}
            </Text>
            {run.candidatesPerProduct > 1 ? (
              <Text as="p" tone="subdued">
                {t("progress.candidates", {
                  candidates: run.candidatesPerProduct,
                  count: Math.round(progress.total / run.candidatesPerProduct),
                })}
              </Text>
            ) : null}
          </BlockStack>
          <Text as="span" tone="subdued">
            {t(progress.live ? "progress.live" : "progress.upToDate")}
          </Text>
        </InlineStack>
        <ProgressBar
          progress={progress.percent}
          tone={run.status === "cancelled" ? "critical" : progress.finished ? "success" : "highlight"}
        />
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          {COUNTS.map((count) => (
            <Count key={count} label={t(`progress.${count}`)} value={progress[count]} />
          ))}
        </InlineGrid>
        {progress.needsDecision > 0 ? (
          <Banner tone="warning" action={{ content: t("progress.decide"), url: "/app/history?state=submit_unknown" }}>
            <p>{t("progress.decideBody")}</p>
          </Banner>
        ) : null}
        {open ? (
          <InlineStack gap="200">
            {run.status === "active" ? (
              <Button onClick={() => props.onAct("pause")} loading={pending === "pause"}>
                {t("progress.pause")}
              </Button>
            ) : (
              <Button variant="primary" onClick={() => props.onAct("resume")} loading={pending === "resume"}>
                {t("progress.resume")}
              </Button>
            )}
            <Button tone="critical" onClick={props.onCancel} loading={pending === "cancel"}>
              {t("progress.cancel")}
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
