import { BlockStack, Card, List, Text } from "@shopify/polaris";
import type { RulePreview } from "~/automation/rule-preview.server";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";

const SHOWN = 50;

/** What a rule would have done over the last 30 days, planned from the catalog; nothing spent. */
export function AutomationPreviewCard({ preview }: { preview: RulePreview }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {WORDS.previewHeading}
        </Text>
        <Text as="p">{WORDS.previewSummary(preview)}</Text>
        {preview.more ? <Text as="p">{WORDS.previewMore}</Text> : null}
        {preview.overBudget > 0 ? <Text as="p">{WORDS.overBudget(preview.overBudget)}</Text> : null}
        {preview.skipped.length > 0 ? (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {WORDS.skippedHeading}
            </Text>
            <List>
              {preview.skipped.slice(0, SHOWN).map((entry) => (
                <List.Item key={`${entry.productId}-${entry.reason}`}>
                  {entry.title}: {WORDS.reasons[entry.reason] ?? entry.reason}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
