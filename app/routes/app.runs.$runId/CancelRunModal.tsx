import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { useTranslation } from "~/i18n/react";

export const CANCEL_MODAL_ID = "cancel-run-modal";

/** App Bridge's "Cancel this run?" question: what cancelling does to renders not started and those at the service. */
export function CancelRunModal({ onCancel }: { onCancel: () => void }) {
  const shopify = useAppBridge();
  const { t } = useTranslation("runDetail");
  return (
    <Modal id={CANCEL_MODAL_ID}>
      <p style={{ padding: "16px" }}>{t("cancelModal.body")}</p>
      <TitleBar title={t("cancelModal.title")}>
        <button
          variant="primary"
          tone="critical"
          onClick={() => {
            shopify.modal.hide(CANCEL_MODAL_ID);
            onCancel();
          }}
        >
          {t("cancelModal.confirm")}
        </button>
        <button onClick={() => shopify.modal.hide(CANCEL_MODAL_ID)}>{t("cancelModal.keep")}</button>
      </TitleBar>
    </Modal>
  );
}
