import { BlockStack, Box, Button, InlineStack, Link, Text } from "@shopify/polaris";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { VariantColourTag } from "~/components/VariantColourTag";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import { useCostText } from "./history-cost-text";
import type { HistoryRow } from "./history.server";

/** What staff can do to a row from History; each opens a confirmation first. */
export interface HistoryRowActions {
  onFilterProduct: (productId: string) => void;
  onResolve: (row: HistoryRow) => void;
  onStopWaiting: (row: HistoryRow) => void;
  onRetry: (row: HistoryRow) => void;
  onRevert: (row: HistoryRow) => void;
}

const THUMBNAIL = { width: 60, height: 80 };

function Thumbnail({ row }: { row: HistoryRow }) {
  const { t } = useTranslation("history");
  const box = {
    ...THUMBNAIL,
    flex: "0 0 auto",
    borderRadius: 8,
    background: "var(--p-color-bg-surface-secondary)",
    objectFit: "cover" as const,
    display: "block",
  };
  if (!row.thumbnailUrl) return <div style={box} role="img" aria-label={t("noImage")} />;
  return (
    <img
      src={row.thumbnailUrl}
      alt={t(row.thumbnailIsResult ? "imageOf" : "photoOf", { title: row.productTitle })}
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      loading="lazy"
      decoding="async"
      style={box}
    />
  );
}

/** The product, its state and cost, and when: the left of a row. */
function RowSummary({ row, actions }: { row: HistoryRow; actions: HistoryRowActions }) {
  const { t } = useTranslation("history");
  const format = useFormat();
  const say = useStaffMessage();
  const costText = useCostText();
  const queued = `${format.relativeTime(row.createdAt)} (${format.dateTime(row.createdAt)})`;
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        {row.productUrl ? (
          <Link url={row.productUrl} target="_top" removeUnderline>
            <span translate="no">{row.productTitle}</span>
          </Link>
        ) : (
          <Text as="span">
            <span translate="no">{row.productTitle}</span>
          </Text>
        )}
        <VariantColourTag label={row.colourLabel} />
      </InlineStack>
      {row.candidateLabel ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {say(row.candidateLabel)}
        </Text>
      ) : null}
      <InlineStack gap="200" blockAlign="center">
        <RenderStateBadge state={row.state} />
        <Text as="span" tone={row.creditsRefunded > 0 ? "success" : undefined}>
          {costText(row)}
        </Text>
      </InlineStack>
      <Text as="span" tone="subdued" variant="bodySm">
        {/* The relative part depends on the clock: the browser may word it differently from the server. */}
        <span suppressHydrationWarning>
          {t("queued", { time: queued })}
          {row.renderMs !== null ? ` · ${t("renderTime", { duration: format.duration(row.renderMs) })}` : ""}
        </span>
      </Text>
      <InlineStack>
        <Button variant="plain" onClick={() => actions.onFilterProduct(row.productId)}>
          {t("onlyThisProduct")}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

/** Why it ended as it did, and the decisions it waits for: the right of a row; long reasons wrap. */
function RowOutcome({ row, actions }: { row: HistoryRow; actions: HistoryRowActions }) {
  const { t } = useTranslation("history");
  const format = useFormat();
  const say = useStaffMessage();
  return (
    <BlockStack gap="200">
      {row.problem ? (
        <Text as="p" tone={row.state === "failed" ? "critical" : undefined} breakWord>
          {say(row.problem)}
        </Text>
      ) : null}
      {row.finishedAt ? (
        <Text as="p" tone="subdued" variant="bodySm">
          <span suppressHydrationWarning>
            {t("finished", { time: `${format.relativeTime(row.finishedAt)} (${format.dateTime(row.finishedAt)})` })}
          </span>
        </Text>
      ) : null}
      <InlineStack gap="200">
        {row.state === "submit_unknown" ? <Button onClick={() => actions.onResolve(row)}>{t("decide")}</Button> : null}
        {row.state === "stalled" ? (
          <Button onClick={() => actions.onStopWaiting(row)}>{t("stopWaiting")}</Button>
        ) : null}
        {row.canRetry ? <Button onClick={() => actions.onRetry(row)}>{t("retry")}</Button> : null}
        {row.canRevert ? (
          <Button tone="critical" onClick={() => actions.onRevert(row)}>
            {t("revert")}
          </Button>
        ) : null}
      </InlineStack>
    </BlockStack>
  );
}

/**
 * Every render of the page as a row that wraps to the width it has (1280 px admin, 375 px phone): a thumbnail,
 * the product with its state, cost and times, then what happened with the actions that apply. No column is wider
 * than the page, so nothing scrolls sideways.
 */
export function HistoryList({ rows, actions }: { rows: readonly HistoryRow[]; actions: HistoryRowActions }) {
  const { t } = useTranslation("history");
  return (
    <ul aria-label={t("title")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {rows.map((row) => (
        <li key={row.id} data-render-id={row.id} style={{ borderTop: "1px solid var(--p-color-border-secondary)" }}>
          <Box padding="300">
            <div style={{ display: "flex", gap: 12, alignItems: "flex-start" }}>
              <Thumbnail row={row} />
              <div style={{ display: "flex", flexWrap: "wrap", gap: 12, flex: "1 1 0", minWidth: 0 }}>
                <div style={{ flex: "1 1 220px", minWidth: 0 }}>
                  <RowSummary row={row} actions={actions} />
                </div>
                <div style={{ flex: "2 1 260px", minWidth: 0, overflowWrap: "anywhere" }}>
                  <RowOutcome row={row} actions={actions} />
                </div>
              </div>
            </div>
          </Box>
        </li>
      ))}
    </ul>
  );
}
