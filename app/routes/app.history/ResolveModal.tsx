import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { TimeText } from "~/components/TimeText";
import type { HistoryActionResult, HistoryRow } from "./history.server";

/** Decides a render whose submit was never confirmed: it started (with its job id) or it did not. */
export function ResolveModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<HistoryActionResult>();
  const shopify = useAppBridge();
  const [jobId, setJobId] = useState("");
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) {
      shopify.toast.show(result.message);
      onClose();
    }
  }, [result, shopify, onClose]);
  const busy = fetcher.state !== "idle";
  return (
    <Modal
      open
      title={`Did "${row.productTitle}" start at the try-on service?`}
      onClose={onClose}
      primaryAction={{
        content: "It started: follow this job",
        disabled: !jobId.trim() || busy,
        loading: busy && fetcher.formData?.get("intent") === "resolve-started",
        onAction: () =>
          fetcher.submit({ intent: "resolve-started", renderId: row.id, externalJobId: jobId }, { method: "post" }),
      }}
      secondaryActions={[
        {
          content: "It never started",
          destructive: true,
          loading: busy && fetcher.formData?.get("intent") === "resolve-not-started",
          onAction: () => fetcher.submit({ intent: "resolve-not-started", renderId: row.id }, { method: "post" }),
        },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            The service did not confirm this render, so the app did not send it again (that could pay twice). Look for a
            job started <TimeText at={row.submittedAt ?? row.createdAt} /> in the try-on service's dashboard.
          </Text>
          <TextField
            label="Job id from the dashboard"
            value={jobId}
            onChange={setJobId}
            autoComplete="off"
            error={result && !result.ok ? (result.fieldErrors.externalJobId ?? result.formError) : undefined}
          />
          <Text as="p" tone="subdued">
            If there is no such job, choose "It never started": the render is closed and its credits are not counted.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
