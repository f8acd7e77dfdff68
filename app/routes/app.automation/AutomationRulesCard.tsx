import { Form, Link } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import type { RuleView } from "./automation-page.server";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";

/** The shop's rules: what each takes, with which look, its budget and its recent automatic runs. */
export function AutomationRulesCard({ rules, onEdit }: { rules: RuleView[]; onEdit: (rule: RuleView) => void }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {WORDS.rulesHeading}
        </Text>
        {rules.length === 0 ? <Text as="p">{WORDS.noRules}</Text> : null}
        {rules.map((rule) => (
          <BlockStack gap="200" key={rule.id}>
            <InlineStack gap="200" blockAlign="center">
              <Text as="h3" variant="headingSm">
                {rule.name}
              </Text>
              <Badge tone={rule.enabled ? "success" : undefined}>{rule.enabled ? WORDS.on : WORDS.off}</Badge>
            </InlineStack>
            <List>
              {(rule.matchLines.length ? rule.matchLines : [WORDS.everyProduct]).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
              <List.Item>{rule.lookLine}</List.Item>
              <List.Item>{WORDS.budgetLine(rule.monthlyBudgetCredits, rule.spentThisMonth)}</List.Item>
            </List>
            {rule.recentRuns.length > 0 ? (
              <BlockStack gap="100">
                <Text as="p" tone="subdued">
                  {WORDS.recentRuns}
                </Text>
                {rule.recentRuns.map((run) => (
                  <Link key={run.id} to={`/app/runs/${run.id}`}>
                    {run.title}
                  </Link>
                ))}
              </BlockStack>
            ) : null}
            <InlineStack gap="200">
              <Form method="post">
                <input type="hidden" name="intent" value="toggle" />
                <input type="hidden" name="ruleId" value={rule.id} />
                {rule.enabled ? null : <input type="hidden" name="enabled" value="on" />}
                <Button submit>{rule.enabled ? WORDS.turnOff : WORDS.turnOn}</Button>
              </Form>
              <Button onClick={() => onEdit(rule)}>{WORDS.edit}</Button>
            </InlineStack>
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
