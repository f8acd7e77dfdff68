import { BlockStack, Card, Layout, List, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { PreviewSummary } from "./BulkRunEstimate";

/** "Colours": what one shot per colour does to each product with colours, once a preview has some to say. */
export function BulkRunColoursCard({ preview }: { preview: PreviewSummary | null }) {
  const { t } = useTranslation("bulkRun");
  const say = useStaffMessage();
  if (!preview?.colours || preview.colours.notes.length === 0) return null;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("colours.heading")}
          </Text>
          <List>
            {preview.colours.notes.map((note) => (
              <List.Item key={note.productId}>
                <Text as="span" fontWeight="semibold">
                  <span translate="no">{note.title}</span>
                </Text>
                : {say(note.text)}
              </List.Item>
            ))}
          </List>
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}
