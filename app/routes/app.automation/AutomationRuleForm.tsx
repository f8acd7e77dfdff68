import { Form } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import { useFieldErrors, useFormat, useTranslation } from "~/i18n/react";
import type { FieldErrors } from "~/lib/validation";
import { creditsForJob } from "~/tryon/cost";
import { RESOLUTIONS } from "~/tryon/wire";
import type { RuleView } from "./automation-page.server";

const joined = (values: string[]) => values.join(", ");

/** A rule's form, new or being edited: which products, which look, candidates, resolution, budget, on or off. */
export function AutomationRuleForm(props: {
  rule: RuleView | null;
  looks: Array<{ id: string; name: string }>;
  errors: FieldErrors;
}) {
  const { rule } = props;
  const shopify = useAppBridge();
  const { t } = useTranslation("automation");
  const errors = useFieldErrors(props.errors);
  const format = useFormat();
  // Polaris buttons carry no name: the button pressed sets the intent before the form is sent.
  const intent = useRef<HTMLInputElement>(null);
  const intentOf = (value: string) => () => {
    if (intent.current) intent.current.value = value;
  };
  const [fields, setFields] = useState({
    name: rule?.name ?? "",
    collectionId: rule?.match.collectionId ?? "",
    collectionTitle: rule?.match.collectionTitle ?? "",
    categoryIds: joined((rule?.match.categoryIds ?? []).map((id) => id.split("/").pop() ?? id)),
    productTypes: joined(rule?.match.productTypes ?? []),
    tags: joined(rule?.match.tags ?? []),
    vendors: joined(rule?.match.vendors ?? []),
    lookId: rule?.lookId ?? "",
    resolution: rule?.resolution ?? "2K",
    candidates: String(rule?.candidates ?? 1),
    monthlyBudgetCredits: rule?.monthlyBudgetCredits === null || !rule ? "" : String(rule.monthlyBudgetCredits),
    enabled: rule?.enabled ?? false,
  });
  const set = (key: keyof typeof fields) => (value: string | boolean) =>
    setFields((current) => ({ ...current, [key]: value }));
  const pickCollection = async () => {
    const picked = await shopify.resourcePicker({ type: "collection", action: "select", multiple: false });
    const collection = picked?.[0];
    if (collection)
      setFields((current) => ({ ...current, collectionId: collection.id, collectionTitle: collection.title }));
  };
  const text = (key: "categoryIds" | "productTypes" | "tags" | "vendors", label: string, help: string) => (
    <TextField
      label={label}
      name={key}
      autoComplete="off"
      value={fields[key]}
      onChange={set(key)}
      helpText={help}
      error={errors[key]}
    />
  );
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" defaultValue="save" ref={intent} />
        <input type="hidden" name="ruleId" value={rule?.id ?? ""} />
        <input type="hidden" name="collectionId" value={fields.collectionId} />
        <input type="hidden" name="collectionTitle" value={fields.collectionTitle} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {rule ? t("form.edit", { name: rule.name }) : t("form.new")}
          </Text>
          <FormLayout>
            <TextField
              label={t("form.name")}
              name="name"
              autoComplete="off"
              value={fields.name}
              onChange={set("name")}
              error={errors.name}
            />
            <BlockStack gap="100">
              <Text as="p">
                {t("form.collection")}{" "}
                {fields.collectionId ? (
                  <span translate="no">{fields.collectionTitle || fields.collectionId}</span>
                ) : (
                  t("form.anyCollection")
                )}
              </Text>
              <InlineStack gap="200">
                <Button onClick={() => void pickCollection()}>{t("form.chooseCollection")}</Button>
                {fields.collectionId ? (
                  <Button
                    onClick={() => setFields((current) => ({ ...current, collectionId: "", collectionTitle: "" }))}
                  >
                    {t("form.anyCollection")}
                  </Button>
                ) : null}
              </InlineStack>
              {errors.collectionId ? (
                <Text as="p" tone="critical">
                  {errors.collectionId}
                </Text>
              ) : null}
            </BlockStack>
            {text("categoryIds", t("form.categories"), t("form.categoriesHelp"))}
            {text("productTypes", t("form.types"), t("form.listHelp"))}
            {text("tags", t("form.tags"), t("form.listHelp"))}
            {text("vendors", t("form.vendors"), t("form.listHelp"))}
            <Select
              label={t("form.look")}
              name="lookId"
              options={[
                { label: t("form.shopDefaults"), value: "" },
                ...props.looks.map((look) => ({ label: look.name, value: look.id })),
              ]}
              value={fields.lookId}
              onChange={set("lookId")}
              error={errors.lookId}
            />
            <Select
              label={t("form.resolution")}
              name="resolution"
              options={RESOLUTIONS.map((resolution) => ({
                value: resolution,
                label: t("options:resolution", { resolution, credits: format.credits(creditsForJob(resolution)) }),
              }))}
              value={fields.resolution}
              onChange={set("resolution")}
              error={errors.resolution}
            />
            <Select
              label={t("form.candidates")}
              name="candidates"
              options={["1", "2", "3", "4"]}
              value={fields.candidates}
              onChange={set("candidates")}
              error={errors.candidates}
            />
            <TextField
              label={t("form.monthlyBudget")}
              name="monthlyBudgetCredits"
              type="number"
              min={0}
              autoComplete="off"
              value={fields.monthlyBudgetCredits}
              onChange={set("monthlyBudgetCredits")}
              helpText={t("form.monthlyBudgetHelp")}
              error={errors.monthlyBudgetCredits}
            />
            {/* The value must be given: Polaris passes `value` to the input even when it is undefined, and React then
                sets it to "", so a ticked box posted `enabled=` and the rule was saved off. */}
            <Checkbox
              label={t("form.enabled")}
              name="enabled"
              value="on"
              checked={fields.enabled}
              onChange={set("enabled")}
            />
            <InlineStack gap="200">
              <Button submit variant="primary" onClick={intentOf("save")}>
                {t("form.save")}
              </Button>
              <Button submit onClick={intentOf("preview")}>
                {t("form.preview")}
              </Button>
            </InlineStack>
          </FormLayout>
        </BlockStack>
      </Form>
    </Card>
  );
}
