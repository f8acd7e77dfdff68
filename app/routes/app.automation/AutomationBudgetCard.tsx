import { Form } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";

/** The shop's monthly budget for all rules together, and what automation committed this month. */
export function AutomationBudgetCard(props: { budget: number | null; spent: number; error: string | undefined }) {
  const [budget, setBudget] = useState(props.budget === null ? "" : String(props.budget));
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="shop-budget" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {WORDS.shopBudgetHeading}
          </Text>
          <Text as="p" tone="subdued">
            {WORDS.spentThisMonth(props.spent)}
          </Text>
          <FormLayout>
            <TextField
              label={WORDS.monthlyBudget}
              name="shopBudgetCredits"
              type="number"
              min={0}
              autoComplete="off"
              value={budget}
              onChange={setBudget}
              helpText={WORDS.shopBudgetHelp}
              error={props.error}
            />
            <Button submit>{WORDS.saveBudget}</Button>
          </FormLayout>
        </BlockStack>
      </Form>
    </Card>
  );
}
