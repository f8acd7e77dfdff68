import { InlineStack, Pagination } from "@shopify/polaris";

/** Newer and older pages of a list paged by cursor (app/renders/listings/render-listings.server.ts makes the cursors). */
export function CursorPagination(props: {
  previousCursor: string | null;
  nextCursor: string | null;
  onPage: (direction: "before" | "after", cursor: string | null) => void;
}) {
  return (
    <InlineStack align="center">
      <Pagination
        hasPrevious={Boolean(props.previousCursor)}
        onPrevious={() => props.onPage("before", props.previousCursor)}
        hasNext={Boolean(props.nextCursor)}
        onNext={() => props.onPage("after", props.nextCursor)}
      />
    </InlineStack>
  );
}
