import { BlockStack, Card, Select, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { RENDER_OPTION_CHOICES } from "~/web/render-options-form";
import type { PreviewSummary } from "./BulkRunEstimate";

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
  const { t } = useTranslation("bulkRun");
  const say = useStaffMessage();
  if (!preview || preview.needsChoiceCount <= 0) return null;
  const options = [
    { value: "", label: t("choices.leaveOut") },
    ...RENDER_OPTION_CHOICES.productType.map(({ value }) => ({ value, label: t(`options:productType.${value}`) })),
  ];
  const setAll = (garment: string) =>
    props.onChoices({
      ...choices,
      ...Object.fromEntries(preview.needsChoice.map((product) => [product.productId, garment])),
    });
  const more = preview.needsChoiceCount - preview.needsChoice.length;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("choices.heading", { count: preview.needsChoiceCount })}
        </Text>
        <Text as="p" tone="subdued">
          {t("choices.body")}
        </Text>
        <Select label={t("choices.chooseForAll")} options={options} value="" onChange={setAll} />
        {preview.needsChoice.map((product) => (
          <Select
            key={product.productId}
            label={<span translate="no">{product.title}</span>}
            helpText={say(product.sentence)}
            options={options}
            value={choices[product.productId] ?? ""}
            onChange={(garment) => props.onChoices({ ...choices, [product.productId]: garment })}
          />
        ))}
        {more > 0 ? (
          <Text as="p" tone="subdued">
            {t("choices.more", { count: more })}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
