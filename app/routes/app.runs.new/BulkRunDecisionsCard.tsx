import { BlockStack, Card, Layout, List, Text } from "@shopify/polaris";
import { useLocale, useStaffMessage, useTranslation } from "~/i18n/react";
import { decidedSentence } from "./bulk-run-form";
import type { PreviewSummary } from "./BulkRunEstimate";

/** What each product renders as and where the app read it: its category in Shopify, its type, its title, or you. */
export function BulkRunDecisionsCard({ preview }: { preview: PreviewSummary | null }) {
  const { t } = useTranslation("bulkRun");
  const locale = useLocale();
  const say = useStaffMessage();
  if (!preview || preview.decisions.length === 0) return null;
  const more = preview.eligibleProductCount - preview.decisions.length;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("decisions.heading")}
          </Text>
          <Text as="p" tone="subdued">
            {decidedSentence(t, locale, preview.decidedBy)}
          </Text>
          <List>
            {preview.decisions.map((decision) => (
              <List.Item key={decision.productId}>
                <Text as="span" fontWeight="semibold">
                  <span translate="no">{decision.title}</span>
                </Text>
                : {say(decision.sentence)}
              </List.Item>
            ))}
            {more > 0 ? <List.Item>{t("more", { count: more })}</List.Item> : null}
          </List>
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}
