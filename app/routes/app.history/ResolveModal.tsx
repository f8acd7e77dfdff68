import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useWhen } from "~/components/use-when";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { HistoryActionResult, HistoryRow } from "./history.server";

/** Decides a render whose submit was never confirmed: it started (with its job id) or it did not. */
export function ResolveModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<HistoryActionResult>();
  const shopify = useAppBridge();
  const { t } = useTranslation("history");
  const say = useStaffMessage();
  const when = useWhen();
  const [jobId, setJobId] = useState("");
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) {
      shopify.toast.show(say(result.message));
      onClose();
    }
    // say() is made anew each render; the toast follows the result alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, shopify, onClose]);
  const busy = fetcher.state !== "idle";
  const error = result && !result.ok ? (result.fieldErrors.externalJobId ?? result.formError) : undefined;
  return (
    <Modal
      open
      title={t("resolve.title", { title: row.productTitle })}
      onClose={onClose}
      primaryAction={{
        content: t("resolve.started"),
        disabled: !jobId.trim() || busy,
        loading: busy && fetcher.formData?.get("intent") === "resolve-started",
        onAction: () =>
          fetcher.submit({ intent: "resolve-started", renderId: row.id, externalJobId: jobId }, { method: "post" }),
      }}
      secondaryActions={[
        {
          content: t("resolve.notStarted"),
          destructive: true,
          loading: busy && fetcher.formData?.get("intent") === "resolve-not-started",
          onAction: () => fetcher.submit({ intent: "resolve-not-started", renderId: row.id }, { method: "post" }),
        },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            <span suppressHydrationWarning>{t("resolve.body", { time: when(row.submittedAt ?? row.createdAt) })}</span>
          </Text>
          <TextField
            label={t("resolve.jobId")}
            value={jobId}
            onChange={setJobId}
            autoComplete="off"
            error={error ? say(error) : undefined}
          />
          <Text as="p" tone="subdued">
            {t("resolve.ifNone")}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
