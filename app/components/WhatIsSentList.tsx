import { BlockStack, Text } from "@shopify/polaris";
import type { WhatIsSent } from "~/looks/what-is-sent";

/** What a render will send, by name, shown beside the cost before anything is spent (Generate and Bulk run). */
export function WhatIsSentList({ sent, heading }: { sent: WhatIsSent; heading?: string }) {
  return (
    <BlockStack gap="100">
      {heading !== undefined ? (
        <Text as="p" fontWeight="semibold">
          {heading}
        </Text>
      ) : null}
      <Text as="p">{`Garment: ${sent.garment}`}</Text>
      <Text as="p">{`Model: ${sent.model}`}</Text>
      <Text as="p">{`Pose: ${sent.pose}`}</Text>
      <Text as="p">{`Background: ${sent.background}`}</Text>
    </BlockStack>
  );
}
