import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";

/**
 * App Bridge's modal asking staff to confirm a destructive step: a sentence on what it does and what stays, the
 * critical action, and a way to keep things as they are. Shown with `shopify.modal.show(id)`.
 */
export function ConfirmModal(props: {
  id: string;
  title: string;
  body: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
}) {
  const shopify = useAppBridge();
  return (
    <Modal id={props.id}>
      <p style={{ padding: "16px" }}>{props.body}</p>
      <TitleBar title={props.title}>
        <button
          variant="primary"
          tone="critical"
          onClick={() => {
            shopify.modal.hide(props.id);
            props.onConfirm();
          }}
        >
          {props.confirm}
        </button>
        <button onClick={() => shopify.modal.hide(props.id)}>{props.keep}</button>
      </TitleBar>
    </Modal>
  );
}
