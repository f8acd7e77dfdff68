import { Box, InlineStack, Select, Tag } from "@shopify/polaris";

/** The row above the table: the state to show, and tags that lift the one-product and one-run filters. */
export function HistoryFilters(props: {
  filters: { state: string | null; productId: string | null; runId: string | null };
  stateChoices: Array<{ value: string; label: string }>;
  onFilter: (name: string, value: string | null) => void;
}) {
  const { filters, onFilter } = props;
  return (
    <Box padding="300">
      <InlineStack gap="300" blockAlign="end">
        <Box minWidth="240px">
          <Select
            label="State"
            options={[{ value: "", label: "All states" }, ...props.stateChoices]}
            value={filters.state ?? ""}
            onChange={(value) => onFilter("state", value || null)}
          />
        </Box>
        {filters.productId ? <Tag onRemove={() => onFilter("productId", null)}>Only one product</Tag> : null}
        {filters.runId ? <Tag onRemove={() => onFilter("runId", null)}>Only one run</Tag> : null}
      </InlineStack>
    </Box>
  );
}
