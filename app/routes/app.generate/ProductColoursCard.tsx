import { BlockStack, Card, Checkbox, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import type { GeneratePageView } from "./generate.server";

/** A product's colours, as the Generate page offers one shot per colour. */
type ColourChoice = NonNullable<Extract<GeneratePageView, { kind: "product" }>["colourChoice"]>;

/** The product's colours, and the choice of one shot per colour with what it will do in plain words. */
export function ProductColoursCard(props: {
  choice: ColourChoice;
  perColour: boolean;
  onPerColour: (perColour: boolean) => void;
}) {
  const { choice } = props;
  const name = choice.optionName.toLowerCase();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {`${choice.optionName}s`}
        </Text>
        <Checkbox
          label={
            choice.fallsBack
              ? `One shot per ${name} (no ${name} has a photo of its own)`
              : `One shot per ${name} (${choice.renders} shots)`
          }
          checked={props.perColour}
          onChange={props.onPerColour}
          helpText={props.perColour ? choice.sentence : `Each shot is added to that ${name}'s variants as their image.`}
        />
        <BlockStack gap="200">
          {choice.colours.map((colour) => (
            <InlineStack key={colour.value} gap="200" blockAlign="center" wrap={false}>
              {colour.photoUrl ? (
                <Thumbnail source={colour.photoUrl} alt={`${colour.value} photo`} size="small" />
              ) : null}
              <Text as="span">{colour.value}</Text>
              <Text as="span" tone="subdued">
                {`${colour.variantCount} ${colour.variantCount === 1 ? "variant" : "variants"}${colour.ownPhoto ? "" : ", no photo of its own"}`}
              </Text>
            </InlineStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
