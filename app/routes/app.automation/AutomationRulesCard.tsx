import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { Badge, BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import type { RuleMatch } from "~/automation/rule-match";
import { useFormat, useTranslation } from "~/i18n/react";
import type { RuleView } from "./automation-page.server";

type Words = TFunction<"automation">;

/** The rule's products in words: each list it filters by (its values are the shop's data, shown as typed). */
function matchLines(t: Words, match: RuleMatch): string[] {
  const lists: Array<[key: string, values: string[]]> = [
    ["rules.categories", match.categoryIds.map((id) => id.split("/").pop() ?? id)],
    ["rules.types", match.productTypes],
    ["rules.tags", match.tags],
    ["rules.vendors", match.vendors],
  ];
  return [
    ...(match.collectionId ? [t("rules.collection", { title: match.collectionTitle ?? match.collectionId })] : []),
    ...lists.filter(([, values]) => values.length > 0).map(([key, values]) => t(key, { list: values.join(", ") })),
  ];
}

/** A rule's Delete button, named with the rule for screen readers (every rule has one). */
function DeleteRuleButton<Rule extends { name: string }>({
  rule,
  onDelete,
}: {
  rule: Rule;
  onDelete: (rule: Rule) => void;
}) {
  const { t } = useTranslation("automation");
  return (
    <Button
      tone="critical"
      accessibilityLabel={t("rules.deleteNamed", { name: rule.name })}
      onClick={() => onDelete(rule)}
    >
      {t("rules.delete")}
    </Button>
  );
}

/**
 * The shop's rules: what each takes, with which look, its budget and its recent automatic runs; and any rule this
 * version cannot read, which does nothing until deleted.
 */
export function AutomationRulesCard({
  rules,
  unreadableRules,
  onEdit,
  onDelete,
}: {
  rules: RuleView[];
  unreadableRules: Array<{ id: string; name: string }>;
  onEdit: (rule: RuleView) => void;
  onDelete: (rule: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation("automation");
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("rules.heading")}
        </Text>
        {rules.length === 0 && unreadableRules.length === 0 ? <Text as="p">{t("rules.none")}</Text> : null}
        {unreadableRules.map((rule) => (
          <BlockStack gap="200" key={rule.id}>
            <Text as="h3" variant="headingSm">
              <span translate="no">{rule.name}</span>
            </Text>
            <Text as="p" tone="critical">
              {t("rules.unreadable")}
            </Text>
            <InlineStack>
              <DeleteRuleButton rule={rule} onDelete={onDelete} />
            </InlineStack>
          </BlockStack>
        ))}
        {rules.map((rule) => {
          const lines = matchLines(t, rule.match);
          return (
            <BlockStack gap="200" key={rule.id}>
              <InlineStack gap="200" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  <span translate="no">{rule.name}</span>
                </Text>
                <Badge tone={rule.enabled ? "success" : undefined}>
                  {rule.enabled ? t("rules.on") : t("rules.off")}
                </Badge>
              </InlineStack>
              <List>
                {(lines.length ? lines : [t("rules.everyProduct")]).map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
                <List.Item>
                  {t("rules.lookLine", {
                    look: rule.lookName ?? t("form.shopDefaults"),
                    resolution: rule.resolution,
                    candidates: t("rules.candidates", { count: rule.candidates }),
                  })}
                </List.Item>
                <List.Item>
                  {rule.monthlyBudgetCredits === null
                    ? t("rules.budgetNone", { spent: format.credits(rule.spentThisMonth) })
                    : t("rules.budgetOf", {
                        spent: format.number(rule.spentThisMonth),
                        budget: format.credits(rule.monthlyBudgetCredits),
                      })}
                </List.Item>
              </List>
              {rule.recentRuns.length > 0 ? (
                <BlockStack gap="100">
                  <Text as="p" tone="subdued">
                    {t("rules.recentRuns")}
                  </Text>
                  {rule.recentRuns.map((run) => (
                    <Link key={run.id} to={`/app/runs/${run.id}`}>
                      {t("rules.run", {
                        time: format.dateTime(run.createdAt),
                        credits: format.credits(run.estimateCredits),
                      })}
                    </Link>
                  ))}
                </BlockStack>
              ) : null}
              <InlineStack gap="200">
                <Form method="post">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="ruleId" value={rule.id} />
                  {rule.enabled ? null : <input type="hidden" name="enabled" value="on" />}
                  <Button submit>{rule.enabled ? t("rules.turnOff") : t("rules.turnOn")}</Button>
                </Form>
                <Button onClick={() => onEdit(rule)}>{t("rules.edit")}</Button>
                <DeleteRuleButton rule={rule} onDelete={onDelete} />
              </InlineStack>
            </BlockStack>
          );
        })}
      </BlockStack>
    </Card>
  );
}
