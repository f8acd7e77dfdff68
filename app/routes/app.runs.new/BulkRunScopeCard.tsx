import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, Checkbox, InlineStack, List, Text } from "@shopify/polaris";
import type { PickedScope } from "./bulk-run-form";

/**
 * "What to render": a collection or products picked with Shopify's resource picker (the first ten listed), and
 * whether products already rendered with this look are rendered again, and each colour on its own.
 */
export function BulkRunScopeCard(props: {
  scope: PickedScope | null;
  onScope: (scope: PickedScope) => void;
  regenerate: boolean;
  onRegenerate: (regenerate: boolean) => void;
  perColour: boolean;
  onPerColour: (perColour: boolean) => void;
  perColourError: string | undefined;
}) {
  const shopify = useAppBridge();
  const { scope, onScope } = props;
  const pickCollection = async () => {
    const picked = await shopify.resourcePicker({ type: "collection", action: "select", multiple: false });
    const collection = picked?.[0];
    if (collection) onScope({ kind: "collection", collectionId: collection.id, title: collection.title });
  };
  const pickProducts = async () => {
    const picked = await shopify.resourcePicker({
      type: "product",
      action: "select",
      multiple: 250,
      ...(scope?.kind === "products" ? { selectionIds: scope.products.map((product) => ({ id: product.id })) } : {}),
    });
    if (picked && picked.length > 0) {
      onScope({ kind: "products", products: picked.map((product) => ({ id: product.id, title: product.title })) });
    }
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          What to render
        </Text>
        <InlineStack gap="200">
          <Button onClick={() => void pickCollection()}>Choose a collection</Button>
          <Button onClick={() => void pickProducts()}>Choose products</Button>
        </InlineStack>
        {scope?.kind === "collection" ? (
          <Text as="p">
            Collection:{" "}
            <Text as="span" fontWeight="semibold">
              {scope.title}
            </Text>
          </Text>
        ) : scope?.kind === "products" ? (
          <BlockStack gap="100">
            <Text as="p">{scope.products.length} products selected</Text>
            <List>
              {scope.products.slice(0, 10).map((product) => (
                <List.Item key={product.id}>{product.title}</List.Item>
              ))}
              {scope.products.length > 10 ? <List.Item>and {scope.products.length - 10} more</List.Item> : null}
            </List>
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            Nothing chosen yet.
          </Text>
        )}
        <Checkbox
          label="Regenerate products that already have an approved render with this look"
          checked={props.regenerate}
          onChange={props.onRegenerate}
          helpText="Off: those products are skipped, so nobody pays twice for the same image."
        />
        <Checkbox
          label="One shot per colour"
          checked={props.perColour}
          onChange={props.onPerColour}
          error={props.perColourError}
          helpText="For products whose variants differ by colour: each colour rendered from its own variant photo and added to that colour's variants. Products without colours, or without a photo per colour, get one shot as usual."
        />
      </BlockStack>
    </Card>
  );
}
