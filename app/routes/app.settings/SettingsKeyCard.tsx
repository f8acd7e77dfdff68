import { Card, FormLayout, Layout, TextField } from "@shopify/polaris";
import type { SettingsFieldsProps } from "./settings-fields";
import type { SettingsPageView } from "./settings-page.server";

/** "Try-on service": the account's key (never shown again, only its last four characters) and the address. */
export function SettingsKeyCard({
  form,
  onField,
  errors,
  settings,
}: SettingsFieldsProps & { settings: SettingsPageView["settings"] }) {
  return (
    <Layout.AnnotatedSection
      id="service"
      title="Try-on service"
      description="The key of your virtual try-on account. It is checked with the service before it is saved, stored encrypted, and never shown again: only its last four characters."
    >
      <Card>
        <FormLayout>
          <TextField
            label="API key"
            name="apiKey"
            type="password"
            autoComplete="off"
            value={form.apiKey}
            onChange={(value) => onField("apiKey", value)}
            placeholder={settings.keyLast4 ? `Saved key ending in ${settings.keyLast4}` : "Paste your key"}
            helpText={
              settings.hasKey
                ? `A key ending in ${settings.keyLast4 ?? "····"} is saved. Paste a new one only to replace it.`
                : "Find it in your try-on account's settings."
            }
            error={errors.apiKey}
          />
          <TextField
            label="Service address"
            name="tryOnBaseUrl"
            type="url"
            autoComplete="off"
            value={form.tryOnBaseUrl}
            onChange={(value) => onField("tryOnBaseUrl", value)}
            placeholder={settings.defaultBaseUrl ?? "https://api.example-tryon.com"}
            helpText={
              settings.defaultBaseUrl
                ? `Leave empty to use ${settings.defaultBaseUrl}.`
                : "The address your try-on account gave you."
            }
            error={errors.tryOnBaseUrl}
          />
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
