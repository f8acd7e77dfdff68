import { Card, FormLayout, Layout, TextField } from "@shopify/polaris";
import { useFieldErrors, useTranslation } from "~/i18n/react";
import type { SettingsFieldsProps } from "./settings-fields";
import type { SettingsPageView } from "./settings-page.server";

/** "Try-on service": the account's key (never shown again, only its last four characters) and the address. */
export function SettingsKeyCard({
  form,
  onField,
  errors: fieldErrors,
  settings,
}: SettingsFieldsProps & { settings: SettingsPageView["settings"] }) {
  const { t } = useTranslation("settings");
  const errors = useFieldErrors(fieldErrors);
  return (
    <Layout.AnnotatedSection id="service" title={t("service.title")} description={t("service.description")}>
      <Card>
        <FormLayout>
          <TextField
            label={t("service.apiKey")}
            name="apiKey"
            type="password"
            autoComplete="off"
            value={form.apiKey}
            onChange={(value) => onField("apiKey", value)}
            placeholder={
              settings.keyLast4 ? t("service.savedKeyPlaceholder", { last4: settings.keyLast4 }) : t("service.pasteKey")
            }
            helpText={
              settings.hasKey ? t("service.keySaved", { last4: settings.keyLast4 ?? "····" }) : t("service.findKey")
            }
            error={errors.apiKey}
          />
          <TextField
            label={t("service.address")}
            name="tryOnBaseUrl"
            type="url"
            autoComplete="off"
            value={form.tryOnBaseUrl}
            onChange={(value) => onField("tryOnBaseUrl", value)}
            placeholder={settings.defaultBaseUrl ?? "https://api.example-tryon.com"}
            helpText={
              settings.defaultBaseUrl
                ? t("service.addressDefault", { url: settings.defaultBaseUrl })
                : t("service.addressHelp")
            }
            error={errors.tryOnBaseUrl}
          />
        </FormLayout>
      </Card>
    </Layout.AnnotatedSection>
  );
}
