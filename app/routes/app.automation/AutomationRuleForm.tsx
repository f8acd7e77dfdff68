import { Form } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useRef, useState } from "react";
import type { FieldErrors } from "~/lib/validation";
import type { RuleView } from "./automation-page.server";
import { AUTOMATION_WORDS as WORDS } from "./automation-words";

const joined = (values: string[]) => values.join(", ");

/** A rule's form, new or being edited: which products, which look, candidates, resolution, budget, on or off. */
export function AutomationRuleForm(props: {
  rule: RuleView | null;
  looks: Array<{ id: string; name: string }>;
  errors: FieldErrors;
}) {
  const { rule, errors } = props;
  const shopify = useAppBridge();
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
            {rule ? WORDS.formEdit(rule.name) : WORDS.formNew}
          </Text>
          <FormLayout>
            <TextField
              label={WORDS.name}
              name="name"
              autoComplete="off"
              value={fields.name}
              onChange={set("name")}
              error={errors.name}
            />
            <BlockStack gap="100">
              <Text as="p">
                {WORDS.collection}:{" "}
                {fields.collectionId ? fields.collectionTitle || fields.collectionId : WORDS.clearCollection}
              </Text>
              <InlineStack gap="200">
                <Button onClick={() => void pickCollection()}>{WORDS.chooseCollection}</Button>
                {fields.collectionId ? (
                  <Button
                    onClick={() => setFields((current) => ({ ...current, collectionId: "", collectionTitle: "" }))}
                  >
                    {WORDS.clearCollection}
                  </Button>
                ) : null}
              </InlineStack>
              {errors.collectionId ? (
                <Text as="p" tone="critical">
                  {errors.collectionId}
                </Text>
              ) : null}
            </BlockStack>
            {text("categoryIds", WORDS.categories, WORDS.categoriesHelp)}
            {text("productTypes", WORDS.types, WORDS.listHelp)}
            {text("tags", WORDS.tags, WORDS.listHelp)}
            {text("vendors", WORDS.vendors, WORDS.listHelp)}
            <Select
              label={WORDS.look}
              name="lookId"
              options={[
                { label: WORDS.shopDefaults, value: "" },
                ...props.looks.map((look) => ({ label: look.name, value: look.id })),
              ]}
              value={fields.lookId}
              onChange={set("lookId")}
              error={errors.lookId}
            />
            <Select
              label={WORDS.resolution}
              name="resolution"
              options={["2K", "4K"]}
              value={fields.resolution}
              onChange={set("resolution")}
              error={errors.resolution}
            />
            <Select
              label={WORDS.candidates}
              name="candidates"
              options={["1", "2", "3", "4"]}
              value={fields.candidates}
              onChange={set("candidates")}
              error={errors.candidates}
            />
            <TextField
              label={WORDS.monthlyBudget}
              name="monthlyBudgetCredits"
              type="number"
              min={0}
              autoComplete="off"
              value={fields.monthlyBudgetCredits}
              onChange={set("monthlyBudgetCredits")}
              helpText={WORDS.monthlyBudgetHelp}
              error={errors.monthlyBudgetCredits}
            />
            <Checkbox label={WORDS.enabled} name="enabled" checked={fields.enabled} onChange={set("enabled")} />
            <InlineStack gap="200">
              <Button submit variant="primary" onClick={intentOf("save")}>
                {WORDS.save}
              </Button>
              <Button submit onClick={intentOf("preview")}>
                {WORDS.preview}
              </Button>
            </InlineStack>
          </FormLayout>
        </BlockStack>
      </Form>
    </Card>
  );
}
