import { useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  ProgressBar,
  Text,
} from "@shopify/polaris";
import { useEffect } from "react";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { RunStatusBadge } from "~/components/RunStatusBadge";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import { formatCredits } from "~/web/format";
import type { FormFailure } from "~/lib/validation";
import type { RunView } from "./run.server";

/** How often the run page asks for fresh counts while renders are moving. */
export const RUN_POLL_INTERVAL_MS = 3_000;

export function RunNotFoundPage() {
  return (
    <Page title="Run not found" backAction={{ content: "Bulk runs", url: "/app/runs" }}>
      <Banner tone="warning" title="This run does not exist">
        <p>It may belong to another store, or the link is out of date.</p>
      </Banner>
    </Page>
  );
}

/** Re-runs the loader every few seconds while `active`, and only while the tab is visible. */
export function usePolling(active: boolean, intervalMs = RUN_POLL_INTERVAL_MS) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}

const CANCEL_MODAL_ID = "cancel-run-modal";

export function RunPage({
  run,
  result,
}: {
  run: RunView;
  result: { ok: true; message: string } | FormFailure | undefined;
}) {
  const shopify = useAppBridge();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { progress } = run;
  usePolling(progress.live);
  useEffect(() => {
    if (result?.ok) shopify.toast.show(result.message);
  }, [result, shopify]);

  const act = (intent: "pause" | "resume" | "cancel") => submit({ intent }, { method: "post" });
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const open = run.status === "active" || run.status === "paused";

  return (
    <Page
      title={run.title}
      titleMetadata={<RunStatusBadge run={run} />}
      backAction={{ content: "Bulk runs", url: "/app/runs" }}
      secondaryActions={[
        { content: "Review this run", url: `/app/review?runId=${run.id}` },
        { content: "All renders of this run", url: `/app/history?runId=${run.id}` },
      ]}
    >
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        <Layout.Section>
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
                    <Button onClick={() => act("pause")} loading={pending === "pause"}>
                      Pause
                    </Button>
                  ) : (
                    <Button variant="primary" onClick={() => act("resume")} loading={pending === "resume"}>
                      Resume
                    </Button>
                  )}
                  <Button
                    tone="critical"
                    onClick={() => shopify.modal.show(CANCEL_MODAL_ID)}
                    loading={pending === "cancel"}
                  >
                    Cancel run
                  </Button>
                </InlineStack>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
        {run.colourRenders && run.colourRenders.length > 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  One shot per colour
                </Text>
                {run.colourRenders.map((render) => (
                  <InlineStack key={render.id} gap="200" blockAlign="center">
                    <Text as="span">{render.productTitle}</Text>
                    <VariantColourTag label={render.colourLabel} />
                    <RenderStateBadge state={render.state} />
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
        <Layout.Section variant="oneThird">
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
        </Layout.Section>
      </Layout>
      <Modal id={CANCEL_MODAL_ID}>
        <p style={{ padding: "16px" }}>
          Renders that have not started will be cancelled and cost nothing. Renders already at the service will finish
          and still come to Review.
        </p>
        <TitleBar title="Cancel this run?">
          <button
            variant="primary"
            tone="critical"
            onClick={() => {
              shopify.modal.hide(CANCEL_MODAL_ID);
              act("cancel");
            }}
          >
            Cancel run
          </button>
          <button onClick={() => shopify.modal.hide(CANCEL_MODAL_ID)}>Keep running</button>
        </TitleBar>
      </Modal>
    </Page>
  );
}

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
