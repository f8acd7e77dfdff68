import { Banner, BlockStack, Checkbox, FormLayout, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useFieldErrors, useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import type { FieldErrors } from "~/lib/validation";
import { creditsForJob } from "~/tryon/cost";
import type { CatalogResult } from "~/tryon/catalog-view";
import {
  RENDER_OPTION_CHOICES,
  withProductType,
  type Choice,
  type RenderOptionsFormValues,
} from "~/web/render-options-form";
import { CatalogPicker } from "./CatalogPicker";

/**
 * The render options form: garment, model, pose, background (with the catalog's thumbnails), resolution, aspect
 * ratio, body size, expression, lock background and a free instruction. Controlled: the page owns the values
 * and submits them with its own fields.
 */
export function RenderOptionsFields(props: {
  values: RenderOptionsFormValues;
  onChange: (values: RenderOptionsFormValues) => void;
  catalog: CatalogResult;
  errors: FieldErrors;
  disabled?: boolean;
  /**
   * A bulk run: each product is rendered as the garment it is, so the garment is not chosen here; the pose is kept
   * for the products it suits.
   */
  garmentOfEachProduct?: boolean;
}) {
  const { values, onChange, catalog } = props;
  const { t } = useTranslation("options");
  const format = useFormat();
  const errors = useFieldErrors(props.errors);
  const say = useStaffMessage();
  // The choices' words from options.json; a value the service added since is shown as the service names it.
  const named = (list: string, choices: Choice[]) =>
    choices.map((choice) => ({
      value: choice.value,
      label: t(`${list}.${choice.value.replace(":", "x")}`, { defaultValue: choice.label }),
    }));
  const set = <K extends keyof RenderOptionsFormValues>(key: K, value: RenderOptionsFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const disabled = props.disabled ? { disabled: true } : {};
  const poses = catalog.ok ? (catalog.catalog.posesByProductType[values.productType] ?? []) : [];

  return (
    <BlockStack gap="400">
      {props.garmentOfEachProduct ? (
        <Text as="p" tone="subdued">
          {t("garmentOfEachProduct")}
        </Text>
      ) : (
        <FormLayout>
          <FormLayout.Group>
            <Select
              label={t("fields.productType")}
              name="productType"
              options={named("productType", RENDER_OPTION_CHOICES.productType)}
              value={values.productType}
              onChange={(productType) => onChange(withProductType(values, productType, catalog))}
              error={errors.productType}
              {...disabled}
            />
            <Select
              label={t("fields.productCategory")}
              name="productCategory"
              options={[
                { value: "", label: t("notSpecified") },
                ...named("productCategory", RENDER_OPTION_CHOICES.productCategory),
              ]}
              value={values.productCategory}
              onChange={(value) => set("productCategory", value)}
              error={errors.productCategory}
              {...disabled}
            />
          </FormLayout.Group>
        </FormLayout>
      )}

      {catalog.ok ? (
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
          <CatalogPicker
            title={t("fields.model")}
            name="mannequinId"
            items={catalog.catalog.mannequins}
            value={values.mannequinId}
            onChange={(value) => set("mannequinId", value)}
            error={errors.mannequinId}
            {...disabled}
          />
          <CatalogPicker
            title={t("fields.pose")}
            name="poseId"
            items={poses}
            value={values.poseId}
            onChange={(value) => set("poseId", value)}
            error={errors.poseId}
            {...disabled}
          />
          <CatalogPicker
            title={t("fields.background")}
            name="background"
            items={catalog.catalog.backgrounds}
            value={values.background}
            onChange={(value) => set("background", value)}
            error={errors.background}
            noneLabel={t("serviceDefault")}
            {...disabled}
          />
        </InlineGrid>
      ) : (
        <Banner tone="warning" title={t("catalogUnavailable")}>
          <p>{say(catalog.message)}</p>
        </Banner>
      )}

      <Checkbox
        label={t("fields.lockBackground")}
        helpText={t("fields.lockBackgroundHelp")}
        name="lockBackground"
        checked={values.lockBackground}
        onChange={(checked) => set("lockBackground", checked)}
        error={errors.lockBackground}
        {...disabled}
      />

      <FormLayout>
        <FormLayout.Group condensed>
          <Select
            label={t("fields.resolution")}
            name="resolution"
            options={RENDER_OPTION_CHOICES.resolution.map(({ value }) => ({
              value,
              label: t("resolution", { resolution: value, credits: format.credits(creditsForJob(value)) }),
            }))}
            value={values.resolution}
            onChange={(value) => set("resolution", value)}
            error={errors.resolution}
            {...disabled}
          />
          <Select
            label={t("fields.aspectRatio")}
            name="aspectRatio"
            options={named("aspectRatio", RENDER_OPTION_CHOICES.aspectRatio)}
            value={values.aspectRatio}
            onChange={(value) => set("aspectRatio", value)}
            error={errors.aspectRatio}
            {...disabled}
          />
          <Select
            label={t("fields.bodySize")}
            name="bodySize"
            options={[{ value: "", label: t("serviceDefault") }, ...named("bodySize", RENDER_OPTION_CHOICES.bodySize)]}
            value={values.bodySize}
            onChange={(value) => set("bodySize", value)}
            error={errors.bodySize}
            {...disabled}
          />
          <Select
            label={t("fields.expression")}
            name="expression"
            options={[
              { value: "", label: t("serviceDefault") },
              ...named("expression", RENDER_OPTION_CHOICES.expression),
            ]}
            value={values.expression}
            onChange={(value) => set("expression", value)}
            error={errors.expression}
            {...disabled}
          />
        </FormLayout.Group>
        <TextField
          label={t("fields.instruction")}
          name="userInstruction"
          value={values.userInstruction}
          onChange={(value) => set("userInstruction", value)}
          multiline={3}
          maxLength={1000}
          showCharacterCount
          autoComplete="off"
          placeholder={t("fields.instructionPlaceholder")}
          error={errors.userInstruction}
          {...disabled}
        />
      </FormLayout>
      <Text as="p" tone="subdued" variant="bodySm">
        {t("checkedBeforeSent")}
      </Text>
    </BlockStack>
  );
}
