import { Card, FormLayout, Layout, TextField } from "@shopify/polaris";
import { useFieldErrors, useTranslation } from "~/i18n/react";
import type { SettingsFieldsProps } from "./settings-fields";

/** "Colour check": the colour difference (ΔE) up to which a colour counts as kept, and from which it drifted. */
export function SettingsColourCard({ form, onField, errors: fieldErrors }: SettingsFieldsProps) {
  const { t } = useTranslation("settings");
  const errors = useFieldErrors(fieldErrors);
  return (
    <Layout.AnnotatedSection id="colour" title={t("colour.title")} description={t("colour.description")}>
      <Card>
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label={t("colour.goodMax")}
              name="colourGoodMax"
              type="number"
              min={0.5}
              max={60}
              step={0.5}
              autoComplete="off"
              value={form.colourGoodMax}
              onChange={(value) => onField("colourGoodMax", value)}
              error={errors.colourGoodMax}
            />
            <TextField
              label={t("colour.driftMin")}
              name="colourDriftMin"
              type="number"
              min={0.5}
              max={60}
              step={0.5}
              autoComplete="off"
              value={form.colourDriftMin}
              onChange={(value) => onField("colourDriftMin", value)}
              helpText={t("colour.driftHelp")}
              error={errors.colourDriftMin}
            />
          </FormLayout.Group>
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
