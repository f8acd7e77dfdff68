import { useSubmit } from "@remix-run/react";
import { BlockStack, Button, Card, InlineStack, Layout, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { describeOptions } from "~/web/render-options-form";
import type { SettingsPageView } from "./settings-page.server";

/** "Saved looks": each look with its options in words, and a button that deletes it. */
export function SettingsLooksCard({ looks, catalog }: Pick<SettingsPageView, "looks" | "catalog">) {
  const submit = useSubmit();
  const { t } = useTranslation("settings");
  const say = useStaffMessage();
  return (
    <Layout.AnnotatedSection id="looks" title={t("looks.title")} description={t("looks.description")}>
      <Card padding="0">
        <ResourceList
          resourceName={{ singular: t("looks.singular"), plural: t("looks.plural") }}
          items={looks}
          emptyState={
            <BlockStack gap="200">
              <Text as="p" tone="subdued" alignment="center">
                {t("looks.none")}
              </Text>
            </BlockStack>
          }
          renderItem={(look) => (
            <ResourceItem
              id={look.id}
              onClick={() => undefined}
              accessibilityLabel={t("looks.itemLabel", { name: look.name })}
            >
              <InlineStack align="space-between" blockAlign="center">
                <BlockStack gap="100">
                  <Text as="h3" fontWeight="semibold">
                    <span translate="no">{look.name}</span>
                  </Text>
                  <Text as="p" tone="subdued">
                    {describeOptions(look.options, catalog).map(say).join(" · ")}
                  </Text>
                </BlockStack>
                <Button
                  tone="critical"
                  variant="plain"
                  onClick={() => submit({ intent: "delete-look", lookId: look.id }, { method: "post" })}
                >
                  {t("looks.delete")}
                </Button>
              </InlineStack>
            </ResourceItem>
          )}
        />
      </Card>
    </Layout.AnnotatedSection>
  );
}
