import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { formDataOf } from "~/web/forms";
import { optionsToFormFields } from "~/web/render-options-form";
import type { ReviewActionResult, ReviewItem } from "./review.server";
import type { LargeView } from "./use-large-view";

/**
 * Staff's decisions, posted through the page's one fetcher: approve (from the grid, through the question about
 * the other candidates when some are in review), reject, revert, many at once, and regenerate; each answer is
 * shown as a toast.
 */
export function useReviewDecisions(largeView: LargeView) {
  const shopify = useAppBridge();
  const { t } = useTranslation("review");
  const say = useStaffMessage();
  const decision = useFetcher<ReviewActionResult>({ key: "review-decision" });
  const [confirmApprove, setConfirmApprove] = useState<ReviewItem | null>(null);
  const busy = decision.state !== "idle";
  const result = decision.data;
  const { variantIds, position, alt, rejectSiblings, setRejectSiblings, renewRegenerateKey } = largeView;

  // The answer is said once, when it arrives (not again when the language's functions change identity).
  const sayRef = useRef({ say, t });
  sayRef.current = { say, t };
  useEffect(() => {
    if (!result) return;
    const { say, t } = sayRef.current;
    if (result.ok) shopify.toast.show([say(result.message), result.note ? say(result.note) : ""].join(" ").trim());
    else shopify.toast.show(result.formError ? say(result.formError) : t("answers.checkTheForm"), { isError: true });
  }, [result, shopify]);

  const decide = useCallback(
    (
      intent: "approve" | "reject" | "revert",
      item: ReviewItem | undefined,
      withOptions: boolean,
      confirmed = false,
    ) => {
      if (!item || busy) return;
      const hasSiblingsInReview = (item.candidate?.othersInReview ?? 0) > 0;
      // From the grid, a candidate with siblings in review is approved through the question about them.
      if (intent === "approve" && hasSiblingsInReview && !withOptions && !confirmed) {
        setRejectSiblings(true);
        setConfirmApprove(item);
        return;
      }
      const fields: Record<string, string | string[]> = { intent, renderId: item.id };
      if (intent === "approve" && withOptions) {
        fields.variantIds = variantIds;
        fields.position = position;
        fields.alt = alt;
      }
      if (intent === "approve" && hasSiblingsInReview && rejectSiblings) fields.rejectSiblings = "on";
      decision.submit(formDataOf(fields), { method: "post" });
    },
    [busy, decision, variantIds, position, alt, rejectSiblings, setRejectSiblings],
  );

  const decideMany = (intent: "approve-many" | "reject-many", renderIds: string[], leaveOutDrift: boolean) =>
    decision.submit(
      formDataOf({
        intent,
        renderIds,
        ...(intent === "approve-many" && leaveOutDrift ? { leaveOutDrift: "on" } : {}),
      }),
      { method: "post" },
    );

  const regenerate = () => {
    const { openItem, regenerateOptions } = largeView;
    if (!openItem || !regenerateOptions) return;
    decision.submit(
      formDataOf({
        intent: "regenerate",
        renderId: openItem.id,
        requestKey: largeView.regenerateKey,
        ...optionsToFormFields(regenerateOptions),
      }),
      { method: "post" },
    );
  };
  useEffect(() => {
    if (result?.ok && result.intent === "regenerate") renewRegenerateKey();
  }, [result, renewRegenerateKey]);

  return {
    busy,
    result,
    fieldErrors: result && !result.ok ? result.fieldErrors : {},
    decide,
    decideMany,
    regenerate,
    /** The candidate whose approval waits for the answer about its siblings. */
    confirmApprove,
    closeConfirmApprove: () => setConfirmApprove(null),
  };
}

export type ReviewDecisions = ReturnType<typeof useReviewDecisions>;
