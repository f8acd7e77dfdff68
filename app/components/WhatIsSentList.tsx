import { BlockStack, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { WhatIsSent } from "~/looks/what-is-sent";

/**
 * What a render will send, by name, shown beside the cost before anything is spent (Generate and Bulk run). The
 * garment and any stand-in are message keys from whatIsSent; a name from the try-on catalog is data, shown as it is.
 */
export function WhatIsSentList({ sent, heading }: { sent: WhatIsSent; heading?: string }) {
  const { t } = useTranslation("lookFields");
  const say = useStaffMessage();
  return (
    <BlockStack gap="100">
      {heading !== undefined ? (
        <Text as="p" fontWeight="semibold">
          {heading}
        </Text>
      ) : null}
      <Text as="p">{t("sent.garment", { name: say(sent.garment) })}</Text>
      <Text as="p">{t("sent.model", { name: say(sent.model) })}</Text>
      <Text as="p">{t("sent.pose", { name: say(sent.pose) })}</Text>
      <Text as="p">{t("sent.background", { name: say(sent.background) })}</Text>
    </BlockStack>
  );
}
