import { Banner, BlockStack, Layout, Page, Text } from "@shopify/polaris";
import { useState } from "react";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { AutomationActionResult, AutomationPageView, RuleView } from "./automation-page.server";
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
  const { t } = useTranslation("automation");
  const say = useStaffMessage();
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <Page title={t("title")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Text as="p">{t("intro")}</Text>
            {result && !result.ok && result.formError ? <Banner tone="critical">{say(result.formError)}</Banner> : null}
            {result?.ok && !result.preview ? <Banner tone="success">{say(result.message)}</Banner> : null}
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
