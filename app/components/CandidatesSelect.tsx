import { Select } from "@shopify/polaris";
import { useFieldErrors, useFormat, useTranslation } from "~/i18n/react";
import { MAX_CANDIDATES } from "~/renders/review/candidates";
import { formatCredits } from "~/web/format";

/** "Candidates" on Generate and Bulk run: 1 to 4 renders to pick the best from in Review, each charged. */
export function CandidatesSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helpText: string;
  error: string | undefined;
}) {
  const { t } = useTranslation("lookFields");
  const { error } = useFieldErrors({ error: props.error });
  const options = Array.from({ length: MAX_CANDIDATES }, (_, index) => ({
    value: String(index + 1),
    label: index === 0 ? t("candidates.single") : t("candidates.several", { count: index + 1 }),
  }));
  return (
    <Select
      label={props.label}
      options={options}
      value={props.value}
      onChange={props.onChange}
      helpText={props.helpText}
      error={error}
    />
  );
}

/** The cost staff see before spending: "3 candidates × 5 credits = 15 credits", or "5 credits" for one. */
export function useCandidatesCostLine(): (candidates: number, creditsPerRender: number) => string {
  const { t } = useTranslation("lookFields");
  const format = useFormat();
  return (candidates, creditsPerRender) => {
    const total = format.credits(candidates * creditsPerRender);
    return candidates === 1
      ? total
      : t("candidates.cost", {
          candidates: t("candidates.count", { count: candidates }),
          perRender: format.credits(creditsPerRender),
          total,
        });
  };
}

/**
 * The same line in English only, for the Generate page until it uses `useCandidatesCostLine` (its translation is
 * another change of issue 28); remove with app/web/format.ts.
 */
export function candidatesCostLine(candidates: number, creditsPerRender: number): string {
  const total = formatCredits(candidates * creditsPerRender);
  return candidates === 1 ? total : `${candidates} candidates × ${formatCredits(creditsPerRender)} = ${total}`;
}
