import { Button, ButtonGroup, Checkbox } from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import type { ReviewItem } from "./review.server";

/**
 * What staff can do with the ticked renders: approve them (leaving out those whose colour drifted, unless told
 * otherwise), reject them or clear the selection; with nothing ticked, select the whole page.
 */
export function ReviewSelectionActions(props: {
  items: ReviewItem[];
  selected: ReadonlySet<string>;
  canDecide: boolean;
  busy: boolean;
  onDecideMany: (intent: "approve-many" | "reject-many", renderIds: string[], leaveOutDrift: boolean) => void;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { items, selected, canDecide, busy } = props;
  const { t } = useTranslation("review");
  const [leaveOutDrift, setLeaveOutDrift] = useState(true);
  const driftSelected = items.filter((item) => selected.has(item.id) && item.colour?.verdict === "drift").length;
  const decideMany = (intent: "approve-many" | "reject-many") =>
    props.onDecideMany(intent, [...selected], leaveOutDrift);
  if (canDecide && selected.size > 0) {
    return (
      <ButtonGroup>
        <Button variant="primary" onClick={() => decideMany("approve-many")} loading={busy}>
          {leaveOutDrift && driftSelected > 0
            ? t("actions.approveLeavingDrift", { count: selected.size - driftSelected, drift: driftSelected })
            : t("actions.approveCount", { count: selected.size })}
        </Button>
        <Button tone="critical" onClick={() => decideMany("reject-many")} loading={busy}>
          {t("actions.rejectCount", { count: selected.size })}
        </Button>
        <Button variant="plain" onClick={props.onClear}>
          {t("actions.clearSelection")}
        </Button>
        <Checkbox label={t("actions.leaveOutDrift")} checked={leaveOutDrift} onChange={setLeaveOutDrift} />
      </ButtonGroup>
    );
  }
  if (canDecide && items.length > 0) {
    return (
      <Button variant="plain" onClick={props.onSelectAll}>
        {t("actions.selectAll")}
      </Button>
    );
  }
  return null;
}
