import { BlockStack, Card, List, Text } from "@shopify/polaris";
import type { RulePreview } from "~/automation/rule-preview.server";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";

const SHOWN = 50;
const REASONS = new Set([
  "not_clothing",
  "no_image",
  "image_unusable",
  "already_approved",
  "product_not_found",
  "no_pose",
  "needs_choice",
  "over_budget",
]);

/** What a rule would have done over the last 30 days, planned from the catalog; nothing spent. */
export function AutomationPreviewCard({ preview }: { preview: RulePreview }) {
  const { t } = useTranslation("automation");
  const format = useFormat();
  const say = useStaffMessage();
  const summary = t("preview.summary", {
    created: t("preview.created", { count: preview.considered }),
    matched: t("preview.matched", { count: preview.matched }),
    rendered: t("preview.rendered", { count: preview.wouldRender }),
    credits: format.credits(preview.credits),
  });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("preview.heading")}
        </Text>
        <Text as="p">{summary}</Text>
        {preview.more ? <Text as="p">{t("preview.more", { max: format.number(preview.considered) })}</Text> : null}
        {preview.overBudget > 0 ? <Text as="p">{t("preview.overBudget", { count: preview.overBudget })}</Text> : null}
        {preview.skipped.length > 0 ? (
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t("preview.skippedHeading")}
            </Text>
            <List>
              {preview.skipped.slice(0, SHOWN).map((entry) => (
                <List.Item key={`${entry.productId}-${entry.reason}`}>
                  <span translate="no">{entry.title}</span>:{" "}
                  {REASONS.has(entry.reason) ? t(`preview.reasons.${entry.reason}`) : say(entry.reason)}
                </List.Item>
              ))}
            </List>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
