import { BlockStack, Card, Select, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import type { LookView } from "~/looks/looks.server";

/** The "Look" card of the pages that queue renders: start from a saved look (or the shop's defaults), then adjust. */
export function LookCard(props: {
  looks: LookView[];
  lookId: string;
  onLook: (lookId: string) => void;
  children: ReactNode;
}) {
  const { looks } = props;
  const { t } = useTranslation("lookFields");
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("look.heading")}
        </Text>
        <Select
          label={t("look.startFrom")}
          options={[
            { value: "", label: looks.length ? t("look.shopDefaults") : t("look.noLooks") },
            ...looks.map((look) => ({ value: look.id, label: look.name })),
          ]}
          value={props.lookId}
          onChange={props.onLook}
          disabled={looks.length === 0}
        />
        {props.children}
      </BlockStack>
    </Card>
  );
}
