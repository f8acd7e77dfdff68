import { useAppBridge } from "@shopify/app-bridge-react";
import { Card, EmptyState, Layout, Page } from "@shopify/polaris";
import { useEffect } from "react";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { useLiveLoader } from "~/components/use-live-loader";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { FormFailure } from "~/lib/validation";
import type { HomeView } from "./home.server";
import { NoKeyBanner, ShopPausedBanner, WorkerSilentBanner } from "./HomeBanners";
import { HomeStats } from "./HomeStats";
import { NeedsAttentionCard } from "./NeedsAttentionCard";

export type PauseAction = { kind: "settings" | "resume"; labelKey: "paused.resume" | "paused.checkKey" };

/** What staff should do about a paused shop, by the reason the worker recorded (the label is a home.json key). */
export function pauseAction(reason: string): PauseAction {
  return reason === "out_of_credits"
    ? { kind: "resume", labelKey: "paused.resume" }
    : { kind: "settings", labelKey: "paused.checkKey" };
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
  const { t } = useTranslation("home");
  const say = useStaffMessage();
  // Counts move while renders are in flight (or need a person): kept fresh every few seconds meanwhile.
  useLiveLoader(!view.firstRun && view.inProgress > 0);
  useEffect(() => {
    if (result?.ok) shopify.toast.show(say(result.message));
    // say() is made anew each render; the toast follows the result alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  if (view.firstRun) {
    return (
      <Page title={t("common:appName")}>
        <Card>
          <EmptyState
            heading={t("firstRun.heading")}
            action={{ content: t("firstRun.connect"), url: "/app/settings" }}
            secondaryAction={{ content: t("actions.generate"), url: "/app/generate" }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>{t("firstRun.body")}</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }

  return (
    <Page
      title={t("common:appName")}
      primaryAction={{ content: t("actions.generate"), url: "/app/generate" }}
      secondaryActions={[{ content: t("actions.newRun"), url: "/app/runs/new" }]}
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
