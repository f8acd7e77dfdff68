import { useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Banner,
  Box,
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  EmptyState,
  InlineStack,
  Layout,
  Modal,
  Page,
  Select,
  Tag,
  Text,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { optionsToFormFields, type RenderOptionsFormValues } from "~/web/render-options-form";
import { formDataOf } from "~/web/forms";
import { newRequestKey } from "~/web/request-key";
import type { RenderDetailView } from "../app.renders.$renderId/render-detail.server";
import { keepSelected, moveIndex, toggleSelected as toggleSelectedIn, type ReviewKeyAction } from "./review-keys";
import type { ReviewActionResult, ReviewItem, ReviewPageView } from "./review.server";
import { ReviewGrid } from "./ReviewGrid";
import { otherCandidatesLabel } from "./candidate-cards";
import { SideBySideModal } from "./SideBySideModal";
import { useReviewShortcuts } from "./use-review-shortcuts";
import { withListFilter } from "~/web/list-filters";
import { COLOUR_VERDICT_LABELS } from "~/colour/colour-verdict";

const COLOUR_FILTERS = [
  { value: "", label: "Any colour score" },
  ...(["drift", "check", "good", "not_scored"] as const).map((verdict) => ({
    value: verdict,
    label: COLOUR_VERDICT_LABELS[verdict],
  })),
];

const SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "colour", label: "Largest colour change first" },
];

const STATE_FILTERS = [
  { value: "in_review", label: "Ready for review" },
  { value: "publishing", label: "Being added to products" },
  { value: "published", label: "Published" },
  { value: "rejected", label: "Rejected" },
];

