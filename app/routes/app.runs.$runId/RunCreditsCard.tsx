import { BlockStack, Card, Text } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import { formatCredits } from "~/web/format";
import type { RunView } from "./run.server";

/** "Credits": the estimate, the budget cap, charged and refunded so far, and when the run started, paused or ended. */
export function RunCreditsCard({ run }: { run: RunView }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Credits
        </Text>
        <Text as="p">Estimate: {formatCredits(run.estimateCredits)}</Text>
        <Text as="p">Budget cap: {run.budgetCredits === null ? "none" : formatCredits(run.budgetCredits)}</Text>
        <Text as="p">Charged so far: {formatCredits(run.credits.charged)}</Text>
        <Text as="p">Refunded for failed renders: {formatCredits(run.credits.refunded)}</Text>
        <Text as="p" tone="subdued">
          Started <TimeText at={run.createdAt} />
        </Text>
        {run.pausedAt ? (
          <Text as="p" tone="subdued">
            Paused <TimeText at={run.pausedAt} />
          </Text>
        ) : null}
        {run.cancelledAt ? (
          <Text as="p" tone="subdued">
            Cancelled <TimeText at={run.cancelledAt} />
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
