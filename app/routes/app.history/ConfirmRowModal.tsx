import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import type { HistoryActionResult, HistoryRow } from "./history.server";

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
  const say = useStaffMessage();
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
  const { t } = useTranslation("history");
  const cost = useFormat().credits(row.creditsCost);
  const retry = intent === "retry";
  return (
    <Modal
      open
      title={t(retry ? "retryTitle" : "revertTitle", { title: row.productTitle })}
      onClose={onClose}
      primaryAction={{
        content: retry ? t("retryConfirm", { cost }) : t("revertConfirm"),
        destructive: !retry,
        loading: busy,
        onAction: () =>
          fetcher.submit(retry ? { intent, renderId: row.id, requestKey } : { intent, renderId: row.id }, {
            method: "post",
          }),
      }}
      secondaryActions={[{ content: t("cancel"), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{retry ? t("retryBody", { cost }) : t("revertBody")}</Text>
          {result && !result.ok ? (
            <Text as="p" tone="critical">
              {say(result.formError ?? Object.values(result.fieldErrors)[0] ?? "")}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
