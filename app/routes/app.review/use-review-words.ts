import { useCallback } from "react";
import { useTranslation } from "~/i18n/react";
import type { ReviewAsked } from "./review-asked";
import type { ReviewCandidate } from "./review.server";

/**
 * The sentences Review builds from data in more than one place: a candidate's number ("Candidate 2 of 3") and what
 * a render was asked for ("Top (t-shirt) · Amara · Front, relaxed · Studio white · 2K · 3:4"). Catalog names are
 * the service's (data); the garment and the phrases standing in for names the catalog lacks are ours.
 */
export function useReviewWords() {
  const { t } = useTranslation("review");
  const candidateLabel = useCallback(
    (candidate: Pick<ReviewCandidate, "index" | "size">) =>
      candidate.size === null
        ? t("candidates.labelAlone", { index: candidate.index })
        : t("candidates.label", { index: candidate.index, size: candidate.size }),
    [t],
  );
  const askedLine = useCallback(
    (asked: ReviewAsked) => {
      // A garment type or category the files do not know yet is shown as the service names it.
      const type = t(`asked.garment.${asked.productType}`, { defaultValue: asked.productType });
      const garment = asked.productCategory
        ? t("asked.garmentWithCategory", {
            garment: type,
            category: t(`options:productCategory.${asked.productCategory}`, {
              defaultValue: asked.productCategory.replaceAll("_", " "),
            }),
          })
        : type;
      const background =
        asked.background.kind === "default"
          ? t("asked.defaultBackground")
          : asked.background.kind === "own"
            ? t("asked.ownBackground")
            : (asked.background.name ?? t("asked.lookBackground"));
      return t("asked.line", {
        garment,
        model: asked.model ?? t("asked.lookModel"),
        pose: asked.pose ?? t("asked.lookPose"),
        background,
        resolution: asked.resolution,
        aspectRatio: asked.aspectRatio,
      });
    },
    [t],
  );
  return { candidateLabel, askedLine };
}
