import { BlockStack, Card, List, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { PreviewSummary } from "./BulkRunEstimate";

/**
 * The products a preview found it will skip, each with why (the first few, then how many more), right under the
 * estimate so staff read it with the numbers it explains.
 */
export function BulkRunSkippedCard({ preview }: { preview: PreviewSummary | null }) {
  const { t } = useTranslation("bulkRun");
  const say = useStaffMessage();
  if (!preview || preview.skippedCount <= 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("skipped.heading", { count: preview.skippedCount })}
        </Text>
        <List>
          {preview.skipped.map((skip) => (
            <List.Item key={`${skip.productId} ${skip.title}`}>
              <Text as="span" fontWeight="semibold">
                <span translate="no">{skip.title}</span>
              </Text>
              : {say(skip.reasonText)}
            </List.Item>
          ))}
          {preview.skippedCount > preview.skipped.length ? (
            <List.Item>{t("more", { count: preview.skippedCount - preview.skipped.length })}</List.Item>
          ) : null}
        </List>
      </BlockStack>
    </Card>
  );
}
