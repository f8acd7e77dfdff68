import { useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  ChoiceList,
  Collapsible,
  EmptyState,
  InlineGrid,
  InlineStack,
  Layout,
  Modal,
  Page,
  Pagination,
  Select,
  Spinner,
  Tag,
  Text,
  Thumbnail,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { RenderDetailView, ReviewActionResult, ReviewItem, ReviewPageView } from "./review.server";
import type { RenderOptionsFormValues } from "../../renders/render-options-form";
import { RenderOptionsFields } from "../../components/RenderOptionsFields";
import { RenderStateBadge } from "../../components/RenderStateBadge";
import { costLine, optionsToFormFields } from "../../components/render-options-state";
import { keepSelected, moveIndex, reviewKeyAction, toggleSelected } from "./review-keys";
import { newRequestKey } from "../../web/request-key";
import { TimeText } from "../../components/TimeText";

const EMPTY_STATE_IMAGE = "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png";

const STATE_FILTERS = [
  { value: "in_review", label: "Ready for review" },
  { value: "publishing", label: "Being added to products" },
  { value: "published", label: "Published" },
  { value: "rejected", label: "Rejected" },
];

type DetailAnswer = { ok: true; detail: RenderDetailView } | { ok: false; message: string };

function toFormData(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

/** An image that is either fitted to its box or shown at full size with scrolling (zoom). */
function ReviewImage({ url, alt, zoomed, onToggleZoom }: { url: string | null; alt: string; zoomed: boolean; onToggleZoom: () => void }) {
  if (!url) {
    return (
      <Box padding="800" background="bg-fill-secondary" borderRadius="200">
        <Text as="p" tone="subdued" alignment="center">
          Image not available yet
        </Text>
      </Box>
    );
  }
  return (
    <div style={{ maxHeight: "70vh", overflow: zoomed ? "auto" : "hidden", borderRadius: 8, background: "#f1f1f1" }}>
      <button
        type="button"
        onClick={onToggleZoom}
        aria-label={zoomed ? `Fit ${alt} to the window` : `Zoom into ${alt}`}
        style={{ border: 0, padding: 0, background: "none", cursor: zoomed ? "zoom-out" : "zoom-in", display: "block" }}
      >
        <img src={url} alt={alt} style={zoomed ? { display: "block", maxWidth: "none" } : { display: "block", width: "100%", maxHeight: "70vh", objectFit: "contain" }} />
      </button>
    </div>
  );
}

function ReviewCard(props: {
  item: ReviewItem;
  focused: boolean;
  selected: boolean;
  selectable: boolean;
  onSelect: () => void;
  onOpen: () => void;
  onFilterProduct: () => void;
}) {
  const { item } = props;
  return (
    <div
      style={{ outline: props.focused ? "2px solid var(--p-color-border-focus)" : "none", borderRadius: 12 }}
      data-render-id={item.id}
    >
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            {props.selectable ? <Checkbox label="Select" labelHidden checked={props.selected} onChange={props.onSelect} /> : <span />}
            <RenderStateBadge state={item.state} />
          </InlineStack>
          <InlineGrid columns={2} gap="200">
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                Your photo
              </Text>
              {item.sourceUrl ? <Thumbnail source={item.sourceUrl} alt={`Photo of ${item.productTitle}`} size="large" /> : null}
            </BlockStack>
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                Model shot
              </Text>
              {item.result ? (
                <button type="button" onClick={props.onOpen} style={{ border: 0, padding: 0, background: "none", cursor: "pointer" }} aria-label={`Open ${item.productTitle}`}>
                  <Thumbnail source={item.result.previewUrl} alt={`Model shot of ${item.productTitle}`} size="large" />
                </button>
              ) : (
                <Text as="span" tone="subdued">
                  Not available yet
                </Text>
              )}
            </BlockStack>
          </InlineGrid>
          <Button variant="plain" textAlign="left" onClick={props.onFilterProduct}>
            {item.productTitle}
          </Button>
          <Text as="p" tone="subdued" variant="bodySm">
            {item.optionsSummary}
          </Text>
          <Text as="p" tone="subdued" variant="bodySm">
            Rendered <TimeText at={item.renderedAt ?? item.createdAt} showAbsolute={false} />
          </Text>
          <Button onClick={props.onOpen}>Open</Button>
        </BlockStack>
      </Card>
    </div>
  );
}

export function ReviewPage({ view }: { view: ReviewPageView }) {
  const shopify = useAppBridge();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const decision = useFetcher<ReviewActionResult>({ key: "review-decision" });
  const detailFetcher = useFetcher<DetailAnswer>();
  const [focus, setFocus] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [variantIds, setVariantIds] = useState<string[]>([]);
  const [makeFirst, setMakeFirst] = useState(false);
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [regenerateOptions, setRegenerateOptions] = useState<RenderOptionsFormValues | null>(null);
  const [regenerateKey, setRegenerateKey] = useState("");
  const items = view.items;
  const canDecide = view.filters.state === "in_review";
  const openIndex = openId ? items.findIndex((item) => item.id === openId) : -1;
  const openItem = openIndex >= 0 ? items[openIndex] : undefined;
  const busy = decision.state !== "idle";
  const result = decision.data;
  const detail = detailFetcher.data?.ok && detailFetcher.data.detail.id === openId ? detailFetcher.data.detail : null;

  const itemIds = useMemo(() => items.map((item) => item.id), [items]);
  useEffect(() => {
    setSelected((current) => keepSelected(current, itemIds));
    setFocus((current) => moveIndex(current, 0, itemIds.length));
  }, [itemIds]);
  useEffect(() => {
    if (!result) return;
    if (result.ok) shopify.toast.show(result.message);
    else shopify.toast.show(result.formError ?? "That did not work; check the form.", { isError: true });
  }, [result, shopify]);

  const setFilter = (name: string, value: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(name, value);
    else params.delete(name);
    params.delete("after");
    params.delete("before");
    navigate(`?${params.toString()}`);
  };

  const open = useCallback(
    (item: ReviewItem | undefined) => {
      if (!item) return;
      setOpenId(item.id);
      setZoomed(false);
      setVariantIds([]);
      setMakeFirst(false);
      setRegenerateOpen(false);
      setRegenerateOptions(item.options);
      setRegenerateKey(newRequestKey());
      detailFetcher.load(`/app/renders/${encodeURIComponent(item.id)}`);
    },
    // detailFetcher.load is stable for the fetcher's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const decide = useCallback(
    (intent: "approve" | "reject" | "revert", item: ReviewItem | undefined, withOptions: boolean) => {
      if (!item || busy) return;
      const fields: Record<string, string | string[]> = { intent, renderId: item.id };
      if (intent === "approve" && withOptions) {
        fields.variantIds = variantIds;
        if (makeFirst) fields.makeFirst = "on";
      }
      decision.submit(toFormData(fields), { method: "post" });
    },
    [busy, decision, variantIds, makeFirst],
  );

  const decideMany = (intent: "approve-many" | "reject-many") =>
    decision.submit(toFormData({ intent, renderIds: [...selected] }), { method: "post" });

  const regenerate = () => {
    if (!openItem || !regenerateOptions) return;
    decision.submit(
      toFormData({ intent: "regenerate", renderId: openItem.id, requestKey: regenerateKey, ...optionsToFormFields(regenerateOptions) }),
      { method: "post" },
    );
  };
  useEffect(() => {
    // A new regenerate request gets a new key once the last one was accepted.
    if (result?.ok && result.intent === "regenerate") setRegenerateKey(newRequestKey());
  }, [result]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const action = reviewKeyAction(
        { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, targetTag: target?.tagName, targetEditable: target?.isContentEditable },
        { modalOpen: openItem !== undefined, canDecide },
      );
      if (!action) return;
      event.preventDefault();
      const current = openItem ? openIndex : focus;
      switch (action) {
        case "next":
        case "previous": {
          const next = moveIndex(current, action === "next" ? 1 : -1, items.length);
          if (openItem) open(items[next]);
          else setFocus(next);
          break;
        }
        case "approve":
        case "reject":
          decide(action, items[current], Boolean(openItem));
          break;
        case "open":
          open(items[focus]);
          break;
        case "close":
          setOpenId(null);
          break;
        case "toggle-select": {
          const item = items[focus];
          if (item && canDecide) setSelected((selection) => toggleSelected(selection, item.id));
          break;
        }
        case "zoom":
          setZoomed((value) => !value);
          break;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, focus, openItem, openIndex, canDecide, decide, open]);

  const fieldErrors = result && !result.ok ? result.fieldErrors : {};
  const regenerateCost = costLine(regenerateOptions?.resolution ?? "2K");

  return (
    <Page
      title="Review"
      subtitle="Approve a model shot to add it to its product. Keys: j/k move, o opens, a approves, r rejects, x selects, z zooms."
      backAction={{ content: "Home", url: "/app" }}
      fullWidth
    >
      <Layout>
        <Layout.Section>
          <Card>
            <InlineStack gap="400" blockAlign="end" wrap>
              <Box minWidth="220px">
                <Select label="Show" options={STATE_FILTERS} value={view.filters.state} onChange={(value) => setFilter("state", value)} />
              </Box>
              <Box minWidth="260px">
                <Select
                  label="Run"
                  options={[{ value: "", label: "All renders" }, ...view.runs.map((run) => ({ value: run.id, label: run.label }))]}
                  value={view.filters.runId ?? ""}
                  onChange={(value) => setFilter("runId", value || null)}
                />
              </Box>
              {view.filters.productId ? (
                <Tag onRemove={() => setFilter("productId", null)}>Only one product</Tag>
              ) : null}
              {canDecide && selected.size > 0 ? (
                <ButtonGroup>
                  <Button variant="primary" onClick={() => decideMany("approve-many")} loading={busy}>
                    {`Approve ${selected.size}`}
                  </Button>
                  <Button tone="critical" onClick={() => decideMany("reject-many")} loading={busy}>
                    {`Reject ${selected.size}`}
                  </Button>
                  <Button variant="plain" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                </ButtonGroup>
              ) : canDecide && items.length > 0 ? (
                <Button variant="plain" onClick={() => setSelected(new Set(itemIds))}>
                  Select all on this page
                </Button>
              ) : null}
            </InlineStack>
          </Card>
        </Layout.Section>
        {result?.ok && result.failed.length > 0 ? (
          <Layout.Section>
            <Banner tone="warning" title="Some renders could not be changed">
              <p>{result.failed[0]?.message}</p>
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          {items.length === 0 ? (
            <Card>
              <EmptyState heading={canDecide ? "Nothing waiting for review" : "No renders here"} image={EMPTY_STATE_IMAGE} action={{ content: "Generate for a product", url: "/app/generate" }}>
                <p>{canDecide ? "Finished renders appear here a few minutes after they start." : "Try another filter."}</p>
              </EmptyState>
            </Card>
          ) : (
            <InlineGrid columns={{ xs: 1, sm: 2, md: 3, lg: 4 }} gap="400">
              {items.map((item, index) => (
                <ReviewCard
                  key={item.id}
                  item={item}
                  focused={index === focus}
                  selected={selected.has(item.id)}
                  selectable={canDecide}
                  onSelect={() => setSelected((selection) => toggleSelected(selection, item.id))}
                  onOpen={() => {
                    setFocus(index);
                    open(item);
                  }}
                  onFilterProduct={() => setFilter("productId", item.productId)}
                />
              ))}
            </InlineGrid>
          )}
        </Layout.Section>
        <Layout.Section>
          <InlineStack align="center">
            <Pagination
              hasPrevious={Boolean(view.previousCursor)}
              onPrevious={() => setFilter("before", view.previousCursor)}
              hasNext={Boolean(view.nextCursor)}
              onNext={() => setFilter("after", view.nextCursor)}
            />
          </InlineStack>
        </Layout.Section>
      </Layout>

      {openItem ? (
        <Modal
          open
          size="large"
          title={openItem.productTitle}
          onClose={() => setOpenId(null)}
          primaryAction={
            openItem.state === "in_review"
              ? { content: "Approve (a)", onAction: () => decide("approve", openItem, true), loading: busy }
              : openItem.state === "published"
                ? { content: "Remove from product and review again", destructive: true, onAction: () => decide("revert", openItem, false), loading: busy }
                : undefined
          }
          secondaryActions={[
            ...(openItem.state === "in_review" ? [{ content: "Reject (r)", destructive: true, onAction: () => decide("reject", openItem, false), disabled: busy }] : []),
            { content: "Previous (k)", onAction: () => open(items[moveIndex(openIndex, -1, items.length)]), disabled: openIndex <= 0 },
            { content: "Next (j)", onAction: () => open(items[moveIndex(openIndex, 1, items.length)]), disabled: openIndex >= items.length - 1 },
          ]}
        >
          <Modal.Section>
            <BlockStack gap="400">
              <InlineStack align="space-between" blockAlign="center">
                <InlineStack gap="200" blockAlign="center">
                  <RenderStateBadge state={openItem.state} />
                  {openItem.productUrl ? (
                    <Button variant="plain" url={openItem.productUrl} target="_top">
                      Open product in admin
                    </Button>
                  ) : null}
                </InlineStack>
                <Button onClick={() => setZoomed((value) => !value)}>{zoomed ? "Fit to window (z)" : "Zoom to full size (z)"}</Button>
              </InlineStack>
              <InlineGrid columns={2} gap="400">
                <BlockStack gap="100">
                  <Text as="h3" variant="headingSm">
                    Your photo
                  </Text>
                  <ReviewImage url={openItem.sourceUrl} alt={`photo of ${openItem.productTitle}`} zoomed={zoomed} onToggleZoom={() => setZoomed((value) => !value)} />
                </BlockStack>
                <BlockStack gap="100">
                  <Text as="h3" variant="headingSm">
                    Model shot
                  </Text>
                  <ReviewImage url={openItem.result?.url ?? null} alt={`model shot of ${openItem.productTitle}`} zoomed={zoomed} onToggleZoom={() => setZoomed((value) => !value)} />
                </BlockStack>
              </InlineGrid>
              <Text as="p" tone="subdued">
                {openItem.optionsSummary} · {openItem.creditsCost} credits
              </Text>
            </BlockStack>
          </Modal.Section>
          {openItem.state === "in_review" ? (
            <Modal.Section>
              {detailFetcher.state === "loading" && !detail ? (
                <Spinner size="small" accessibilityLabel="Loading the product's variants" />
              ) : detail ? (
                <BlockStack gap="300">
                  {detail.variants.length > 1 ? (
                    <ChoiceList
                      allowMultiple
                      title="Show this image on these variants (optional)"
                      choices={detail.variants.map((variant) => ({ value: variant.id, label: variant.title }))}
                      selected={variantIds}
                      onChange={setVariantIds}
                      error={fieldErrors.variantIds}
                    />
                  ) : null}
                  <Checkbox label="Make it the product's first image" checked={makeFirst} onChange={setMakeFirst} />
                  <InlineStack gap="200" blockAlign="center">
                    <Button disclosure={regenerateOpen ? "up" : "down"} onClick={() => setRegenerateOpen((value) => !value)}>
                      Regenerate with other options
                    </Button>
                    <Badge>{`A new render costs ${regenerateCost.text}`}</Badge>
                  </InlineStack>
                  <Collapsible id="regenerate-options" open={regenerateOpen}>
                    {regenerateOptions ? (
                      <BlockStack gap="300">
                        <RenderOptionsFields values={regenerateOptions} onChange={setRegenerateOptions} catalog={detail.catalog} errors={fieldErrors} />
                        <InlineStack>
                          <Button variant="primary" onClick={regenerate} loading={busy} disabled={!detail.catalog.ok || !detail.productExists}>
                            {`Regenerate for ${regenerateCost.text}`}
                          </Button>
                        </InlineStack>
                      </BlockStack>
                    ) : null}
                  </Collapsible>
                </BlockStack>
              ) : detailFetcher.data && !detailFetcher.data.ok ? (
                <Banner tone="warning">
                  <p>{detailFetcher.data.message}</p>
                </Banner>
              ) : null}
            </Modal.Section>
          ) : null}
        </Modal>
      ) : null}
    </Page>
  );
}
