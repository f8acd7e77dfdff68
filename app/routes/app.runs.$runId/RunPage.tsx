import { useNavigation, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, Layout, Page } from "@shopify/polaris";
import { useEffect } from "react";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { RunStatusBadge } from "~/components/RunStatusBadge";
import type { FormFailure } from "~/lib/validation";
import { CANCEL_MODAL_ID, CancelRunModal } from "./CancelRunModal";
import type { RunView } from "./run.server";
import { RunColoursCard } from "./RunColoursCard";
import { RunCreditsCard } from "./RunCreditsCard";
import { RunProgressCard } from "./RunProgressCard";
import { useLiveLoader } from "~/components/use-live-loader";
import { useStaffMessage, useTranslation } from "~/i18n/react";

export function RunNotFoundPage() {
  const { t } = useTranslation("runDetail");
  return (
    <Page title={t("notFound.title")} backAction={{ content: t("common:nav.runs"), url: "/app/runs" }}>
      <Banner tone="warning" title={t("notFound.heading")}>
        <p>{t("notFound.body")}</p>
      </Banner>
    </Page>
  );
}

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
  const { t } = useTranslation("runDetail");
  const say = useStaffMessage();
  useLiveLoader(run.progress.live);
  useEffect(() => {
    if (result?.ok) shopify.toast.show(say(result.message));
    // say() is made anew each render; the toast follows the result alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify]);

  const act = (intent: "pause" | "resume" | "cancel") => submit({ intent }, { method: "post" });
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  return (
    <Page
      title={say(run.heading)}
      titleMetadata={<RunStatusBadge run={run} />}
      backAction={{ content: t("common:nav.runs"), url: "/app/runs" }}
      secondaryActions={[
        { content: t("reviewRun"), url: `/app/review?runId=${run.id}` },
        { content: t("allRenders"), url: `/app/history?runId=${run.id}` },
      ]}
    >
      <Layout>
        <FormErrorBanner message={result && !result.ok ? result.formError : null} />
        <Layout.Section>
          <RunProgressCard
            run={run}
            pending={pending}
            onAct={act}
            onCancel={() => shopify.modal.show(CANCEL_MODAL_ID)}
          />
        </Layout.Section>
        <RunColoursCard renders={run.colourRenders} />
        <Layout.Section variant="oneThird">
          <RunCreditsCard run={run} />
        </Layout.Section>
      </Layout>
      <CancelRunModal onCancel={() => act("cancel")} />
    </Page>
  );
}
