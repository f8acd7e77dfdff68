import { BlockStack, Card, Checkbox, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { GeneratePageView } from "./generate.server";

/** A product's colours, as the Generate page offers one shot per colour. */
type ColourChoice = NonNullable<Extract<GeneratePageView, { kind: "product" }>["colourChoice"]>;

/**
 * The product's colours, and the choice of one shot per colour with what it will do in plain words. The colours'
 * names are the shop's data (its option values), shown as they are.
 */
export function ProductColoursCard(props: {
  choice: ColourChoice;
  perColour: boolean;
  onPerColour: (perColour: boolean) => void;
}) {
  const { choice } = props;
  const { t } = useTranslation("generate");
  const say = useStaffMessage();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("colours.title")}
        </Text>
        <Checkbox
          label={choice.fallsBack ? t("colours.perColourNoPhotos") : t("colours.perColour", { count: choice.renders })}
          checked={props.perColour}
          onChange={props.onPerColour}
          helpText={props.perColour ? (choice.sentence ? say(choice.sentence) : undefined) : t("colours.perColourHelp")}
        />
        <BlockStack gap="200">
          {choice.colours.map((colour) => (
            <InlineStack key={colour.value} gap="200" blockAlign="center" wrap={false}>
              {colour.photoUrl ? (
                <Thumbnail source={colour.photoUrl} alt={t("colours.photoOf", { colour: colour.value })} size="small" />
              ) : null}
              <Text as="span">
                <span translate="no">{colour.value}</span>
              </Text>
              <Text as="span" tone="subdued">
                {t(colour.ownPhoto ? "colours.variants" : "colours.variantsNoPhoto", { count: colour.variantCount })}
              </Text>
            </InlineStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
