import { InlineGrid } from "@shopify/polaris";
import type { ReviewItem } from "./review.server";
import { reviewBlocksOf } from "./candidate-cards";
import { CandidatesCard, type GridControls } from "./CandidatesCard";
import { ReviewCard } from "./ReviewCard";

/**
 * The page's renders as cards, each beside its source photo, a product's candidates together in one wide card;
 * the focused render is outlined for the shortcuts.
 */
export function ReviewGrid(props: GridControls & { items: ReviewItem[] }) {
  return (
    // Two cards a row on a laptop: each image gets about 280 px, enough to judge a garment's colour and fit.
    <InlineGrid columns={{ xs: 1, md: 2, xl: 3 }} gap="400">
      {reviewBlocksOf(props.items).map((block) =>
        block.kind === "single" ? (
          <ReviewCard
            key={block.item.id}
            item={block.item}
            index={block.index}
            focused={block.index === props.focus}
            selected={props.selected.has(block.item.id)}
            selectable={props.selectable}
            onSelect={props.onSelect}
            onOpen={props.onOpen}
            onApprove={props.onApprove}
            onReject={props.onReject}
            onFilterProduct={props.onFilterProduct}
          />
        ) : (
          <CandidatesCard
            key={block.group}
            members={block.members}
            focus={props.focus}
            selected={props.selected}
            selectable={props.selectable}
            onSelect={props.onSelect}
            onOpen={props.onOpen}
            onApprove={props.onApprove}
            onReject={props.onReject}
            onFilterProduct={props.onFilterProduct}
          />
        ),
      )}
    </InlineGrid>
  );
}
