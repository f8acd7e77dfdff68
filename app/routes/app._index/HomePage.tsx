import { useAppBridge } from "@shopify/app-bridge-react";
import { Card, EmptyState, Layout, Page } from "@shopify/polaris";
import { useEffect } from "react";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { useLiveLoader } from "~/components/use-live-loader";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import type { FormFailure } from "~/lib/validation";
import type { HomeView } from "./home.server";
import { NoKeyBanner, ShopPausedBanner, WorkerSilentBanner } from "./HomeBanners";
import { HomeStats } from "./HomeStats";
import { NeedsAttentionCard } from "./NeedsAttentionCard";

/** What staff should do about a paused shop, by the reason the worker recorded. */
export function pauseAction(reason: string): { kind: "settings"; label: string } | { kind: "resume"; label: string } {
  return reason === "out_of_credits"
    ? { kind: "resume", label: "I added credits: resume rendering" }
    : { kind: "settings", label: "Check the key in Settings" };
}

export function HomePage({
  view,
  result,
  children,
}: {
  view: HomeView;
  result: { ok: true; message: string } | FormFailure | undefined;
  /** Cards other screens' features add to Home (automation this week). */
  children?: React.ReactNode;
}) {
  const shopify = useAppBridge();
  // Counts move while renders are in flight (or need a person): kept fresh every few seconds meanwhile.
  useLiveLoader(!view.firstRun && view.inProgress > 0);
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

  return (
    <Page
      title="Model Shots"
      primaryAction={{ content: "Generate for a product", url: "/app/generate" }}
      secondaryActions={[{ content: "Start a bulk run", url: "/app/runs/new" }]}
    >
      <Layout>
        <ShopPausedBanner paused={view.paused} pause={view.paused ? pauseAction(view.paused.reason) : null} />
        <NoKeyBanner show={!view.hasKey && !view.paused} />
        <WorkerSilentBanner workerSilent={view.workerSilent} inProgress={view.inProgress} />
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />

        <Layout.Section>
          <HomeStats view={view} />
        </Layout.Section>

        <Layout.Section>
          <NeedsAttentionCard submitUnknown={view.submitUnknown} stalled={view.stalled} />
        </Layout.Section>
        {children ? <Layout.Section>{children}</Layout.Section> : null}
      </Layout>
    </Page>
  );
}
