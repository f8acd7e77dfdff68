import { BlockStack, Card, List, Text } from "@shopify/polaris";
import type { PreviewSummary } from "./BulkRunEstimate";

/**
 * The products a preview found it will skip, each with why (the first few, then how many more), right under the
 * estimate so staff read it with the numbers it explains.
 */
export function BulkRunSkippedCard({ preview }: { preview: PreviewSummary | null }) {
  if (!preview || preview.skippedCount <= 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {preview.skippedCount} {preview.skippedCount === 1 ? "product" : "products"} will be skipped
        </Text>
        <List>
          {preview.skipped.map((skip) => (
            <List.Item key={`${skip.productId} ${skip.title}`}>
              <Text as="span" fontWeight="semibold">
                {skip.title}
              </Text>
              : {skip.reasonText}
            </List.Item>
          ))}
          {preview.skippedCount > preview.skipped.length ? (
            <List.Item>and {preview.skippedCount - preview.skipped.length} more</List.Item>
          ) : null}
        </List>
      </BlockStack>
    </Card>
  );
}
