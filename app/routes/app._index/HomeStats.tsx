import { BlockStack, Box, Button, Card, InlineGrid, Text } from "@shopify/polaris";
import { TimeText } from "~/components/TimeText";
import { formatCredits } from "~/web/format";
import type { HomeView } from "./home.server";

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
          Since <TimeText at={view.monthStart} showAbsolute={false} />
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
