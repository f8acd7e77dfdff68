import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { useCostText } from "./history-cost-text";
import type { HistoryRow } from "./history.server";

/**
 * Ends a render whose job the service never finished (stalled, or past its maximum age): the app stops checking
 * and never sends it again. Posted to the render's own route (app.renders.$renderId, intent=stop-waiting).
 */
export function StopWaitingModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const shopify = useAppBridge();
  const { t } = useTranslation("history");
  const say = useStaffMessage();
  const costText = useCostText();
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
  return (
    <Modal
      open
      title={t("stop.title", { title: row.productTitle })}
      onClose={onClose}
      primaryAction={{
        content: t("stop.confirm"),
        destructive: true,
        loading: busy,
        onAction: () =>
          fetcher.submit({ intent: "stop-waiting" }, { method: "post", action: `/app/renders/${row.id}` }),
      }}
      secondaryActions={[{ content: t("stop.keep"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{t("stop.body", { cost: costText(row) })}</Text>
          {result && !result.ok ? (
            <Text as="p" tone="critical">
              {say(result.message)}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
