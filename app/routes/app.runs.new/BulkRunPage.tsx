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
  ProgressBar,
  Text,
  TextField,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { BulkRunActionResult, BulkRunPageView } from "./bulk-run.server";
import { formatCredits } from "~/web/format";
import { formDataOf } from "~/web/forms";
import { optionsToFormFields, withLook, type RenderOptionsFormValues } from "~/web/render-options-form";
import { FormErrorBanner } from "~/components/FormErrorBanner";
import { LookCard } from "~/components/LookCard";
import { PausedBanner } from "~/components/PausedBanner";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { useRequestKey } from "~/web/request-key";
import {
  describeGarments,
  previewInputsKey,
  rendersWithinBudget,
  scopeFormFields,
  type PickedScope,
} from "./bulk-run-form";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import { CandidatesSelect } from "~/components/CandidatesSelect";
import { describeListing } from "~/renders/runs/listing-progress";

/** How often the page asks again while a large collection is being read. */
const LISTING_POLL_MS = 3_000;

export function BulkRunPage({ view, result }: { view: BulkRunPageView; result: BulkRunActionResult | undefined }) {
  const shopify = useAppBridge();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [requestKey] = useRequestKey();
  const initialScope: PickedScope | null =
    view.initialScope?.kind === "collection"
      ? {
          kind: "collection",
          collectionId: view.initialScope.collectionId,
          title: view.initialScope.title ?? "Collection",
        }
      : view.initialScope?.kind === "products"
        ? { kind: "products", products: view.initialScope.productIds.map((id) => ({ id, title: id })) }
        : null;
  const [scope, setScope] = useState<PickedScope | null>(initialScope);
  const [options, setOptions] = useState<RenderOptionsFormValues>(view.initialOptions);
  const [regenerate, setRegenerate] = useState(false);
  const [detectGarments, setDetectGarments] = useState(true);
  const [perColour, setPerColour] = useState(false);
  const [budget, setBudget] = useState("");
  const [candidates, setCandidates] = useState("1");
  const [lookId, setLookId] = useState("");
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const inputsKey = previewInputsKey(scope, options, { regenerate, detectGarments, candidates, perColour }, budget);
  const preview = result?.ok && result.intent === "preview" ? result.summary : null;
  // A large collection being read in the background: shown with its progress, asked again every few seconds.
  const listing = result?.ok && result.intent === "listing" && previewedFor === inputsKey ? result.listing : null;
  const listingView = listing ? describeListing(listing) : null;
  const stale = preview !== null && previewedFor !== inputsKey;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  const fields = useMemo(
    () => ({
      ...scopeFormFields(scope),
      ...optionsToFormFields(options),
      ...(regenerate ? { regenerate: "on" } : {}),
      ...(detectGarments ? { detectGarments: "on" } : {}),
      ...(perColour ? { perColour: "on" } : {}),
      budgetCredits: budget,
      candidates,
    }),
    [scope, options, regenerate, detectGarments, perColour, budget, candidates],
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
  const askPreview = useCallback(
    () => submit(formDataOf({ intent: "preview", ...fields }), { method: "post" }),
    [submit, fields],
  );
  const runPreview = () => {
    setPreviewedFor(inputsKey);
    askPreview();
  };
  const start = () => submit(formDataOf({ intent: "start", requestKey, ...fields }), { method: "post" });
  useEffect(() => {
    if (!listing || navigation.state !== "idle") return;
    const timer = setTimeout(askPreview, LISTING_POLL_MS);
    return () => clearTimeout(timer);
  }, [listing, navigation.state, askPreview]);
  const applyLook = (id: string) => {
    setLookId(id);
    const look = view.looks.find((candidate) => candidate.id === id);
    if (look) setOptions((current) => withLook(current, look.options, view.catalog, false));
  };
  const budgetNumber = /^\d+$/.test(budget.trim()) ? Number(budget.trim()) : null;

  return (
    <Page title="New bulk run" backAction={{ content: "Bulk runs", url: "/app/runs" }}>
      <Layout>
        <FormErrorBanner message={result && !result.ok ? (result.formError ?? errors.scope) : null} />
        <PausedBanner paused={view.paused} consequence="A run started now waits until it is fixed." />
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
                  checked={regenerate}
                  onChange={setRegenerate}
                  helpText="Off: those products are skipped, so nobody pays twice for the same image."
                />
                <Checkbox
                  label="One shot per colour"
                  checked={perColour}
                  onChange={setPerColour}
                  error={errors.perColour}
                  helpText="For products whose variants differ by colour: each colour rendered from its own variant photo and added to that colour's variants. Products without colours, or without a photo per colour, get one shot as usual."
                />
              </BlockStack>
            </Card>
            <LookCard looks={view.looks} lookId={lookId} onLook={applyLook}>
              <Checkbox
                label="Render each product as the garment it is"
                checked={detectGarments}
                onChange={setDetectGarments}
                helpText="Read from the product's type or title in Shopify (dresses as dresses, trousers as bottoms), with a pose that suits it. Products that say nothing use the garment type below."
              />
              <RenderOptionsFields values={options} onChange={setOptions} catalog={view.catalog} errors={errors} />
            </LookCard>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                Preview and cost
              </Text>
              <CandidatesSelect
                label="Candidates per product"
                value={candidates}
                onChange={setCandidates}
                helpText="Several renders of each product to pick the best from in Review; each is charged."
                error={errors.candidates}
              />
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
              {listingView ? (
                <BlockStack gap="200">
                  <Text as="p">{listingView.sentence}</Text>
                  {listingView.progress !== null ? <ProgressBar progress={listingView.progress} size="small" /> : null}
                  <Text as="p" tone="subdued">
                    {listingView.detail}
                  </Text>
                </BlockStack>
              ) : null}
              {preview ? (
                <BlockStack gap="200">
                  {stale ? (
                    <Banner tone="warning">
                      <p>You changed the selection or the options. Preview again before starting.</p>
                    </Banner>
                  ) : null}
                  {preview.colours ? (
                    <Text as="p">
                      <Text as="span" fontWeight="semibold">
                        {`${preview.eligibleCount} ${preview.eligibleCount === 1 ? "render" : "renders"}`}
                      </Text>{" "}
                      of {preview.productCount} products ({preview.scopeTitle})
                      {preview.candidatesPerProduct > 1
                        ? `, ${preview.candidatesPerProduct} candidates of each: ${preview.renderCount} renders.`
                        : "."}
                    </Text>
                  ) : (
                    <Text as="p">
                      <Text as="span" fontWeight="semibold">
                        {preview.eligibleCount} of {preview.productCount}
                      </Text>{" "}
                      products will be rendered ({preview.scopeTitle})
                      {preview.candidatesPerProduct > 1
                        ? `, ${preview.candidatesPerProduct} candidates each: ${preview.renderCount} renders.`
                        : "."}
                    </Text>
                  )}
                  {preview.colours && preview.colours.renders > 0 ? (
                    <Text as="p">
                      {`${preview.colours.renders} of these renders are one per colour, for ${preview.colours.products} ${preview.colours.products === 1 ? "product" : "products"}.`}
                    </Text>
                  ) : null}
                  {preview.garments.length > 0 ? <Text as="p">As {describeGarments(preview.garments)}.</Text> : null}
                  {preview.sends.map((sent) => (
                    <WhatIsSentList key={JSON.stringify(sent)} sent={sent} count={sent.count} />
                  ))}
                  <Text as="p" variant="headingLg">
                    About {formatCredits(preview.estimateCredits)}
                  </Text>
                  <Text as="p" tone="subdued">
                    {formatCredits(preview.creditsPerRender)} per render
                    {preview.candidatesPerProduct > 1 ? ` × ${preview.renderCount} renders` : ""}, charged as each one
                    starts; failed renders are refunded.
                    {budgetNumber !== null
                      ? ` With your budget, at most ${rendersWithinBudget(budgetNumber, preview.creditsPerRender, preview.renderCount)} renders will start.`
                      : ""}
                  </Text>
                  <Button
                    variant="primary"
                    onClick={start}
                    loading={pendingIntent === "start"}
                    disabled={stale || preview.eligibleCount === 0 || !requestKey || pendingIntent === "start"}
                  >
                    {`Start run of ${preview.renderCount} ${preview.renderCount === 1 ? "render" : "renders"}`}
                  </Button>
                </BlockStack>
              ) : null}
            </BlockStack>
          </Card>
        </Layout.Section>
        {preview?.colours && preview.colours.notes.length > 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  Colours
                </Text>
                <List>
                  {preview.colours.notes.map((note) => (
                    <List.Item key={note.productId}>
                      <Text as="span" fontWeight="semibold">
                        {note.title}
                      </Text>
                      : {note.text}
                    </List.Item>
                  ))}
                </List>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
        {preview && preview.skippedCount > 0 ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {preview.skippedCount} {preview.skippedCount === 1 ? "product" : "products"} will be skipped
                </Text>
                <List>
                  {preview.skipped.map((skip) => (
                    <List.Item key={`${skip.productId} ${skip.title}`}>
                      <Text as="span" fontWeight="semibold">
                        {skip.title}
                      </Text>
                      : {skip.reasonText}
                    </List.Item>
                  ))}
                  {preview.skippedCount > preview.skipped.length ? (
                    <List.Item>and {preview.skippedCount - preview.skipped.length} more</List.Item>
                  ) : null}
                </List>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
      </Layout>
    </Page>
  );
}
