import { Card, FormLayout, Layout, TextField } from "@shopify/polaris";
import type { SettingsFieldsProps } from "./settings-fields";

/** "Colour check": the colour difference (ΔE) up to which a colour counts as kept, and from which it drifted. */
export function SettingsColourCard({ form, onField, errors }: SettingsFieldsProps) {
  return (
    <Layout.AnnotatedSection
      id="colour"
      title="Colour check"
      description="Each render's garment colours are compared with the product photo's before review, as a colour difference (ΔE, CIEDE2000): under 2 is hard to see, above 10 is another shade."
    >
      <Card>
        <FormLayout>
          <FormLayout.Group>
            <TextField
              label="Colour kept up to (ΔE)"
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
              label="Colour drift from (ΔE)"
              name="colourDriftMin"
              type="number"
              min={0.5}
              max={60}
              step={0.5}
              autoComplete="off"
              value={form.colourDriftMin}
              onChange={(value) => onField("colourDriftMin", value)}
              helpText="Between the two, a render is marked 'Check colour'. The score only advises: it never publishes or deletes."
              error={errors.colourDriftMin}
            />
          </FormLayout.Group>
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
