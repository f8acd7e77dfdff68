import { InlineStack, Pagination } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";

/** Newer and older pages of a list paged by cursor (app/renders/listings/render-listings.server.ts makes the cursors). */
export function CursorPagination(props: {
  previousCursor: string | null;
  nextCursor: string | null;
  onPage: (direction: "before" | "after", cursor: string | null) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <InlineStack align="center">
      <Pagination
        hasPrevious={Boolean(props.previousCursor)}
        onPrevious={() => props.onPage("before", props.previousCursor)}
        previousTooltip={t("pagination.newer")}
        accessibilityLabels={{ previous: t("pagination.newer"), next: t("pagination.older") }}
        hasNext={Boolean(props.nextCursor)}
        onNext={() => props.onPage("after", props.nextCursor)}
        nextTooltip={t("pagination.older")}
      />
    </InlineStack>
  );
}
