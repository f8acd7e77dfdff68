import { Banner, BlockStack, Button, Card, InlineGrid, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import type { RunView } from "./run.server";

function Count({ label, value }: { label: string; value: number }) {
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span" variant="headingLg">
        {value.toLocaleString("en-US")}
      </Text>
    </BlockStack>
  );
}

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
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {progress.done} of {progress.total} renders done
            </Text>
            {run.candidatesPerProduct > 1 ? (
              <Text as="p" tone="subdued">
                {`${run.candidatesPerProduct} candidates for each of ${Math.round(progress.total / run.candidatesPerProduct)} products: approve the best of each in Review.`}
              </Text>
            ) : null}
          </BlockStack>
          <Text as="span" tone="subdued">
            {progress.live ? "Updating every few seconds" : "Up to date"}
          </Text>
        </InlineStack>
        <ProgressBar
          progress={progress.percent}
          tone={run.status === "cancelled" ? "critical" : progress.finished ? "success" : "highlight"}
        />
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          <Count label="Waiting to start" value={progress.waiting} />
          <Count label="Rendering" value={progress.rendering} />
          <Count label="Ready for review" value={progress.awaitingReview} />
          <Count label="Published" value={progress.published} />
          <Count label="Rejected" value={progress.rejected} />
          <Count label="Failed (refunded)" value={progress.failed} />
          <Count label="Cancelled" value={progress.cancelled} />
          <Count label="Needs a decision" value={progress.needsDecision} />
        </InlineGrid>
        {progress.needsDecision > 0 ? (
          <Banner tone="warning" action={{ content: "Decide", url: "/app/history?state=submit_unknown" }}>
            <p>Some renders may or may not have started at the service. Check its dashboard and tell the app.</p>
          </Banner>
        ) : null}
        {open ? (
          <InlineStack gap="200">
            {run.status === "active" ? (
              <Button onClick={() => props.onAct("pause")} loading={pending === "pause"}>
                Pause
              </Button>
            ) : (
              <Button variant="primary" onClick={() => props.onAct("resume")} loading={pending === "resume"}>
                Resume
              </Button>
            )}
            <Button tone="critical" onClick={props.onCancel} loading={pending === "cancel"}>
              Cancel run
            </Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
