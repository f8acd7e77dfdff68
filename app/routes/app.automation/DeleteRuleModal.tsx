import { ConfirmModal } from "~/components/ConfirmModal";
import { useTranslation } from "~/i18n/react";

export const DELETE_RULE_MODAL_ID = "delete-rule-modal";

/** "Delete this rule?": what deleting stops, and what stays (its runs, its month's spending). */
export function DeleteRuleModal({ rule, onDelete }: { rule: { name: string } | null; onDelete: () => void }) {
  const { t } = useTranslation("automation");
  return (
    <ConfirmModal
      id={DELETE_RULE_MODAL_ID}
      title={t("deleteModal.title", { name: rule?.name ?? "" })}
      body={t("deleteModal.body")}
      confirm={t("deleteModal.confirm")}
      keep={t("deleteModal.keep")}
      onConfirm={onDelete}
    />
  );
}
