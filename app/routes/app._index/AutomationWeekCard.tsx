import { Link } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import type { AutomationWeek } from "~/automation/automation-week.server";

/** Home's word on automation this week (issue 29): nothing when no rule is on and none ran. */
export function AutomationWeekCard({ week }: { week: AutomationWeek }) {
  if (week.rulesOn === 0 && week.runs === 0) return null;
  const count = (n: number) => n.toLocaleString("en-US");
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Automation this week
        </Text>
        <Text as="p">
          {week.runs === 0
            ? `${count(week.rulesOn)} ${week.rulesOn === 1 ? "rule is" : "rules are"} on; no new products matched this week.`
            : `${count(week.runs)} automatic ${week.runs === 1 ? "run" : "runs"} made ${count(week.products)} ${week.products === 1 ? "render" : "renders"} (${count(week.inReview)} waiting in Review) for ${count(week.creditsThisWeek)} credits.`}
        </Text>
        <Text as="p" tone="subdued">
          {`${count(week.creditsThisMonth)} credits committed by automation this month.`}
        </Text>
        <Link to="/app/automation">Automation rules</Link>
      </BlockStack>
    </Card>
  );
}
