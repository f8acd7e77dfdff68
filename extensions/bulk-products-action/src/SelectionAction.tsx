/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { BulkRunForm } from "@model-shots/extension-shared/BulkRunForm";
import { t, setExtensionTranslate } from "@model-shots/extension-shared/i18n";

/** "Generate model shots" for the products selected on the product list: a bulk run, estimate first. */
export default async () => {
  setExtensionTranslate(shopify.i18n.translate);
  const productIds = shopify.data.selected.map((item) => item.id);
  render(
    <BulkRunForm
      scope={{ kind: "products", productIds }}
      heading={t("bulk.productsHeading", { count: productIds.length })}
      close={() => shopify.close()}
    />,
    document.body,
  );
};
