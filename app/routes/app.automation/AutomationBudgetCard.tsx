import { Form } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";

/** The shop's monthly budget for all rules together, and what automation committed this month. */
export function AutomationBudgetCard(props: { budget: number | null; spent: number; error: string | undefined }) {
  const [budget, setBudget] = useState(props.budget === null ? "" : String(props.budget));
  const { t } = useTranslation("automation");
  const format = useFormat();
  const say = useStaffMessage();
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="shop-budget" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("budget.heading")}
          </Text>
          <Text as="p" tone="subdued">
            {t("budget.spent", { credits: format.credits(props.spent) })}
          </Text>
          <FormLayout>
            <TextField
              label={t("form.monthlyBudget")}
              name="shopBudgetCredits"
              type="number"
              min={0}
              autoComplete="off"
              value={budget}
              onChange={setBudget}
              helpText={t("budget.help")}
              error={props.error ? say(props.error) : undefined}
            />
            <Button submit>{t("budget.save")}</Button>
          </FormLayout>
        </BlockStack>
      </Form>
    </Card>
  );
}
