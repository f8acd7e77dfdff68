import { Modal, TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { useTranslation } from "~/i18n/react";

export const DELETE_RULE_MODAL_ID = "delete-rule-modal";

/** App Bridge's "Delete this rule?" question: what deleting stops, and what stays (its runs, its month's spending). */
export function DeleteRuleModal({ rule, onDelete }: { rule: { name: string } | null; onDelete: () => void }) {
  const shopify = useAppBridge();
  const { t } = useTranslation("automation");
  return (
    <Modal id={DELETE_RULE_MODAL_ID}>
      <p style={{ padding: "16px" }}>{t("deleteModal.body")}</p>
      <TitleBar title={t("deleteModal.title", { name: rule?.name ?? "" })}>
        <button
          variant="primary"
          tone="critical"
          onClick={() => {
            shopify.modal.hide(DELETE_RULE_MODAL_ID);
            onDelete();
          }}
        >
          {t("deleteModal.confirm")}
        </button>
        <button onClick={() => shopify.modal.hide(DELETE_RULE_MODAL_ID)}>{t("deleteModal.keep")}</button>
      </TitleBar>
    </Modal>
  );
}
