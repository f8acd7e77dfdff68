import { Checkbox, Modal, Text } from "@shopify/polaris";
import { useTranslation } from "~/i18n/react";
import type { ReviewItem } from "./review.server";

/** Approving a candidate from the grid while its siblings are in review: asks whether to reject them too. */
export function ApproveCandidateModal(props: {
  item: ReviewItem;
  busy: boolean;
  rejectSiblings: boolean;
  onRejectSiblings: (rejectSiblings: boolean) => void;
  onApprove: () => void;
  onClose: () => void;
}) {
  const { item } = props;
  const { t } = useTranslation("review");
  const candidate = item.candidate
    ? item.candidate.size === null
      ? t("candidates.confirmTitleCandidateAlone", { index: item.candidate.index })
      : t("candidates.confirmTitleCandidate", { index: item.candidate.index, size: item.candidate.size })
    : t("candidates.confirmTitleFallback");
  return (
    <Modal
      open
      title={t("candidates.confirmTitle", { candidate, title: item.productTitle })}
      onClose={props.onClose}
      primaryAction={{ content: t("actions.approve"), loading: props.busy, onAction: props.onApprove }}
      secondaryActions={[{ content: t("common:actions.cancel"), onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">{t("candidates.confirmBody")}</Text>
        <Checkbox
          label={t("candidates.rejectOthers", { count: item.candidate?.othersInReview ?? 0 })}
          helpText={t("candidates.confirmRejectHelp")}
          checked={props.rejectSiblings}
          onChange={props.onRejectSiblings}
        />
      </Modal.Section>
    </Modal>
  );
}
