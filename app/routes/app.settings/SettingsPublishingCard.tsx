import { Card, Checkbox, FormLayout, Layout, TextField } from "@shopify/polaris";
import type { SettingsFieldsProps } from "./settings-fields";

/** "Rendering and publishing": renders at the same time, publishing without review, and holding drift for review. */
export function SettingsPublishingCard({ form, onField, errors }: SettingsFieldsProps) {
  return (
    <Layout.AnnotatedSection
      id="publishing"
      title="Rendering and publishing"
      description="How many renders may run at once, and whether finished images skip review."
    >
      <Card>
        <FormLayout>
          <TextField
            label="Renders at the same time"
            name="concurrencyCap"
            type="number"
            min={1}
            max={20}
            autoComplete="off"
            value={form.concurrencyCap}
            onChange={(value) => onField("concurrencyCap", value)}
            helpText="More finishes a run sooner; fewer leaves room in your try-on account for other work."
            error={errors.concurrencyCap}
          />
          <Checkbox
            label="Publish without review"
            name="publishWithoutReview"
            checked={form.publishWithoutReview}
            onChange={(checked) => onField("publishWithoutReview", checked)}
            helpText="Off by default. When on, finished images are added to products at once, without anyone approving them."
            error={errors.publishWithoutReview}
          />
          <Checkbox
            label="Keep renders whose colours drifted for review"
            name="holdDriftFromAutoPublish"
            checked={form.holdDriftFromAutoPublish}
            onChange={(checked) => onField("holdDriftFromAutoPublish", checked)}
            helpText="On by default. With publishing without review, a render whose garment changed colour still waits for someone to look."
            error={errors.holdDriftFromAutoPublish}
          />
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
