import { Box, Card, InlineStack, Select, Tag } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useFormat, useTranslation } from "~/i18n/react";
import { STATE_FILTER_KEYS, VERDICT_FILTER_KEYS } from "./review-text";
import type { ReviewFilters, ReviewPageView, ReviewState } from "./review.server";

// review.server.ts is not sent to the browser: the states come from their words' map, in its order.
const STATES = Object.keys(STATE_FILTER_KEYS) as ReviewState[];

/** The colour filter's order: what needs a look first. */
const COLOUR_FILTER_ORDER = ["drift", "check", "good", "not_scored"] as const;

/**
 * The filters above the grid (state, run, colour score, sort, one product) as a row of selects; `children` (the
 * selection's actions) end the row.
 */
export function ReviewFiltersCard(props: {
  filters: ReviewFilters;
  runs: ReviewPageView["runs"];
  onFilter: (name: string, value: string | null) => void;
  children: ReactNode;
}) {
  const { filters, onFilter } = props;
  const { t } = useTranslation("review");
  const format = useFormat();
  return (
    <Card>
      <InlineStack gap="400" blockAlign="end" wrap>
        <Box minWidth="220px">
          <Select
            label={t("filters.show")}
            options={STATES.map((state) => ({ value: state, label: t(STATE_FILTER_KEYS[state]) }))}
            value={filters.state}
            onChange={(value) => onFilter("state", value)}
          />
        </Box>
        <Box minWidth="260px">
          <Select
            label={t("filters.run")}
            options={[
              { value: "", label: t("filters.allRenders") },
              ...props.runs.map((run) => ({
                value: run.id,
                label: t("filters.runLabel", {
                  title: run.title ?? t("filters.untitledRun"),
                  date: format.date(run.createdAt),
                }),
              })),
            ]}
            value={filters.runId ?? ""}
            onChange={(value) => onFilter("runId", value || null)}
          />
        </Box>
        <Box minWidth="200px">
          <Select
            label={t("filters.colour")}
            options={[
              { value: "", label: t("filters.anyColour") },
              ...COLOUR_FILTER_ORDER.map((verdict) => ({ value: verdict, label: t(VERDICT_FILTER_KEYS[verdict]) })),
            ]}
            value={filters.colour ?? ""}
            onChange={(value) => onFilter("colour", value || null)}
          />
        </Box>
        <Box minWidth="240px">
          <Select
            label={t("filters.sort")}
            options={[
              { value: "newest", label: t("filters.newest") },
              { value: "colour", label: t("filters.largestColourChange") },
            ]}
            value={filters.sort}
            onChange={(value) => onFilter("sort", value === "newest" ? null : value)}
          />
        </Box>
        {filters.productId ? (
          <Tag onRemove={() => onFilter("productId", null)}>{t("filters.onlyOneProduct")}</Tag>
        ) : null}
        {props.children}
      </InlineStack>
    </Card>
  );
}
