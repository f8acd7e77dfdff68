import { Box, Card, InlineStack, Select, Tag } from "@shopify/polaris";
import type { ReactNode } from "react";
import { REVIEW_TEXT } from "./review-text";
import type { ReviewFilters, ReviewPageView } from "./review.server";

const COLOUR_FILTERS = [
  { value: "", label: "Any colour score" },
  ...(["drift", "check", "good", "not_scored"] as const).map((verdict) => ({
    value: verdict,
    label: REVIEW_TEXT.verdictFilter[verdict],
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
  return (
    <Card>
      <InlineStack gap="400" blockAlign="end" wrap>
        <Box minWidth="220px">
          <Select
            label="Show"
            options={STATE_FILTERS}
            value={filters.state}
            onChange={(value) => onFilter("state", value)}
          />
        </Box>
        <Box minWidth="260px">
          <Select
            label="Run"
            options={[
              { value: "", label: "All renders" },
              ...props.runs.map((run) => ({ value: run.id, label: run.label })),
            ]}
            value={filters.runId ?? ""}
            onChange={(value) => onFilter("runId", value || null)}
          />
        </Box>
        <Box minWidth="200px">
          <Select
            label="Colour"
            options={COLOUR_FILTERS}
            value={filters.colour ?? ""}
            onChange={(value) => onFilter("colour", value || null)}
          />
        </Box>
        <Box minWidth="240px">
          <Select
            label="Sort"
            options={SORTS}
            value={filters.sort}
            onChange={(value) => onFilter("sort", value === "newest" ? null : value)}
          />
        </Box>
        {filters.productId ? <Tag onRemove={() => onFilter("productId", null)}>Only one product</Tag> : null}
        {props.children}
      </InlineStack>
    </Card>
  );
}
