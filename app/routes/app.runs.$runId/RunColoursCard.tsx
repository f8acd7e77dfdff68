import { BlockStack, Card, InlineStack, Layout, Text } from "@shopify/polaris";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { VariantColourTag } from "~/components/VariantColourTag";
import { useTranslation } from "~/i18n/react";
import type { RunView } from "./run.server";

/** A run of one shot per colour: each render with its product, colour and state. */
export function RunColoursCard({ renders }: { renders: RunView["colourRenders"] }) {
  const { t } = useTranslation("runDetail");
  if (!renders || renders.length === 0) return null;
  return (
    <Layout.Section>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("colours.title")}
          </Text>
          {renders.map((render) => (
            <InlineStack key={render.id} gap="200" blockAlign="center">
              <Text as="span">
                <span translate="no">{render.productTitle}</span>
              </Text>
              <VariantColourTag label={render.colourLabel} />
              <RenderStateBadge state={render.state} />
            </InlineStack>
          ))}
        </BlockStack>
      </Card>
    </Layout.Section>
  );
}
