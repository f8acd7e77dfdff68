import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";

export const CANCEL_MODAL_ID = "cancel-run-modal";

/** App Bridge's "Cancel this run?" question: what cancelling does to renders not started and those at the service. */
export function CancelRunModal({ onCancel }: { onCancel: () => void }) {
  const shopify = useAppBridge();
  return (
    <Modal id={CANCEL_MODAL_ID}>
      <p style={{ padding: "16px" }}>
        Renders that have not started will be cancelled and cost nothing. Renders already at the service will finish and
        still come to Review.
      </p>
      <TitleBar title="Cancel this run?">
        <button
          variant="primary"
          tone="critical"
          onClick={() => {
            shopify.modal.hide(CANCEL_MODAL_ID);
            onCancel();
          }}
        >
          Cancel run
        </button>
        <button onClick={() => shopify.modal.hide(CANCEL_MODAL_ID)}>Keep running</button>
      </TitleBar>
    </Modal>
  );
}
