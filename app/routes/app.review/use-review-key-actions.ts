import { moveIndex, type ReviewKeyAction } from "./review-keys";
import type { ReviewItem } from "./review.server";
import type { LargeView } from "./use-large-view";
import type { ReviewDecisions } from "./use-review-decisions";
import { useReviewShortcuts } from "./use-review-shortcuts";

/**
 * What each Review shortcut does (review-keys.ts says which key is which): move, approve and reject act on the
 * large view's render while it is open, else on the grid's focused one; open, select and zoom on the focused one.
 */
export function useReviewKeyActions(page: {
  items: ReviewItem[];
  canDecide: boolean;
  focus: number;
  setFocus: (focus: number) => void;
  toggleSelected: (item: ReviewItem) => void;
  largeView: LargeView;
  decide: ReviewDecisions["decide"];
}) {
  const { items, canDecide, focus, setFocus, largeView, decide } = page;
  const { openItem, openIndex, open } = largeView;
  const onShortcut = (action: ReviewKeyAction) => {
    const current = openItem ? openIndex : focus;
    switch (action) {
      case "next":
      case "previous": {
        const next = moveIndex(current, action === "next" ? 1 : -1, items.length);
        if (openItem) open(items[next]);
        else setFocus(next);
        break;
      }
      case "approve":
      case "reject":
        decide(action, items[current], Boolean(openItem));
        break;
      case "open":
        open(items[focus]);
        break;
      case "close":
        largeView.close();
        break;
      case "toggle-select": {
        const item = items[focus];
        if (item && canDecide) page.toggleSelected(item);
        break;
      }
      case "zoom":
        largeView.toggleZoom();
        break;
    }
  };
  useReviewShortcuts({ modalOpen: openItem !== undefined, canDecide }, onShortcut);
}
