import { Link } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import type { AutomationWeek } from "~/automation/automation-week.server";
import { useFormat, useTranslation } from "~/i18n/react";

/** Home's word on automation this week (issue 29): nothing when no rule is on and none ran. */
export function AutomationWeekCard({ week }: { week: AutomationWeek }) {
  const { t } = useTranslation("home");
  const format = useFormat();
  if (week.rulesOn === 0 && week.runs === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("automation.title")}
        </Text>
        <Text as="p">
          {week.runs === 0
            ? t("automation.rulesOn", { count: week.rulesOn })
            : t("automation.runsMade", {
                count: week.runs,
                renders: t("automation.renders", { count: week.products }),
                inReview: format.number(week.inReview),
                credits: format.credits(week.creditsThisWeek),
              })}
        </Text>
        <Text as="p" tone="subdued">
          {t("automation.month", { credits: format.credits(week.creditsThisMonth) })}
        </Text>
        <Link to="/app/automation">{t("automation.rules")}</Link>
      </BlockStack>
    </Card>
  );
}
