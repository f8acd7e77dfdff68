import { useNavigation, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Layout,
  List,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useMemo, useState } from "react";
import type { BulkRunActionResult, BulkRunPageView } from "../pages/bulk-run.server";
import { formatCredits } from "../ui/format";
import type { RenderOptionsFormValues } from "../ui/render-options-form";
import { RenderOptionsFields } from "./RenderOptionsFields";
import { optionsToFormFields, withLook } from "./render-options-state";
import { useRequestKey } from "./request-key";

export type PickedScope =
  | { kind: "collection"; collectionId: string; title: string }
  | { kind: "products"; products: Array<{ id: string; title: string }> };

/** The scope as the form posts it. */
export function scopeFormFields(scope: PickedScope | null): Record<string, string | string[]> {
  if (!scope) return {};
  return scope.kind === "collection"
    ? { scopeKind: "collection", collectionId: scope.collectionId }
    : { scopeKind: "products", productIds: scope.products.map((product) => product.id) };
}

/** Everything the preview depends on; when it changes, the preview on screen no longer describes the run. */
export function previewInputsKey(scope: PickedScope | null, options: RenderOptionsFormValues, regenerate: boolean, budget: string): string {
  return JSON.stringify([scopeFormFields(scope), options, regenerate, budget.trim()]);
}

/** How many renders a budget allows, for the sentence under the estimate. */
export function rendersWithinBudget(budget: number | null, creditsPerRender: number, eligible: number): number {
  if (budget === null || creditsPerRender <= 0) return eligible;
  return Math.min(eligible, Math.floor(budget / creditsPerRender));
}

function toFormData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

