import { BlockStack, Card, Select, Text } from "@shopify/polaris";
import { RENDER_OPTION_CHOICES } from "~/web/render-options-form";
import type { PreviewSummary } from "./BulkRunEstimate";

const LEAVE_OUT = { value: "", label: "Leave out" };

/**
 * The products the app cannot place (a suit, a set, a name that says nothing): each is left out unless staff
 * choose a garment for it here. Nothing is spent on a guess; a choice changes the preview, so it is asked again.
 */
export function BulkRunChoicesCard(props: {
  preview: PreviewSummary | null;
  choices: Readonly<Record<string, string>>;
  onChoices: (choices: Record<string, string>) => void;
}) {
  const { preview, choices } = props;
  if (!preview || preview.needsChoiceCount <= 0) return null;
  const options = [LEAVE_OUT, ...RENDER_OPTION_CHOICES.productType];
  const setAll = (garment: string) =>
    props.onChoices({
      ...choices,
      ...Object.fromEntries(preview.needsChoice.map((product) => [product.productId, garment])),
    });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {preview.needsChoiceCount === 1
            ? "1 product needs a garment chosen"
            : `${preview.needsChoiceCount} products need a garment chosen`}
        </Text>
        <Text as="p" tone="subdued">
          The app cannot tell what these are. Choose the garment each is rendered as, or leave it out: nothing is spent
          on a product left out.
        </Text>
        <Select label="Choose for all of them" options={options} value="" onChange={setAll} />
        {preview.needsChoice.map((product) => (
          <Select
            key={product.productId}
            label={product.title}
            helpText={product.sentence}
            options={options}
            value={choices[product.productId] ?? ""}
            onChange={(garment) => props.onChoices({ ...choices, [product.productId]: garment })}
          />
        ))}
        {preview.needsChoiceCount > preview.needsChoice.length ? (
          <Text as="p" tone="subdued">
            {`And ${preview.needsChoiceCount - preview.needsChoice.length} more, left out. Run them in smaller selections to choose for each.`}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