type DetailAnswer = { ok: true; detail: RenderDetailView } | { ok: false; message: string };

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
  // Approving one candidate offers to reject the others still in review (ticked: staff usually want one shot).
  const [rejectSiblings, setRejectSiblings] = useState(true);
  const [confirmApprove, setConfirmApprove] = useState<ReviewItem | null>(null);
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

  const setFilter = (name: string, value: string | null) =>
    navigate(`?${withListFilter(searchParams, name, value).toString()}`);
  // Stable, so ticking one card re-renders that card only (ReviewGrid's cards are memoised: INP on 24 cards).
  const toggleSelected = useCallback(
    (item: ReviewItem) => setSelected((selection) => toggleSelectedIn(selection, item.id)),
    [],
  );
  const filterRef = useRef(setFilter);
  filterRef.current = setFilter;
  const filterProduct = useCallback((item: ReviewItem) => filterRef.current("productId", item.productId), []);

  // Stable for the fetcher's life, so `open` is made once.
  const loadDetail = detailFetcher.load;
  const open = useCallback(
    (item: ReviewItem | undefined) => {
      if (!item) return;
      setOpenId(item.id);
      setZoomed(false);
      setVariantIds([]);
      setMakeFirst(false);
      setRejectSiblings(true);
      setRegenerateOpen(false);
      setRegenerateOptions(item.options);
      setRegenerateKey(newRequestKey());
      loadDetail(`/app/renders/${encodeURIComponent(item.id)}`);
    },
    [loadDetail],
  );

  const openAt = useCallback(
    (item: ReviewItem, index: number) => {
      setFocus(index);
      open(item);
    },
    [open],
  );

  const decide = useCallback(
    (
      intent: "approve" | "reject" | "revert",
      item: ReviewItem | undefined,
      withOptions: boolean,
      confirmed = false,
    ) => {
      if (!item || busy) return;
      const hasSiblingsInReview = (item.candidate?.othersInReview ?? 0) > 0;
      // From the grid, a candidate with siblings in review is approved through the question about them.
      if (intent === "approve" && hasSiblingsInReview && !withOptions && !confirmed) {
        setRejectSiblings(true);
        setConfirmApprove(item);
        return;
      }
      const fields: Record<string, string | string[]> = { intent, renderId: item.id };
      if (intent === "approve" && withOptions) {
        fields.variantIds = variantIds;
        if (makeFirst) fields.makeFirst = "on";
      }
      if (intent === "approve" && hasSiblingsInReview && rejectSiblings) fields.rejectSiblings = "on";
      decision.submit(formDataOf(fields), { method: "post" });
    },
    [busy, decision, variantIds, makeFirst, rejectSiblings],
  );
  const approveFromGrid = useCallback(
    (item: ReviewItem, index: number) => {
      setFocus(index);
      decide("approve", item, false);
    },
    [decide],
  );

  const [leaveOutDrift, setLeaveOutDrift] = useState(true);
  const driftSelected = items.filter((item) => selected.has(item.id) && item.colour?.verdict === "drift").length;
  const decideMany = (intent: "approve-many" | "reject-many") =>
    decision.submit(
      formDataOf({
        intent,
        renderIds: [...selected],
        ...(intent === "approve-many" && leaveOutDrift ? { leaveOutDrift: "on" } : {}),
      }),
      { method: "post" },
    );

  const regenerate = () => {
    if (!openItem || !regenerateOptions) return;
    decision.submit(
      formDataOf({
        intent: "regenerate",
        renderId: openItem.id,
        requestKey: regenerateKey,
        ...optionsToFormFields(regenerateOptions),
      }),
      { method: "post" },
    );
  };
  useEffect(() => {
    // A new regenerate request gets a new key once the last one was accepted.
    if (result?.ok && result.intent === "regenerate") setRegenerateKey(newRequestKey());
  }, [result]);

  const onShortcut = (action: ReviewKeyAction) => {
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
        if (item && canDecide) setSelected((selection) => toggleSelectedIn(selection, item.id));
        break;
      }
      case "zoom":
        setZoomed((value) => !value);
        break;
    }
  };
  useReviewShortcuts({ modalOpen: openItem !== undefined, canDecide }, onShortcut);

  const fieldErrors = result && !result.ok ? result.fieldErrors : {};

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
                <Select
                  label="Show"
                  options={STATE_FILTERS}
                  value={view.filters.state}
                  onChange={(value) => setFilter("state", value)}
                />
              </Box>
              <Box minWidth="260px">
                <Select
                  label="Run"
                  options={[
                    { value: "", label: "All renders" },
                    ...view.runs.map((run) => ({ value: run.id, label: run.label })),
                  ]}
                  value={view.filters.runId ?? ""}
                  onChange={(value) => setFilter("runId", value || null)}
                />
              </Box>
              <Box minWidth="200px">
                <Select
                  label="Colour"
                  options={COLOUR_FILTERS}
                  value={view.filters.colour ?? ""}
                  onChange={(value) => setFilter("colour", value || null)}
                />
              </Box>
              <Box minWidth="240px">
                <Select
                  label="Sort"
                  options={SORTS}
                  value={view.filters.sort}
                  onChange={(value) => setFilter("sort", value === "newest" ? null : value)}
                />
              </Box>
              {view.filters.productId ? (
                <Tag onRemove={() => setFilter("productId", null)}>Only one product</Tag>
              ) : null}
              {canDecide && selected.size > 0 ? (
                <ButtonGroup>
                  <Button variant="primary" onClick={() => decideMany("approve-many")} loading={busy}>
                    {leaveOutDrift && driftSelected > 0
                      ? `Approve ${selected.size - driftSelected} (leave ${driftSelected} with colour drift)`
                      : `Approve ${selected.size}`}
                  </Button>
                  <Button tone="critical" onClick={() => decideMany("reject-many")} loading={busy}>
                    {`Reject ${selected.size}`}
                  </Button>
                  <Button variant="plain" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                  <Checkbox
                    label="Leave out renders with colour drift"
                    checked={leaveOutDrift}
                    onChange={setLeaveOutDrift}
                  />
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
              <EmptyState
                heading={canDecide ? "Nothing waiting for review" : "No renders here"}
                image={EMPTY_STATE_IMAGE}
                action={{ content: "Generate for a product", url: "/app/generate" }}
              >
                <p>
                  {canDecide ? "Finished renders appear here a few minutes after they start." : "Try another filter."}
                </p>
              </EmptyState>
            </Card>
          ) : (
            <ReviewGrid
              items={items}
              focus={focus}
              selected={selected}
              selectable={canDecide}
              onSelect={toggleSelected}
              onOpen={openAt}
              onApprove={approveFromGrid}
              onFilterProduct={filterProduct}
            />
          )}
        </Layout.Section>
        <Layout.Section>
          <CursorPagination previousCursor={view.previousCursor} nextCursor={view.nextCursor} onPage={setFilter} />
        </Layout.Section>
      </Layout>

      {openItem ? (
        <SideBySideModal
          item={openItem}
          hasPrevious={openIndex > 0}
          hasNext={openIndex < items.length - 1}
          busy={busy}
          zoomed={zoomed}
          onToggleZoom={() => setZoomed((value) => !value)}
          onClose={() => setOpenId(null)}
          onDecide={(intent) => decide(intent, openItem, intent === "approve")}
          onPrevious={() => open(items[moveIndex(openIndex, -1, items.length)])}
          onNext={() => open(items[moveIndex(openIndex, 1, items.length)])}
          detail={{
            loading: detailFetcher.state === "loading",
            detail,
            problem: detailFetcher.data && !detailFetcher.data.ok ? detailFetcher.data.message : null,
          }}
          variantIds={variantIds}
          onVariantIds={setVariantIds}
          makeFirst={makeFirst}
          onMakeFirst={setMakeFirst}
          rejectSiblings={rejectSiblings}
          onRejectSiblings={setRejectSiblings}
          regenerate={{
            open: regenerateOpen,
            onToggle: () => setRegenerateOpen((value) => !value),
            options: regenerateOptions,
            onOptions: setRegenerateOptions,
            onSubmit: regenerate,
          }}
          fieldErrors={fieldErrors}
        />
      ) : null}

      {confirmApprove ? (
        <Modal
          open
          title={`Approve ${confirmApprove.candidate?.label.toLowerCase() ?? "this candidate"} of ${confirmApprove.productTitle}?`}
          onClose={() => setConfirmApprove(null)}
          primaryAction={{
            content: "Approve",
            loading: busy,
            onAction: () => {
              decide("approve", confirmApprove, false, true);
              setConfirmApprove(null);
            },
          }}
          secondaryActions={[{ content: "Cancel", onAction: () => setConfirmApprove(null) }]}
        >
          <Modal.Section>
            <Text as="p">It is added to the product once Shopify has it.</Text>
            <Checkbox
              label={otherCandidatesLabel(confirmApprove.candidate?.othersInReview ?? 0)}
              helpText="Their files are deleted from Shopify. Leave this unticked to keep them in review."
              checked={rejectSiblings}
              onChange={setRejectSiblings}
            />
          </Modal.Section>
        </Modal>
      ) : null}
    </Page>
  );
}
