import { Checkbox, Modal, Text } from "@shopify/polaris";
import { otherCandidatesLabel } from "./candidate-cards";
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
  return (
    <Modal
      open
      title={`Approve ${item.candidate?.label.toLowerCase() ?? "this candidate"} of ${item.productTitle}?`}
      onClose={props.onClose}
      primaryAction={{ content: "Approve", loading: props.busy, onAction: props.onApprove }}
      secondaryActions={[{ content: "Cancel", onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">It is added to the product once Shopify has it.</Text>
        <Checkbox
          label={otherCandidatesLabel(item.candidate?.othersInReview ?? 0)}
          helpText="Their files are deleted from Shopify. Leave this unticked to keep them in review."
          checked={props.rejectSiblings}
          onChange={props.onRejectSiblings}
        />
      </Modal.Section>
    </Modal>
  );
}
