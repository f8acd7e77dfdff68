import { BlockStack, Card, Layout, List, Text } from "@shopify/polaris";
import type { PreviewSummary } from "./BulkRunEstimate";

const SOURCE_WORDS = {
  category: "from the product's category in Shopify",
  type: "from the product type",
  title: "from the title",
  staff: "chosen by you",
} as const;

/** What each product renders as and where the app read it: its category in Shopify, its type, its title, or you. */
export function BulkRunDecisionsCard({ preview }: { preview: PreviewSummary | null }) {
  if (!preview || preview.decisions.length === 0) return null;
  const sources = (Object.keys(SOURCE_WORDS) as Array<keyof typeof SOURCE_WORDS>)
    .filter((source) => preview.decidedBy[source] > 0)
    .map((source) => `${preview.decidedBy[source]} ${SOURCE_WORDS[source]}`);
  const more = preview.eligibleProductCount - preview.decisions.length;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            What each product is rendered as
          </Text>
          <Text as="p" tone="subdued">
            {`Decided ${sources.join(", ")}.`}
          </Text>
          <List>
            {preview.decisions.map((decision) => (
              <List.Item key={decision.productId}>
                <Text as="span" fontWeight="semibold">
                  {decision.title}
                </Text>
                : {decision.sentence}
              </List.Item>
            ))}
            {more > 0 ? <List.Item>and {more} more</List.Item> : null}
          </List>
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}
