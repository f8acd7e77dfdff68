import { Card, Checkbox, FormLayout, Layout, TextField } from "@shopify/polaris";
import { useFieldErrors, useTranslation } from "~/i18n/react";
import type { SettingsFieldsProps } from "./settings-fields";

/** "Rendering and publishing": renders at the same time, publishing without review, and holding drift for review. */
export function SettingsPublishingCard({ form, onField, errors: fieldErrors }: SettingsFieldsProps) {
  const { t } = useTranslation("settings");
  const errors = useFieldErrors(fieldErrors);
  return (
    <Layout.AnnotatedSection id="publishing" title={t("publishing.title")} description={t("publishing.description")}>
      <Card>
        <FormLayout>
          <TextField
            label={t("publishing.concurrency")}
            name="concurrencyCap"
            type="number"
            min={1}
            max={20}
            autoComplete="off"
            value={form.concurrencyCap}
            onChange={(value) => onField("concurrencyCap", value)}
            helpText={t("publishing.concurrencyHelp")}
            error={errors.concurrencyCap}
          />
          <Checkbox
            label={t("publishing.withoutReview")}
            name="publishWithoutReview"
            checked={form.publishWithoutReview}
            onChange={(checked) => onField("publishWithoutReview", checked)}
            helpText={t("publishing.withoutReviewHelp")}
            error={errors.publishWithoutReview}
          />
          <Checkbox
            label={t("publishing.holdDrift")}
            name="holdDriftFromAutoPublish"
            checked={form.holdDriftFromAutoPublish}
            onChange={(checked) => onField("holdDriftFromAutoPublish", checked)}
            helpText={t("publishing.holdDriftHelp")}
            error={errors.holdDriftFromAutoPublish}
          />
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
