import { Banner, BlockStack, Checkbox, FormLayout, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import type { FieldErrors } from "~/lib/validation";
import type { CatalogResult } from "~/tryon/catalog-view";
import { RENDER_OPTION_CHOICES, withProductType, type RenderOptionsFormValues } from "~/web/render-options-form";
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
  const { values, onChange, catalog, errors } = props;
  const set = <K extends keyof RenderOptionsFormValues>(key: K, value: RenderOptionsFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const disabled = props.disabled ? { disabled: true } : {};
  const poses = catalog.ok ? (catalog.catalog.posesByProductType[values.productType] ?? []) : [];

  return (
    <BlockStack gap="400">
      {props.garmentOfEachProduct ? (
        <Text as="p" tone="subdued">
          Each product is rendered as the garment it is: read from its category in Shopify, its product type or its
          title. Products that are not clothing are skipped, and you choose for products the app cannot place. The pose
          below is used for the products it suits; the others get the first pose that suits their garment.
        </Text>
      ) : (
        <FormLayout>
          <FormLayout.Group>
            <Select
              label="Garment type"
              name="productType"
              options={RENDER_OPTION_CHOICES.productType}
              value={values.productType}
              onChange={(productType) => onChange(withProductType(values, productType, catalog))}
              error={errors.productType}
              {...disabled}
            />
            <Select
              label="Category"
              name="productCategory"
              options={[{ value: "", label: "Not specified" }, ...RENDER_OPTION_CHOICES.productCategory]}
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
            title="Model"
            name="mannequinId"
            items={catalog.catalog.mannequins}
            value={values.mannequinId}
            onChange={(value) => set("mannequinId", value)}
            error={errors.mannequinId}
            {...disabled}
          />
          <CatalogPicker
            title="Pose"
            name="poseId"
            items={poses}
            value={values.poseId}
            onChange={(value) => set("poseId", value)}
            error={errors.poseId}
            {...disabled}
          />
          <CatalogPicker
            title="Background"
            name="background"
            items={catalog.catalog.backgrounds}
            value={values.background}
            onChange={(value) => set("background", value)}
            error={errors.background}
            noneLabel="Service default"
            {...disabled}
          />
        </InlineGrid>
      ) : (
        <Banner tone="warning" title="Models, poses and backgrounds are not available">
          <p>{catalog.message}</p>
        </Banner>
      )}

      <Checkbox
        label="Lock the background"
        helpText="Keep the background exactly as chosen instead of letting the service adapt it to the outfit."
        name="lockBackground"
        checked={values.lockBackground}
        onChange={(checked) => set("lockBackground", checked)}
        error={errors.lockBackground}
        {...disabled}
      />

      <FormLayout>
        <FormLayout.Group condensed>
          <Select
            label="Resolution"
            name="resolution"
            options={RENDER_OPTION_CHOICES.resolution}
            value={values.resolution}
            onChange={(value) => set("resolution", value)}
            error={errors.resolution}
            {...disabled}
          />
          <Select
            label="Aspect ratio"
            name="aspectRatio"
            options={RENDER_OPTION_CHOICES.aspectRatio}
            value={values.aspectRatio}
            onChange={(value) => set("aspectRatio", value)}
            error={errors.aspectRatio}
            {...disabled}
          />
          <Select
            label="Body size"
            name="bodySize"
            options={[{ value: "", label: "Service default" }, ...RENDER_OPTION_CHOICES.bodySize]}
            value={values.bodySize}
            onChange={(value) => set("bodySize", value)}
            error={errors.bodySize}
            {...disabled}
          />
          <Select
            label="Expression"
            name="expression"
            options={[{ value: "", label: "Service default" }, ...RENDER_OPTION_CHOICES.expression]}
            value={values.expression}
            onChange={(value) => set("expression", value)}
            error={errors.expression}
            {...disabled}
          />
        </FormLayout.Group>
        <TextField
          label="Instruction for the model (optional)"
          name="userInstruction"
          value={values.userInstruction}
          onChange={(value) => set("userInstruction", value)}
          multiline={3}
          maxLength={1000}
          showCharacterCount
          autoComplete="off"
          placeholder="For example: hands in pockets, sleeves rolled up"
          error={errors.userInstruction}
          {...disabled}
        />
      </FormLayout>
      <Text as="p" tone="subdued" variant="bodySm">
        Each render is checked before it is sent; nothing is charged for a render the service refuses up front.
      </Text>
    </BlockStack>
  );
}
