import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, Checkbox, InlineStack, List, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
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
  const { t } = useTranslation("bulkRun");
  const say = useStaffMessage();
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
          {t("scope.heading")}
        </Text>
        <InlineStack gap="200">
          <Button onClick={() => void pickCollection()}>{t("scope.chooseCollection")}</Button>
          <Button onClick={() => void pickProducts()}>{t("scope.chooseProducts")}</Button>
        </InlineStack>
        {scope?.kind === "collection" ? (
          <Text as="p">
            {t("scope.collectionLabel")}{" "}
            <Text as="span" fontWeight="semibold">
              <span translate="no">{scope.title}</span>
            </Text>
          </Text>
        ) : scope?.kind === "products" ? (
          <BlockStack gap="100">
            <Text as="p">{t("scope.productsSelected", { count: scope.products.length })}</Text>
            <List>
              {scope.products.slice(0, 10).map((product) => (
                <List.Item key={product.id}>
                  <span translate="no">{product.title}</span>
                </List.Item>
              ))}
              {scope.products.length > 10 ? (
                <List.Item>{t("more", { count: scope.products.length - 10 })}</List.Item>
              ) : null}
            </List>
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            {t("scope.nothingChosen")}
          </Text>
        )}
        <Checkbox
          label={t("scope.regenerate")}
          checked={props.regenerate}
          onChange={props.onRegenerate}
          helpText={t("scope.regenerateHelp")}
        />
        <Checkbox
          label={t("scope.perColour")}
          checked={props.perColour}
          onChange={props.onPerColour}
          error={props.perColourError ? say(props.perColourError) : undefined}
          helpText={t("scope.perColourHelp")}
        />
      </BlockStack>
    </Card>
  );
}
