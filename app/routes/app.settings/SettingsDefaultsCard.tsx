import { Card, Layout } from "@shopify/polaris";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import type { SettingsFieldsProps } from "./settings-fields";
import type { SettingsPageView } from "./settings-page.server";

/** "Defaults for new renders": the render options Generate, bulk runs and the admin actions start with. */
export function SettingsDefaultsCard({
  form,
  onField,
  errors,
  catalog,
}: SettingsFieldsProps & { catalog: SettingsPageView["catalog"] }) {
  return (
    <Layout.AnnotatedSection
      id="defaults"
      title="Defaults for new renders"
      description="What Generate, bulk runs and the admin actions start with. Staff can change them for each render."
    >
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