export function BulkRunPage({ view, result }: { view: BulkRunPageView; result: BulkRunActionResult | undefined }) {
  const shopify = useAppBridge();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [requestKey] = useRequestKey();
  const initialScope: PickedScope | null =
    view.initialScope?.kind === "collection"
      ? { kind: "collection", collectionId: view.initialScope.collectionId, title: view.initialScope.title ?? "Collection" }
      : view.initialScope?.kind === "products"
        ? { kind: "products", products: view.initialScope.productIds.map((id) => ({ id, title: id })) }
        : null;
  const [scope, setScope] = useState<PickedScope | null>(initialScope);
  const [options, setOptions] = useState<RenderOptionsFormValues>(view.initialOptions);
  const [regenerate, setRegenerate] = useState(false);
  const [budget, setBudget] = useState("");
  const [lookId, setLookId] = useState("");
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const inputsKey = previewInputsKey(scope, options, regenerate, budget);
  const preview = result?.ok && result.intent === "preview" ? result.summary : null;
  const stale = preview !== null && previewedFor !== inputsKey;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  const fields = useMemo(
    () => ({
      ...scopeFormFields(scope),
      ...optionsToFormFields(options),
      ...(regenerate ? { regenerate: "on" } : {}),
      budgetCredits: budget,
    }),
    [scope, options, regenerate, budget],
  );

  const pickCollection = async () => {
    const picked = await shopify.resourcePicker({ type: "collection", action: "select", multiple: false });
    const collection = picked?.[0];
    if (collection) setScope({ kind: "collection", collectionId: collection.id, title: collection.title });
  };
  const pickProducts = async () => {
    const picked = await shopify.resourcePicker({
      type: "product",
      action: "select",
      multiple: 250,
      ...(scope?.kind === "products" ? { selectionIds: scope.products.map((product) => ({ id: product.id })) } : {}),
    });
    if (picked && picked.length > 0) {
      setScope({ kind: "products", products: picked.map((product) => ({ id: product.id, title: product.title })) });
    }
  };
  const runPreview = () => {
    setPreviewedFor(inputsKey);
    submit(toFormData({ intent: "preview", ...fields }), { method: "post" });
  };
  const start = () => submit(toFormData({ intent: "start", requestKey, ...fields }), { method: "post" });
  const applyLook = (id: string) => {
    setLookId(id);
    const look = view.looks.find((candidate) => candidate.id === id);
    if (look) setOptions((current) => withLook(current, look.options, view.catalog, false));
  };
  const budgetNumber = /^\d+$/.test(budget.trim()) ? Number(budget.trim()) : null;

  return (
    <Page title="New bulk run" backAction={{ content: "Bulk runs", url: "/app/runs" }}>
      <Layout>
        {result && !result.ok && (result.formError || errors.scope) ? (
          <Layout.Section>
            <Banner tone="critical">
              <p>{result.formError ?? errors.scope}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        {view.paused ? (
          <Layout.Section>
            <Banner tone="warning" title="Rendering is paused for your shop" action={{ content: "Go to Home", url: "/app" }}>
              <p>{view.paused.message} A run started now waits until it is fixed.</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
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
                    Collection: <Text as="span" fontWeight="semibold">{scope.title}</Text>
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
                  checked={regenerate}
                  onChange={setRegenerate}
                  helpText="Off: those products are skipped, so nobody pays twice for the same image."
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  Look
                </Text>
                <Select
                  label="Start from a saved look"
                  options={[{ value: "", label: view.looks.length ? "Shop defaults" : "No saved looks yet" }, ...view.looks.map((look) => ({ value: look.id, label: look.name }))]}
                  value={lookId}
                  onChange={applyLook}
                  disabled={view.looks.length === 0}
                />
                <RenderOptionsFields values={options} onChange={setOptions} catalog={view.catalog} errors={errors} />
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Preview and cost
              </Text>
              <TextField
                label="Budget cap (optional)"
                type="number"
                min={1}
                suffix="credits"
                autoComplete="off"
                value={budget}
                onChange={setBudget}
                helpText="The run stops starting new renders once it has spent this much."
                error={errors.budgetCredits}
              />
              <Button onClick={runPreview} loading={pendingIntent === "preview"} disabled={!scope || !view.catalog.ok}>
                Preview
              </Button>
              {preview ? (
                <BlockStack gap="200">
                  {stale ? (
                    <Banner tone="warning">
                      <p>You changed the selection or the options. Preview again before starting.</p>
                    </Banner>
                  ) : null}
                  <Text as="p">
                    <Text as="span" fontWeight="semibold">
                      {preview.eligibleCount} of {preview.productCount}
                    </Text>{" "}
                    products will be rendered ({preview.scopeTitle}).
                  </Text>
                  <Text as="p" variant="headingLg">
                    About {formatCredits(preview.estimateCredits)}
                  </Text>
                  <Text as="p" tone="subdued">
                    {formatCredits(preview.creditsPerRender)} per render, charged as each one starts; failed renders are refunded.
                    {budgetNumber !== null
                      ? ` With your budget, at most ${rendersWithinBudget(budgetNumber, preview.creditsPerRender, preview.eligibleCount)} renders will start.`
                      : ""}
                  </Text>
                  <Button
                    variant="primary"
                    onClick={start}
                    loading={pendingIntent === "start"}
                    disabled={stale || preview.eligibleCount === 0 || !requestKey || pendingIntent === "start"}
                  >
                    {`Start run of ${preview.eligibleCount} ${preview.eligibleCount === 1 ? "render" : "renders"}`}
                  </Button>
                </BlockStack>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
        {preview && preview.skippedCount > 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {preview.skippedCount} {preview.skippedCount === 1 ? "product" : "products"} will be skipped
                </Text>
                <List>
                  {preview.skipped.map((skip) => (
                    <List.Item key={skip.productId}>
                      <Text as="span" fontWeight="semibold">
                        {skip.title}
                      </Text>
                      : {skip.reasonText}
                    </List.Item>
                  ))}
                  {preview.skippedCount > preview.skipped.length ? <List.Item>and {preview.skippedCount - preview.skipped.length} more</List.Item> : null}
                </List>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
      </Layout>
    </Page>
  );
}
