import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import type { HistoryRow } from "./history.server";

/**
 * Ends a render whose job the service never finished (stalled, or past its maximum age): the app stops checking
 * and never sends it again. Posted to the render's own route (app.renders.$renderId, intent=stop-waiting).
 */
export function StopWaitingModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const shopify = useAppBridge();
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
      title={`Stop waiting for "${row.productTitle}"?`}
      onClose={onClose}
      primaryAction={{
        content: "Stop waiting",
        destructive: true,
        loading: busy,
        onAction: () =>
          fetcher.submit({ intent: "stop-waiting" }, { method: "post", action: `/app/renders/${row.id}` }),
      }}
      secondaryActions={[{ content: "Keep waiting", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            The try-on service has not finished this render. If you stop waiting, the app stops checking on it and never
            sends it again. Its credits ({row.costText.toLowerCase()}) may have been charged: the service's dashboard
            shows whether the job ran.
          </Text>
          {result && !result.ok ? (
            <Text as="p" tone="critical">
              {result.message}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
