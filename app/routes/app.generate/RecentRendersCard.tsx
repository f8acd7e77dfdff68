import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { TimeText } from "~/components/TimeText";
import type { RecentRenderView } from "./generate.server";

/** The product's latest renders with their state and age, and the way to all of them in History. */
export function RecentRendersCard({ productId, renders }: { productId: string; renders: RecentRenderView[] }) {
  if (renders.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          Recent renders of this product
        </Text>
        {renders.map((render) => (
          <InlineStack key={render.id} align="space-between" blockAlign="center">
            <RenderStateBadge state={render.state} />
            <TimeText at={render.createdAt} showAbsolute={false} />
          </InlineStack>
        ))}
        <Button variant="plain" url={`/app/history?productId=${encodeURIComponent(productId)}`}>
          See all in History
        </Button>
      </BlockStack>
    </Card>
  );
}
