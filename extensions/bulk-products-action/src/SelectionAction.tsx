/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { BulkRunForm } from "@model-shots/extension-shared/BulkRunForm";

/** "Generate model shots" for the products selected on the product list: a bulk run, estimate first. */
export default async () => {
  const productIds = shopify.data.selected.map((item) => item.id);
  render(
    <BulkRunForm
      scope={{ kind: "products", productIds }}
      heading={`Model shots for ${productIds.length} products`}
      close={() => shopify.close()}
    />,
    document.body,
  );
};
