import { useCallback, useEffect, useMemo, useState } from "react";
import { keepSelected, moveIndex, toggleSelected as toggleSelectedIn } from "./review-keys";
import type { ReviewItem } from "./review.server";

/** The grid's focused render (the shortcuts act on it) and the ticked ones, both kept to the renders on the page. */
export function useReviewSelection(items: ReviewItem[]) {
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const itemIds = useMemo(() => items.map((item) => item.id), [items]);
  useEffect(() => {
    setSelected((current) => keepSelected(current, itemIds));
    setFocus((current) => moveIndex(current, 0, itemIds.length));
  }, [itemIds]);
  // Stable, so ticking one card re-renders that card only (ReviewGrid's cards are memoised: INP on 24 cards).
  const toggleSelected = useCallback(
    (item: ReviewItem) => setSelected((selection) => toggleSelectedIn(selection, item.id)),
    [],
  );
  return {
    focus,
    setFocus,
    selected,
    toggleSelected,
    selectAll: () => setSelected(new Set(itemIds)),
    clearSelection: () => setSelected(new Set()),
  };
}
