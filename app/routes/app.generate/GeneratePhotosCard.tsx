import { Banner, BlockStack, Card, ChoiceList, InlineStack, Text, Thumbnail } from "@shopify/polaris";
import { useFieldErrors, useTranslation } from "~/i18n/react";
import type { FieldErrors } from "~/lib/validation";
import type { ProductPhotoView } from "./generate.server";

function PhotoChoices(props: {
  title: string;
  photos: ProductPhotoView[];
  selected: string;
  onChange: (mediaId: string) => void;
  noneLabel?: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation("generate");
  const choices = [
    ...(props.noneLabel ? [{ value: "", label: <Text as="span">{props.noneLabel}</Text> }] : []),
    ...props.photos.map((photo, index) => ({
      value: photo.mediaId,
      label: (
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          {/* The name beside it labels the choice: the picture is decoration to a screen reader (axe image-redundant-alt). */}
          <Thumbnail source={photo.url} alt="" size="medium" />
          {photo.alt ? (
            <Text as="span">
              <span translate="no">{photo.alt}</span>
            </Text>
          ) : (
            <Text as="span">{t("photos.numbered", { number: index + 1 })}</Text>
          )}
        </InlineStack>
      ),
    })),
  ];
  return (
    <ChoiceList
      title={props.title}
      choices={choices}
      selected={[props.selected]}
      onChange={(selected) => props.onChange(selected[0] ?? "")}
      error={props.error}
    />
  );
}

/**
 * The photos a render is made from: the front (the garment the model wears) and an optional back; with one shot
 * per colour, a sentence that each colour uses its own photo; a warning when the product has no photo.
 */
export function GeneratePhotosCard(props: {
  photos: ProductPhotoView[];
  /** The colour option's name when each colour is rendered from its own photo, else null. */
  byColourOption: string | null;
  front: string;
  onFront: (mediaId: string) => void;
  back: string;
  onBack: (mediaId: string) => void;
  errors: FieldErrors;
}) {
  const { photos, byColourOption, front, back } = props;
  const { t } = useTranslation("generate");
  const errors = useFieldErrors(props.errors);
  return (
    <Card>
      {photos.length === 0 ? (
        <Banner tone="warning" title={t("photos.none.title")}>
          <p>{t("photos.none.body")}</p>
        </Banner>
      ) : byColourOption !== null ? (
        <Text as="p">{t("photos.byColour")}</Text>
      ) : (
        <BlockStack gap="400">
          <PhotoChoices
            title={t("photos.front")}
            photos={photos}
            selected={front}
            onChange={props.onFront}
            error={errors.frontMediaId}
          />
          <PhotoChoices
            title={t("photos.back")}
            photos={photos.filter((photo) => photo.mediaId !== front)}
            selected={back === front ? "" : back}
            onChange={props.onBack}
            noneLabel={t("photos.noBack")}
            error={errors.backMediaId}
          />
        </BlockStack>
      )}
    </Card>
  );
}
