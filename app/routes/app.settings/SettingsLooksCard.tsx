import { useSubmit } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Layout, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { describeOptions } from "~/web/render-options-form";
import type { SettingsPageView } from "./settings-page.server";

/** "Saved looks": each look with its options in words, and a button that deletes it. */
export function SettingsLooksCard({ looks, catalog }: Pick<SettingsPageView, "looks" | "catalog">) {
  const submit = useSubmit();
  return (
    <Layout.AnnotatedSection id="looks" title="Saved looks" description="Looks are saved from the Generate page.">
      <Card padding="0">
        <ResourceList
          resourceName={{ singular: "look", plural: "looks" }}
          items={looks}
          emptyState={
            <BlockStack gap="200">
              <Text as="p" tone="subdued" alignment="center">
                No saved looks yet.
              </Text>
            </BlockStack>
          }
          renderItem={(look) => (
            <ResourceItem id={look.id} onClick={() => undefined} accessibilityLabel={`Look ${look.name}`}>
              <InlineStack align="space-between" blockAlign="center">
                <BlockStack gap="100">
                  <Text as="h3" fontWeight="semibold">
                    {look.name}
                  </Text>
                  <Text as="p" tone="subdued">
                    {describeOptions(look.options, catalog)}
                  </Text>
                </BlockStack>
                <Button
                  tone="critical"
                  variant="plain"
                  onClick={() => submit({ intent: "delete-look", lookId: look.id }, { method: "post" })}
                >
                  Delete
                </Button>
              </InlineStack>
            </ResourceItem>
          )}
        />
      </Card>
    </Layout.AnnotatedSection>
  );
}
