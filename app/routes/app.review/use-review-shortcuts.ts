import { useEffect } from "react";
import { reviewKeyAction, type ReviewKeyAction } from "./review-keys";

/**
 * Listens for the Review page's keyboard shortcuts (review-keys.ts says which key does what, and when) and hands
 * each action to the page, which owns the focus, the selection and the large view.
 */
export function useReviewShortcuts(
  context: { modalOpen: boolean; canDecide: boolean },
  onAction: (action: ReviewKeyAction) => void,
) {
  const { modalOpen, canDecide } = context;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const action = reviewKeyAction(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          targetTag: target?.tagName,
          targetEditable: target?.isContentEditable,
        },
        { modalOpen, canDecide },
      );
      if (!action) return;
      event.preventDefault();
      onAction(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [modalOpen, canDecide, onAction]);
}
