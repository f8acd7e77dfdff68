import { BlockStack, Card, Text } from "@shopify/polaris";
import { useWhen } from "~/components/use-when";
import { useFormat, useTranslation } from "~/i18n/react";
import type { RunView } from "./run.server";

/** "Credits": the estimate, the budget cap, charged and refunded so far, and when the run started, paused or ended. */
export function RunCreditsCard({ run }: { run: RunView }) {
  const { t } = useTranslation("runDetail");
  const format = useFormat();
  const when = useWhen();
  const moments: Array<["started" | "paused" | "cancelled", string | null]> = [
    ["started", run.createdAt],
    ["paused", run.pausedAt],
    ["cancelled", run.cancelledAt],
  ];
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("credits.title")}
        </Text>
        <Text as="p">{t("credits.estimate", { credits: format.credits(run.estimateCredits) })}</Text>
        <Text as="p">
          {run.budgetCredits === null
            ? t("credits.noBudget")
            : t("credits.budget", { credits: format.credits(run.budgetCredits) })}
        </Text>
        <Text as="p">{t("credits.charged", { credits: format.credits(run.credits.charged) })}</Text>
        <Text as="p">{t("credits.refunded", { credits: format.credits(run.credits.refunded) })}</Text>
        {moments.map(([moment, at]) =>
          at ? (
            <Text key={moment} as="p" tone="subdued">
              <span suppressHydrationWarning>{t(`credits.${moment}`, { time: when(at) })}</span>
            </Text>
          ) : null,
        )}
      </BlockStack>
    </Card>
  );
}
