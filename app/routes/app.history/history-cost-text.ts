import { useFormat, useTranslation } from "~/i18n/react";
import type { HistoryRow } from "./history.server";

/** "5 credits charged, 5 refunded", "5 credits charged", "5 credits when it starts", "Not charged". */
export function useCostText(): (
  row: Pick<HistoryRow, "creditsCost" | "creditsCharged" | "creditsRefunded" | "state">,
) => string {
  const { t } = useTranslation("history");
  const format = useFormat();
  return (row) => {
    if (row.creditsRefunded > 0)
      return t("cost.chargedRefunded", {
        charged: format.credits(row.creditsCharged),
        refunded: format.number(row.creditsRefunded),
      });
    if (row.creditsCharged > 0) return t("cost.charged", { charged: format.credits(row.creditsCharged) });
    if (row.state === "queued") return t("cost.whenStarts", { cost: format.credits(row.creditsCost) });
    return t("cost.notCharged");
  };
}
