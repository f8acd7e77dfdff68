import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { formatCredits } from "~/web/format";
import type { HistoryActionResult, HistoryRow } from "./history.server";
import { HISTORY_TEXT as T } from "./history-text";

/** One key per confirmation shown: a second click on the same dialog queues nothing more. */
function newRequestKey(): string {
  return `history-${crypto.randomUUID()}`;
}

/**
 * Asks before History acts on a finished render, saying what happens and what it costs: "Try again" queues a new
 * render (charged when it starts), "Remove from product" takes a published image off and back to Review (free).
 */
export function ConfirmRowModal({
  row,
  intent,
  onClose,
}: {
  row: HistoryRow;
  intent: "retry" | "revert";
  onClose: () => void;
}) {
  const fetcher = useFetcher<HistoryActionResult>();
  const shopify = useAppBridge();
  const [requestKey] = useState(newRequestKey);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) {
      shopify.toast.show(result.message);
      onClose();
    }
  }, [result, shopify, onClose]);
  const busy = fetcher.state !== "idle";
  const cost = formatCredits(row.creditsCost);
  const retry = intent === "retry";
  return (
    <Modal
      open
      title={retry ? T.retryTitle(row.productTitle) : T.revertTitle(row.productTitle)}
      onClose={onClose}
      primaryAction={{
        content: retry ? T.retryConfirm(cost) : T.revertConfirm,
        destructive: !retry,
        loading: busy,
        onAction: () =>
          fetcher.submit(retry ? { intent, renderId: row.id, requestKey } : { intent, renderId: row.id }, {
            method: "post",
          }),
      }}
      secondaryActions={[{ content: T.cancel, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{retry ? T.retryBody(cost) : T.revertBody}</Text>
          {result && !result.ok ? (
            <Text as="p" tone="critical">
              {result.formError ?? Object.values(result.fieldErrors)[0]}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
