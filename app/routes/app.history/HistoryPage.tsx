import type { RenderState } from "@prisma/client";
import { useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { Box, Card, EmptyState, Page } from "@shopify/polaris";
import { useState } from "react";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { rowsWhileFiltering, withListFilter, type RowFilterFields } from "~/web/list-filters";
import type { HistoryRow } from "./history.server";
import { HistoryFilters } from "./HistoryFilters";
import { ConfirmRowModal } from "./ConfirmRowModal";
import { HistoryList } from "./HistoryList";
import { useTranslation } from "~/i18n/react";
import { ResolveModal } from "./ResolveModal";
import { StopWaitingModal } from "./StopWaitingModal";

const FILTERABLE: RowFilterFields<HistoryRow> = { productId: (row) => row.productId, state: (row) => row.state };

export interface HistoryView {
  filters: { state: string | null; productId: string | null; runId: string | null };
  rows: HistoryRow[];
  nextCursor: string | null;
  previousCursor: string | null;
  stateChoices: readonly RenderState[];
}

export function HistoryPage({ view }: { view: HistoryView }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [resolving, setResolving] = useState<HistoryRow | null>(null);
  const [stopping, setStopping] = useState<HistoryRow | null>(null);
  const { t } = useTranslation("history");
  const [confirming, setConfirming] = useState<{ row: HistoryRow; intent: "retry" | "revert" } | null>(null);
  const setFilter = (name: string, value: string | null) =>
    navigate(`?${withListFilter(searchParams, name, value).toString()}`);
  const filtered = Boolean(view.filters.state || view.filters.productId || view.filters.runId);
  const navigation = useNavigation();
  const pendingSearch =
    navigation.location?.pathname === "/app/history" ? new URLSearchParams(navigation.location.search) : null;
  const rows = rowsWhileFiltering(view.rows, searchParams, pendingSearch, FILTERABLE);

  return (
    <Page title={t("title")} subtitle={t("subtitle")} backAction={{ content: t("common:nav.home"), url: "/app" }}>
      <Card padding="0">
        <HistoryFilters filters={view.filters} stateChoices={view.stateChoices} onFilter={setFilter} />
        {rows.length === 0 ? (
          <EmptyState
            heading={t(filtered ? "empty.filteredHeading" : "empty.heading")}
            image={EMPTY_STATE_IMAGE}
            action={{ content: t("empty.action"), url: "/app/generate" }}
          >
            <p>{t(filtered ? "empty.filteredBody" : "empty.body")}</p>
          </EmptyState>
        ) : (
          <HistoryList
            rows={rows}
            actions={{
              onFilterProduct: (productId) => setFilter("productId", productId),
              onResolve: setResolving,
              onStopWaiting: setStopping,
              onRetry: (row) => setConfirming({ row, intent: "retry" }),
              onRevert: (row) => setConfirming({ row, intent: "revert" }),
            }}
          />
        )}
        <Box padding="300">
          <CursorPagination previousCursor={view.previousCursor} nextCursor={view.nextCursor} onPage={setFilter} />
        </Box>
      </Card>
      {resolving ? <ResolveModal row={resolving} onClose={() => setResolving(null)} /> : null}
      {stopping ? <StopWaitingModal row={stopping} onClose={() => setStopping(null)} /> : null}
      {confirming ? (
        <ConfirmRowModal row={confirming.row} intent={confirming.intent} onClose={() => setConfirming(null)} />
      ) : null}
    </Page>
  );
}
