/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { BulkRunForm } from "@model-shots/extension-shared/BulkRunForm";
import { t, setExtensionTranslate } from "@model-shots/extension-shared/i18n";

/** "Generate model shots" on a collection's page: a bulk run over the whole collection, estimate first. */
export default async () => {
  setExtensionTranslate(shopify.i18n.translate);
  const collectionId = shopify.data.selected[0]?.id ?? "";
  render(
    <BulkRunForm
      scope={{ kind: "collection", collectionId }}
      heading={t("bulk.collectionHeading")}
      close={() => shopify.close()}
    />,
    document.body,
  );
};
