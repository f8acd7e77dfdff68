import { Banner, BlockStack, Layout, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import type { AutomationActionResult, AutomationPageView, RuleView } from "./automation-page.server";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";
import { AutomationBudgetCard } from "./AutomationBudgetCard";
import { AutomationPreviewCard } from "./AutomationPreviewCard";
import { AutomationRuleForm } from "./AutomationRuleForm";
import { AutomationRulesCard } from "./AutomationRulesCard";

/** Automation rules: the shop's budget, its rules, a rule's form, and what a rule would have done. */
export function AutomationPage({
  view,
  result,
}: {
  view: AutomationPageView;
  result: AutomationActionResult | undefined;
}) {
  const [editing, setEditing] = useState<RuleView | null>(null);
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <Page title={WORDS.title}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Text as="p">{WORDS.intro}</Text>
            {result && !result.ok && result.formError ? <Banner tone="critical">{result.formError}</Banner> : null}
            {result?.ok && !result.preview ? <Banner tone="success">{result.message}</Banner> : null}
            <AutomationBudgetCard
              budget={view.shopBudgetCredits}
              spent={view.shopSpentThisMonth}
              error={errors.shopBudgetCredits}
            />
            <AutomationRulesCard rules={view.rules} onEdit={setEditing} />
            <AutomationRuleForm key={editing?.id ?? "new"} rule={editing} looks={view.looks} errors={errors} />
            {result?.ok && result.preview ? <AutomationPreviewCard preview={result.preview} /> : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
