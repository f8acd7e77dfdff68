import { ConfirmModal } from "~/components/ConfirmModal";
import { useTranslation } from "~/i18n/react";

export const CANCEL_MODAL_ID = "cancel-run-modal";

/** "Cancel this run?": what cancelling does to renders not started and those at the service. */
export function CancelRunModal({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation("runDetail");
  return (
    <ConfirmModal
      id={CANCEL_MODAL_ID}
      title={t("cancelModal.title")}
      body={t("cancelModal.body")}
      confirm={t("cancelModal.confirm")}
      keep={t("cancelModal.keep")}
      onConfirm={onCancel}
    />
  );
}
