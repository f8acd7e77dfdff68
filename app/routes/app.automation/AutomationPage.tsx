import { useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Layout, Page, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { AutomationActionResult, AutomationPageView, RuleView } from "./automation-page.server";
import { AutomationBudgetCard } from "./AutomationBudgetCard";
import { AutomationPreviewCard } from "./AutomationPreviewCard";
import { AutomationRuleForm } from "./AutomationRuleForm";
import { AutomationRulesCard } from "./AutomationRulesCard";
import { DELETE_RULE_MODAL_ID, DeleteRuleModal } from "./DeleteRuleModal";

/** Automation rules: the shop's budget, its rules, a rule's form, and what a rule would have done. */
export function AutomationPage({
  view,
  result,
}: {
  view: AutomationPageView;
  result: AutomationActionResult | undefined;
}) {
  const [editing, setEditing] = useState<RuleView | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const shopify = useAppBridge();
  const submit = useSubmit();
  // A saved rule leaves a blank form for the next one: its values still there invited saving it twice.
  const [formGeneration, setFormGeneration] = useState(0);
  useEffect(() => {
    if (!result?.ok || !result.savedRuleId) return;
    setEditing(null);
    setFormGeneration((generation) => generation + 1);
  }, [result]);
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
            <AutomationRulesCard
              rules={view.rules}
              unreadableRules={view.unreadableRules}
              onEdit={setEditing}
              onDelete={(rule) => {
                setDeleting(rule);
                shopify.modal.show(DELETE_RULE_MODAL_ID);
              }}
            />
            <AutomationRuleForm
              key={`${editing?.id ?? "new"}-${formGeneration}`}
              rule={editing}
              looks={view.looks}
              errors={errors}
            />
            {result?.ok && result.preview ? <AutomationPreviewCard preview={result.preview} /> : null}
          </BlockStack>
        </Layout.Section>
      </Layout>
      <DeleteRuleModal
        rule={deleting}
        onDelete={() => {
          if (!deleting) return;
          // A rule being edited and then deleted leaves the form for a new one.
          if (editing?.id === deleting.id) setEditing(null);
          submit({ intent: "delete", ruleId: deleting.id }, { method: "post" });
        }}
      />
    </Page>
  );
}
