import { Card, Layout } from "@shopify/polaris";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { useTranslation } from "~/i18n/react";
import type { SettingsFieldsProps } from "./settings-fields";
import type { SettingsPageView } from "./settings-page.server";

/** "Defaults for new renders": the render options Generate, bulk runs and the admin actions start with. */
export function SettingsDefaultsCard({
  form,
  onField,
  errors,
  catalog,
}: SettingsFieldsProps & { catalog: SettingsPageView["catalog"] }) {
  const { t } = useTranslation("settings");
  return (
    <Layout.AnnotatedSection id="defaults" title={t("defaults.title")} description={t("defaults.description")}>
      <Card>
        <RenderOptionsFields
          values={form.options}
          onChange={(options) => onField("options", options)}
          catalog={catalog}
          errors={errors}
        />
      </Card>
    </Layout.AnnotatedSection>
  );
}
