import { useNavigate, useSearchParams } from "@remix-run/react";
import { Banner, Card, EmptyState, Layout, Page } from "@shopify/polaris";
import { useCallback, useRef } from "react";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { useLiveLoader } from "~/components/use-live-loader";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import type { TFunction } from "i18next";
import { withListFilter } from "~/web/list-filters";
import { ApproveCandidateModal } from "./ApproveCandidateModal";
import { moveIndex } from "./review-keys";
import type { ReviewActionResult, ReviewItem, ReviewPageView } from "./review.server";
import { ReviewFiltersCard } from "./ReviewFiltersCard";
import { ReviewGrid } from "./ReviewGrid";
import { ReviewSelectionActions } from "./ReviewSelectionActions";
import { SideBySideModal } from "./SideBySideModal";
import { useLargeView } from "./use-large-view";
import { useReviewDecisions } from "./use-review-decisions";
import { useReviewKeyActions } from "./use-review-key-actions";
import { useReviewSelection } from "./use-review-selection";

/** "3 ready for review, 2 still rendering.": the page's counts, kept live while renders are in flight. */
export function reviewCountsText(t: TFunction, counts: ReviewPageView["counts"]): string {
  // i18next's Shopify format writes {{count}} with Intl in the page's language ("1,250", "1.250").
  const ready = t("counts.ready", { count: counts.inReview });
  return counts.inProgress > 0
    ? t("counts.readyAndRendering", { ready, count: counts.inProgress })
    : t("counts.readyOnly", { ready });
}

/** Some of a many-render decision could not be made: the first reason. */
function PartlyFailedBanner({ result }: { result: ReviewActionResult | undefined }) {
  const { t } = useTranslation("review");
  const say = useStaffMessage();
  const first = result?.ok ? result.failed[0] : undefined;
  if (!first) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title={t("partlyFailed")}>
        <p>{say(first.message)}</p>
      </Banner>
    </Layout.Section>
  );
}

/** No renders under these filters: what to expect, or to try. */
function NothingToReviewCard({ canDecide }: { canDecide: boolean }) {
  const { t } = useTranslation("review");
  return (
    <Card>
      <EmptyState
        heading={t(canDecide ? "empty.nothingWaiting" : "empty.noRenders")}
        image={EMPTY_STATE_IMAGE}
        action={{ content: t("empty.generate"), url: "/app/generate" }}
      >
        <p>{t(canDecide ? "empty.nothingWaitingBody" : "empty.noRendersBody")}</p>
      </EmptyState>
    </Card>
  );
}

export function ReviewPage({ view }: { view: ReviewPageView }) {
  const { t } = useTranslation("review");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const items = view.items;
  const canDecide = view.filters.state === "in_review";
  const { focus, setFocus, selected, toggleSelected, ...selection } = useReviewSelection(items);
  const largeView = useLargeView(items);
  const { open, openItem, openIndex } = largeView;
  const { busy, result, decide, ...decisions } = useReviewDecisions(largeView);

  const setFilter = (name: string, value: string | null) =>
    navigate(`?${withListFilter(searchParams, name, value).toString()}`);
  const filterRef = useRef(setFilter);
  filterRef.current = setFilter;
  const filterProduct = useCallback((item: ReviewItem) => filterRef.current("productId", item.productId), []);
  const openAt = useCallback(
    (item: ReviewItem, index: number) => {
      setFocus(index);
      open(item);
    },
    [open, setFocus],
  );
  const approveFromGrid = useCallback(
    (item: ReviewItem, index: number) => {
      setFocus(index);
      decide("approve", item, false);
    },
    [decide, setFocus],
  );
  const rejectFromGrid = useCallback(
    (item: ReviewItem, index: number) => {
      setFocus(index);
      decide("reject", item, false);
    },
    [decide, setFocus],
  );

  // New renders arrive while others are in flight: the page refreshes itself, but never under an open large view, a
  // selection being made or a decision being sent (the grid would move under staff's hands).
  useLiveLoader(view.counts.inProgress > 0 && !openItem && selected.size === 0 && !busy && !decisions.confirmApprove);

  useReviewKeyActions({ items, canDecide, focus, setFocus, toggleSelected, largeView, decide });

  const { confirmApprove } = decisions;
  return (
    <Page
      title={t("title")}
      subtitle={[reviewCountsText(t, view.counts), t("help"), t("keys")].join(" ")}
      backAction={{ content: t("home"), url: "/app" }}
      fullWidth
    >
      <Layout>
        <Layout.Section>
          <ReviewFiltersCard filters={view.filters} runs={view.runs} onFilter={setFilter}>
            <ReviewSelectionActions
              items={items}
              selected={selected}
              canDecide={canDecide}
              busy={busy}
              onDecideMany={decisions.decideMany}
              onSelectAll={selection.selectAll}
              onClear={selection.clearSelection}
            />
          </ReviewFiltersCard>
        </Layout.Section>
        <PartlyFailedBanner result={result} />
        <Layout.Section>
          {items.length === 0 ? (
            <NothingToReviewCard canDecide={canDecide} />
          ) : (
            <ReviewGrid
              items={items}
              focus={focus}
              selected={selected}
              selectable={canDecide}
              onSelect={toggleSelected}
              onOpen={openAt}
              onApprove={approveFromGrid}
              onReject={rejectFromGrid}
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
          zoomed={largeView.zoomed}
          onToggleZoom={largeView.toggleZoom}
          onClose={largeView.close}
          onDecide={(intent) => decide(intent, openItem, intent === "approve")}
          onPrevious={() => open(items[moveIndex(openIndex, -1, items.length)])}
          onNext={() => open(items[moveIndex(openIndex, 1, items.length)])}
          detail={largeView.detail}
          variantIds={largeView.variantIds}
          onVariantIds={largeView.setVariantIds}
          position={largeView.position}
          onPosition={largeView.setPosition}
          alt={largeView.alt}
          onAlt={largeView.setAlt}
          rejectSiblings={largeView.rejectSiblings}
          onRejectSiblings={largeView.setRejectSiblings}
          regenerate={{
            open: largeView.regenerateOpen,
            onToggle: largeView.toggleRegenerate,
            options: largeView.regenerateOptions,
            onOptions: largeView.setRegenerateOptions,
            onSubmit: decisions.regenerate,
          }}
          fieldErrors={decisions.fieldErrors}
        />
      ) : null}

      {confirmApprove ? (
        <ApproveCandidateModal
          item={confirmApprove}
          busy={busy}
          rejectSiblings={largeView.rejectSiblings}
          onRejectSiblings={largeView.setRejectSiblings}
          onApprove={() => {
            decide("approve", confirmApprove, false, true);
            decisions.closeConfirmApprove();
          }}
          onClose={decisions.closeConfirmApprove}
        />
      ) : null}
    </Page>
  );
}
