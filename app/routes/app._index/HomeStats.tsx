import { BlockStack, Box, Button, Card, InlineGrid, Text } from "@shopify/polaris";
import { formatCredits } from "~/web/format";
import type { HomeView } from "./home.server";

const HOME_TEXT = {
  since: (day: string) => `Since ${day}`,
};

/**
 * "1 November": the day the month's counts start, as a date rather than "3 weeks ago". The month starts at
 * midnight UTC (home.server.ts), so the date is read in UTC too.
 */
export function formatDayMonth(at: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(at));
}

function Stat({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          {title}
        </Text>
        <Text as="p" variant="heading2xl">
          {value}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** The four numbers at the top of Home: in progress, awaiting review, published and credits this month. */
export function HomeStats({ view }: { view: HomeView }) {
  const net = view.credits.charged - view.credits.refunded;
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
      <Stat title="In progress" value={view.inProgress.toLocaleString("en-US")}>
        <Text as="p" tone="subdued">
          Waiting, rendering or being saved to Shopify
        </Text>
      </Stat>
      <Stat title="Awaiting review" value={view.awaitingReview.toLocaleString("en-US")}>
        <Box>
          {/* A disabled Button with a url renders as an <a> that reads as active text: no url when disabled. */}
          <Button
            {...(view.awaitingReview > 0 ? { url: "/app/review" } : {})}
            variant="primary"
            disabled={view.awaitingReview === 0}
          >
            Review them
          </Button>
        </Box>
      </Stat>
      <Stat title="Published this month" value={view.publishedThisMonth.toLocaleString("en-US")}>
        <Text as="p" tone="subdued">
          {HOME_TEXT.since(formatDayMonth(view.monthStart))}
        </Text>
      </Stat>
      <Stat title="Credits this month" value={formatCredits(net)}>
        <Text as="p" tone="subdued">
          {formatCredits(view.credits.charged)} charged, {formatCredits(view.credits.refunded)} refunded for failed
          renders
        </Text>
      </Stat>
    </InlineGrid>
  );
}
