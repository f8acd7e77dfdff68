import type { RenderState } from "@prisma/client";
import { Box, InlineStack, Select, Tag } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";

/** The row above the table: the state to show, and tags that lift the one-product and one-run filters. */
export function HistoryFilters(props: {
  filters: { state: string | null; productId: string | null; runId: string | null };
  stateChoices: readonly RenderState[];
  onFilter: (name: string, value: string | null) => void;
}) {
  const { filters, onFilter } = props;
  const { t } = useTranslation("history");
  return (
    <Box padding="300">
      <InlineStack gap="300" blockAlign="end">
        <Box minWidth="240px">
          <Select
            label={t("filters.state")}
            options={[
              { value: "", label: t("filters.allStates") },
              ...props.stateChoices.map((state) => ({ value: state, label: t(`states:render.${state}`) })),
            ]}
            value={filters.state ?? ""}
            onChange={(value) => onFilter("state", value || null)}
          />
        </Box>
        {filters.productId ? <Tag onRemove={() => onFilter("productId", null)}>{t("filters.oneProduct")}</Tag> : null}
        {filters.runId ? <Tag onRemove={() => onFilter("runId", null)}>{t("filters.oneRun")}</Tag> : null}
      </InlineStack>
    </Box>
  );
}
