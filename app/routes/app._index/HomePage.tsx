import { Form, useNavigation } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineGrid,
  InlineStack,
  Layout,
  List,
  Page,
  Text,
} from "@shopify/polaris";
import { useEffect } from "react";
import type { HomeView, ProblemRender } from "./home.server";
import type { FormFailure } from "~/lib/validation";
import { formatCredits } from "~/web/format";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";

/** What staff should do about a paused shop, by the reason the worker recorded. */
export function pauseAction(reason: string): { kind: "settings"; label: string } | { kind: "resume"; label: string } {
  return reason === "out_of_credits"
    ? { kind: "resume", label: "I added credits: resume rendering" }
    : { kind: "settings", label: "Check the key in Settings" };
}

function Stat({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          {title}
        </Text>
        <Text as="p" variant="heading2xl">
          {value}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

function ProblemList({ renders, extra }: { renders: ProblemRender[]; extra: number }) {
  return (
    <List>
      {renders.map((render) => (
        <List.Item key={render.id}>
          <Text as="span" fontWeight="semibold">
            {render.productTitle}
          </Text>{" "}
          {render.colourLabel ? (
            <>
              <VariantColourTag label={render.colourLabel} />{" "}
            </>
          ) : null}
          · since <TimeText at={render.since} />
          {render.message ? (
            <Text as="p" tone="subdued">
              {render.message}
            </Text>
          ) : null}
        </List.Item>
      ))}
      {extra > 0 ? <List.Item>and {extra} more</List.Item> : null}
    </List>
  );
}

/** One kind of render needing a person: what it means, the first few, and where to act on them. */
function ProblemGroup(props: {
  heading: string;
  explanation: string;
  group: { count: number; renders: ProblemRender[] };
  action: { label: string; url: string };
}) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {props.heading}
      </Text>
      <Text as="p">{props.explanation}</Text>
      <ProblemList renders={props.group.renders} extra={props.group.count - props.group.renders.length} />
      <InlineStack>
        <Button url={props.action.url}>{props.action.label}</Button>
      </InlineStack>
    </BlockStack>
  );
}

export function HomePage({
  view,
  result,
}: {
  view: HomeView;
  result: { ok: true; message: string } | FormFailure | undefined;
}) {
  const shopify = useAppBridge();
  const navigation = useNavigation();
  useEffect(() => {
    if (result?.ok) shopify.toast.show(result.message);
  }, [result, shopify]);

  if (view.firstRun) {
    return (
      <Page title="Model Shots">
        <Card>
          <EmptyState
            heading="Show your clothes on a model, without a photo shoot"
            action={{ content: "Connect your try-on account", url: "/app/settings" }}
            secondaryAction={{ content: "Generate for a product", url: "/app/generate" }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>
              Model Shots dresses a generated model in your product photos. Start by adding your try-on service key in
              Settings; then pick a product or a whole collection. Nothing is published until you approve it.
            </p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  const pause = view.paused ? pauseAction(view.paused.reason) : null;
  const net = view.credits.charged - view.credits.refunded;
  const hasProblems = view.submitUnknown.count > 0 || view.stalled.count > 0;

  return (
    <Page
      title="Model Shots"
      primaryAction={{ content: "Generate for a product", url: "/app/generate" }}
      secondaryActions={[{ content: "Start a bulk run", url: "/app/runs/new" }]}
    >
      <Layout>
        {view.paused && pause ? (
          <Layout.Section>
            <Banner tone="critical" title="Rendering is paused for your shop">
              <BlockStack gap="200">
                <p>{view.paused.message}</p>
                <Text as="p" tone="subdued">
                  Paused <TimeText at={view.paused.at} />
                </Text>
                {pause.kind === "resume" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resume-shop" />
                    <Button submit loading={navigation.state === "submitting"}>
                      {pause.label}
                    </Button>
                  </Form>
                ) : (
                  <InlineStack>
                    <Button url="/app/settings">{pause.label}</Button>
                  </InlineStack>
                )}
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        {!view.hasKey && !view.paused ? (
          <Layout.Section>
            <Banner
              tone="warning"
              title="No try-on key yet"
              action={{ content: "Open Settings", url: "/app/settings" }}
            >
              <p>Renders wait until a try-on service key is saved in Settings.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {view.workerSilent ? (
          <Layout.Section>
            <Banner tone="warning" title="Renders are not moving right now">
              <BlockStack gap="200">
                <p>
                  The app&apos;s background worker{" "}
                  {view.workerSilent.lastSeenAt ? (
                    <>
                      last checked in <TimeText at={view.workerSilent.lastSeenAt} />
                    </>
                  ) : (
                    "has not started yet"
                  )}
                  , so{" "}
                  {view.inProgress > 0
                    ? `${view.inProgress.toLocaleString("en-US")} renders are`
                    : "new renders will be"}{" "}
                  waiting. Nothing is charged while it is stopped, and waiting renders continue on their own when it is
                  back.
                </p>
                <p>If this lasts more than a few minutes, contact Model Shots support.</p>
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />

        <Layout.Section>
          <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
            <Stat title="In progress" value={view.inProgress.toLocaleString("en-US")}>
              <Text as="p" tone="subdued">
                Waiting, rendering or being saved to Shopify
              </Text>
            </Stat>
            <Stat title="Awaiting review" value={view.awaitingReview.toLocaleString("en-US")}>
              <Box>
                {/* A disabled Button with a url renders as an <a> that reads as active text: no url when disabled. */}
                <Button
                  {...(view.awaitingReview > 0 ? { url: "/app/review" } : {})}
                  variant="primary"
                  disabled={view.awaitingReview === 0}
                >
                  Review them
                </Button>
              </Box>
            </Stat>
            <Stat title="Published this month" value={view.publishedThisMonth.toLocaleString("en-US")}>
              <Text as="p" tone="subdued">
                Since <TimeText at={view.monthStart} showAbsolute={false} />
              </Text>
            </Stat>
            <Stat title="Credits this month" value={formatCredits(net)}>
              <Text as="p" tone="subdued">
                {formatCredits(view.credits.charged)} charged, {formatCredits(view.credits.refunded)} refunded for
                failed renders
              </Text>
            </Stat>
          </InlineGrid>
        </Layout.Section>

        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                Needs your attention
              </Text>
              {!hasProblems ? (
                <Text as="p" tone="subdued">
                  Nothing needs a decision right now.
                </Text>
              ) : null}
              {view.submitUnknown.count > 0 ? (
                <ProblemGroup
                  heading={`${view.submitUnknown.count} ${view.submitUnknown.count === 1 ? "render" : "renders"} may or may not have started`}
                  explanation="The try-on service did not confirm these, so the app did not send them again (that could pay twice). Look for them in the service's dashboard, then tell the app whether each one started."
                  group={view.submitUnknown}
                  action={{ label: "Decide for each render", url: "/app/history?state=submit_unknown" }}
                />
              ) : null}
              {view.stalled.count > 0 ? (
                <ProblemGroup
                  heading={`${view.stalled.count} ${view.stalled.count === 1 ? "render is" : "renders are"} taking longer than usual`}
                  explanation="The app keeps checking them every few minutes and spends nothing more. If one stays here for hours, check it in the try-on service's dashboard."
                  group={view.stalled}
                  action={{ label: "See them in History", url: "/app/history?state=stalled" }}
                />
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
