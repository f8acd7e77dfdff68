import { Box, ChoiceList, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";
import type { CatalogItem } from "~/tryon/catalog-view";

export const NONE_VALUE = "";

/**
 * One of the try-on catalog's lists (models, poses, backgrounds) as radio choices with the catalog's thumbnails,
 * so staff pick by looking rather than by id.
 */
export function CatalogPicker(props: {
  title: string;
  name: string;
  items: CatalogItem[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Adds a first choice meaning "none" (the service's default), with this label. */
  noneLabel?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("options");
  const choices = [
    ...(props.noneLabel !== undefined ? [{ value: NONE_VALUE, label: <Text as="span">{props.noneLabel}</Text> }] : []),
    ...props.items.map((item) => ({
      value: item.id,
      label: (
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          {item.thumbnailUrl ? (
            // The name beside it labels the choice: the picture is decoration to a screen reader.
            <Thumbnail source={item.thumbnailUrl} alt="" size="small" />
          ) : (
            <Box minWidth="40px" minHeight="40px" background="bg-fill-secondary" borderRadius="100" />
          )}
          {/* The catalog's own name for it (data from the try-on service, not a word to translate). */}
          <span translate="no">
            <Text as="span">{item.name}</Text>
          </span>
        </InlineStack>
      ),
    })),
  ];
  // A value the list no longer has (a retired model) is shown as an error rather than silently replaced.
  const missing = props.value !== NONE_VALUE && !props.items.some((item) => item.id === props.value);
  return (
    <ChoiceList
      title={props.title}
      name={props.name}
      choices={choices}
      selected={[props.value]}
      onChange={(selected) => props.onChange(selected[0] ?? NONE_VALUE)}
      error={props.error ?? (missing && props.value ? t("notInCatalog", { value: props.value }) : undefined)}
      {...(props.disabled ? { disabled: true } : {})}
    />
  );
}
