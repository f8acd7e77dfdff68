/** @jsxImportSource preact */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { BulkRunForm } from "@model-shots/extension-shared/BulkRunForm";

/** "Generate model shots" on a collection's page: a bulk run over the whole collection, estimate first. */
export default async () => {
  const collectionId = shopify.data.selected[0]?.id ?? "";
  render(
    <BulkRunForm
      scope={{ kind: "collection", collectionId }}
      heading="Model shots for this collection"
      close={() => shopify.close()}
    />,
    document.body,
  );
};
